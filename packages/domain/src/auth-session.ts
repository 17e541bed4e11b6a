import type { LoginResponse, SessionResponse } from './auth.ts';

/*
 * What the sign-in page and the web app's session need of the auth rules, without zod. zod's core is
 * 16 KB gzip, and /login's first load has a 120 KB budget (decision 034): the sign-in form's check and
 * the answers the session reads are written out here, and auth-session.test.ts holds each equal to the
 * zod schema the API uses (loginRequestSchema, sessionResponseSchema, loginResponseSchema,
 * messageResponseSchema). Nothing here may import zod, nor a module that does.
 */

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

/** A check's outcome in the shape of zod's safeParse, so the web app's forms take either. */
export type CheckResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/** An answer's check, in the shape apiRequest takes (zod's schemas have the same `parse`). */
export type AnswerReader<T> = { parse: (data: unknown) => T };

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// EMAIL_MAX_LENGTH and PASSWORD_MAX_LENGTH: email.ts and password.ts hold zod schemas, which would come
// along with an import (auth-session.test.ts checks that the figures agree).
const EMAIL_MAX = 254;
const PASSWORD_MAX = 128;

/** zod's default English message for a string over `max` characters. */
const tooLong = (max: number) => `Too big: expected string to have <=${max} characters`;

/** The sign-in form's check (loginRequestSchema): the email trimmed and in lower case, both present. */
export const loginRequestCheck = {
  safeParse(values: { email: string; password: string }): CheckResult<{ email: string; password: string }> {
    const email = values.email.trim().toLowerCase();
    const { password } = values;
    const issues: { path: PropertyKey[]; message: string }[] = [];
    if (email.length < 1) issues.push({ path: ['email'], message: 'Please enter your email.' });
    if (email.length > EMAIL_MAX) issues.push({ path: ['email'], message: tooLong(EMAIL_MAX) });
    if (password.length < 1) issues.push({ path: ['password'], message: 'Please enter your password.' });
    if (password.length > PASSWORD_MAX) issues.push({ path: ['password'], message: tooLong(PASSWORD_MAX) });
    return issues.length
      ? { success: false, error: { issues } }
      : { success: true, data: { email, password } };
  },
};

/** An answer reader from a function that gives null for a wrong shape; a wrong answer throws. */
function reader<T>(name: string, read: (data: Fields) => T | null): AnswerReader<T> {
  return {
    parse(data) {
      const value = isObject(data) ? read(data) : null;
      if (value === null) throw new TypeError(`The server's answer is not ${name}`);
      return value;
    },
  };
}

function readSession({ access_token, expires_in, user_id }: Fields): SessionResponse | null {
  return typeof access_token === 'string' && Number.isSafeInteger(expires_in) && typeof user_id === 'string'
    ? { access_token, expires_in: expires_in as number, user_id }
    : null;
}

/** A refresh's answer (sessionResponseSchema). */
export const sessionResponse = reader('a session', readSession);

/** A sign-in's answer (loginResponseSchema). */
export const loginResponse = reader('a sign-in', (data): LoginResponse | null => {
  const session = readSession(data);
  return session && typeof data.refresh_token === 'string'
    ? { ...session, refresh_token: data.refresh_token }
    : null;
});

/** An answer that is only a sentence for the person (messageResponseSchema). */
export const messageResponse = reader('a message', ({ message }) =>
  typeof message === 'string' ? { message } : null,
);
