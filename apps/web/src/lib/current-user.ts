import { USER_TYPES } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from './api-client.ts';
import { useSession } from './session.ts';

const optionalText = z.nullish(z.string());

/** GET /api/users/me. Several screens and the layout need the signed-in user, so it lives here. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: optionalText,
  dateOfBirth: optionalText,
  phoneNumber: optionalText,
  underAge: z.boolean(),
  guardian: z.boolean(),
  guardianFirstName: optionalText,
  guardianLastName: optionalText,
  userType: z.enum(USER_TYPES),
  parentConsented: z.nullable(z.boolean()),
  agreeToDataUsage: z.nullish(z.boolean()),
  addressLine1: optionalText,
  addressLine2: optionalText,
  suburb: optionalText,
  state: optionalText,
  postcode: optionalText,
  country: optionalText,
  provider: optionalText,
  gnafId: optionalText,
  externalIdentifier: optionalText,
  authorities: z._default(z.array(z.string()), []),
  /** The profile's version, sent back with a save so a stale tab cannot undo another's (409). */
  version: z.optional(z.number()),
  /** What the sign-in gates ask about (meSchema): only GET answers them, a profile save does not. */
  reconsentPending: z.optional(z.boolean()),
  handoverOpen: z.optional(z.boolean()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export function currentUserQueryKey(userId: string | null) {
  return ['users', 'me', userId] as const;
}

/** The query for the signed-in user; main.tsx starts it as soon as a restored session is known. */
export function currentUserQuery(userId: string | null) {
  // A plain object, not queryOptions(): that would split a chunk of its own off the first load.
  return {
    queryKey: currentUserQueryKey(userId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest('/users/me', { auth: 'required', signal }, currentUserSchema),
    enabled: userId !== null,
    // The layout, the route guards and the page each read it as a screen first shows; without this, the
    // page's chunk arriving after the layout's answer asked again. Saves invalidate it (profile api).
    staleTime: 10_000,
  };
}

export function useCurrentUser() {
  return useQuery(currentUserQuery(useSession().userId));
}
