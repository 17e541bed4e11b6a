import { z } from 'zod/mini';

/** The one error shape every API failure uses. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The answer of a route whose only result is a sentence for the person (a confirmation). */
export const messageResponseSchema = z.object({ message: z.string() });

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

/** What a support user viewing a person's portal is told when they try to change anything (design.md §6). */
export const SUPPORT_VIEW_READ_ONLY = 'Support view is read-only';
/** A support view's next request after the person it views closed their account (issue 32). */
export const SUPPORT_VIEW_ACCOUNT_CLOSED =
  'This support view has ended: the person closed their account. Return to your own account.';
