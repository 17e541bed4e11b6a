import { z } from 'zod/mini';
import { AUTH_MESSAGES } from './auth-session.ts';
import { emailSchema } from './email.ts';
import { newPasswordSchema, PASSWORD_MAX_LENGTH } from './password.ts';

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
