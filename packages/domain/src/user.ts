import { z } from 'zod';
import { USER_TYPES } from './user-type.ts';

/** What the API answers about the person's own account. */
export const ACCOUNT_MESSAGES = {
  /** The signed-in person's account is gone (deleted since the token was issued). */
  notFound: 'Your account could not be found.',
  /** An account with that email address exists already. */
  emailTaken: 'A user with that email already exists.',
  /** A profile save from a tab that loaded an older version (issue 33 item 16). */
  staleProfile:
    'Your profile was changed in another window. We have loaded the latest version; please check and save again',
} as const;

export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;

/** The signed-in person as the API returns them (getUser). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(GENDERS).nullable(),
  dateOfBirth: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  underAge: z.boolean(),
  guardian: z.boolean(),
  guardianFirstName: z.string().nullable(),
  guardianLastName: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  parentConsented: z.boolean().nullable(),
  agreeToDataUsage: z.boolean().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string(),
  provider: z.string().nullable(),
  gnafId: z.string().nullable(),
  externalIdentifier: z.string().nullable(),
  referralCode: z.string().nullable(),
  participantCode: z.string().nullable(),
  authorities: z.array(z.string()),
  /** The profile's version: a save sends the one it loaded, and a stale one is refused (409). */
  version: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

/**
 * GET /api/users/me: the user, and what the portal asks them at sign-in, so the first signed-in load
 * reads one thing instead of three (GET /api/me/re-consent and GET /api/me/handover give the details).
 */
export const meSchema = userSchema.extend({
  /** A document changed materially since they agreed, not answered yet: the re-consent gate asks. */
  reconsentPending: z.boolean(),
  /** An open turning-18 handover: the handover gate asks. */
  handoverOpen: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;
