import { USER_TYPES } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';
import { useSession } from './session.ts';

const optionalText = z.string().nullish();

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
  parentConsented: z.boolean().nullable(),
  agreeToDataUsage: z.boolean().nullish(),
  addressLine1: optionalText,
  addressLine2: optionalText,
  suburb: optionalText,
  state: optionalText,
  postcode: optionalText,
  country: optionalText,
  provider: optionalText,
  gnafId: optionalText,
  externalIdentifier: optionalText,
  authorities: z.array(z.string()).default([]),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export function currentUserQueryKey(userId: string | null) {
  return ['users', 'me', userId] as const;
}

export function useCurrentUser() {
  const { userId } = useSession();
  return useQuery({
    queryKey: currentUserQueryKey(userId),
    queryFn: ({ signal }) => apiRequest('/users/me', { auth: 'required', signal }, currentUserSchema),
    enabled: userId !== null,
  });
}
