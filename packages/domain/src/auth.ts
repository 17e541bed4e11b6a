import { z } from 'zod/mini';
import { emailSchema } from './email.ts';
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from './password.ts';

/** The web app refreshes the access token when it is this close to expiry. */
export const REFRESH_THRESHOLD_SECONDS = 300;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export const AUTH_MESSAGES = {
  loginFailed: 'The email or password you entered is incorrect. Please try again or reset your password.',
  loginLocked:
    'Too many unsuccessful sign-in attempts. Please wait 15 minutes before trying again, or reset your password.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  emailNotVerified:
    'Please verify your email address before signing in. We can send you a new verification link.',
  verified: 'Your account has been verified. You can now sign in.',
  verifyMissingToken: 'Could not verify token',
  verifyExpired: 'This verification link has expired. Enter your email below and we will send you a new one.',
  verifyInvalid:
    'This verification link is not valid or has already been used. If you have not verified yet, we can send you a new link.',
  verificationSent: 'If an unverified account exists for that email, we have sent a new verification link.',
  resetMissingToken: 'Could not parse token',
  resetRequested:
    'If an account exists for that email, we have sent a link to reset your password. Please check your inbox.',
  resetInvalid: 'This password reset link has expired or has already been used. Please request a new one.',
  resetDone: 'Your password has been reset. Please sign in with your new password.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** The sign-in page a gift email's redeem link brought a guest to (issue 33 item 24). Here, not with
   * the kit messages: the kit rules would join /login's first load (22 KB gzip). */
  giftSignIn:
    'Someone has given you a kit. Sign in to redeem it, or create an account if you are new here: the gift waits for you.',
} as const;

export const loginRequestSchema = z.object({
  email: z
    .string()
    .check(z.trim(), z.toLowerCase(), z.minLength(1, 'Please enter your email.'), z.maxLength(254)),
  password: z.string().check(z.minLength(1, 'Please enter your password.'), z.maxLength(PASSWORD_MAX_LENGTH)),
});

export const loginResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.int(),
  user_id: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The answer that opens a support view: the view's token, for the person, the support user as actor. */
export const supportViewTokenSchema = z.object({
  access_token: z.string(),
  expires_in: z.number(),
  user_id: z.string(),
  actor_id: z.string(),
});
export type SupportViewToken = z.infer<typeof supportViewTokenSchema>;

/**
 * A refresh through the HttpOnly cookie answers without the new refresh token: it goes back into the
 * cookie only, out of reach of script on the page (decision 002). A refresh token sent in the body is
 * answered like a sign-in.
 */
export const sessionResponseSchema = z.object({
  access_token: z.string(),
  expires_in: z.int(),
  user_id: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export const refreshResponseSchema = z.object({
  ...sessionResponseSchema.shape,
  refresh_token: z.optional(z.string()),
});

export const emailOnlySchema = z.object({ email: emailSchema });
export const tokenOnlySchema = z.object({
  token: z.string().check(z.minLength(1, AUTH_MESSAGES.verifyMissingToken), z.maxLength(200)),
});
/**
 * Emailed tokens are base64url (43 characters as issued). A reset link whose token is anything else
 * cannot be parsed (consumer §8: 'Could not parse token').
 */
export const EMAIL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,200}$/;
export const isParsableToken = (token: string) => EMAIL_TOKEN_PATTERN.test(token);

export const resetPasswordSchema = z.object({
  token: z
    .string()
    .check(
      z.minLength(1, AUTH_MESSAGES.resetMissingToken),
      z.regex(EMAIL_TOKEN_PATTERN, AUTH_MESSAGES.resetMissingToken),
    ),
  password: newPasswordSchema,
});
