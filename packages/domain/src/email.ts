import { z } from 'zod/mini';

// Its own module: the sign-in form checks an email address on the first load, which should not carry
// the registration rules (registration.ts) with it.

export const EMAIL_MAX_LENGTH = 254;

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/** An email address as the portal stores it: trimmed, checked, lower case. */
export const emailSchema = z.pipe(
  z.pipe(
    z.string().check(z.trim(), z.maxLength(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE)),
    z.email({ message: INVALID_EMAIL_MESSAGE }),
  ),
  z.transform((email: string) => email.toLowerCase()),
);
