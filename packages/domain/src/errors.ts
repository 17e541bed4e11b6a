import type { ApiError } from './error-schemas.ts';

// No zod here (the schemas are in error-schemas.ts): the web app's API client reads these on every first
// load, /login's included, and a module's zod schemas come along with any of its exports (120 KB budget).

/**
 * A failure's body read as apiErrorSchema reads it, without zod (error-schemas.test.ts holds them
 * equal): the web app reads every failure with it, on the first load too, where zod's core would cost
 * 16 KB gzip. Null for any other body.
 */
export function readApiError(payload: unknown): ApiError | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const { message, code, fields } = payload as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string') return null;
  if (fields === undefined) return { message, code };
  const plain =
    typeof fields === 'object' &&
    fields !== null &&
    [Object.prototype, null].includes(Object.getPrototypeOf(fields));
  if (!plain || !Object.values(fields).every((value) => typeof value === 'string')) return null;
  return { message, code, fields: { ...(fields as Record<string, string>) } };
}

export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountLocked: 'ACCOUNT_LOCKED',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  tokenExpired: 'TOKEN_EXPIRED',
  tokenInvalid: 'TOKEN_INVALID',
  refreshExpired: 'REFRESH_TOKEN_EXPIRED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
  paymentRejected: 'PAYMENT_REJECTED',
  paymentFailed: 'PAYMENT_FAILED',
  cardError: 'CARD_ERROR',
  idempotencyConflict: 'IDEMPOTENCY_CONFLICT',
  supportViewReadOnly: 'SUPPORT_VIEW_READ_ONLY',
} as const;

/**
 * The staff console's error codes (a second factor's, so the web app knows which screen to show, and a
 * session ended for the member). Here, not in staff.ts: the API client reads them on every first load,
 * /login's included, and staff.ts's schemas would bring classic zod along (10 KB gzip).
 */
export const STAFF_ERROR_CODES = {
  notStaff: 'NOT_STAFF',
  secondFactorRequired: 'SECOND_FACTOR_REQUIRED',
  enrolmentRequired: 'SECOND_FACTOR_ENROLMENT_REQUIRED',
  /** Ten wrong codes: a recovery code or an ADMIN unlocks (issue 32). */
  secondFactorLocked: 'SECOND_FACTOR_LOCKED',
  /** The session was ended for the member (an ADMIN's forced sign-out, or the account disabled). */
  sessionEnded: 'STAFF_SESSION_ENDED',
} as const;

/** What a support user viewing a person's portal is told when they try to change anything (design.md §6). */
export const SUPPORT_VIEW_READ_ONLY = 'Support view is read-only';
/** A support view's next request after the person it views closed their account (issue 32). */
export const SUPPORT_VIEW_ACCOUNT_CLOSED =
  'This support view has ended: the person closed their account. Return to your own account.';
