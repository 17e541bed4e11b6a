import { ORDER_MESSAGES, paymentTechnicalMessage } from '@portal/domain';
import { ApiError } from '../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';

/**
 * Consumer §8 payment errors: 402 is the rejected text, 500 the technical text followed by the support
 * phone, and anything else (a card-token error, a changed price, a refused replacement) the server's
 * or the card provider's own message.
 */
export function paymentErrorText(error: unknown, supportPhone: string): string {
  if (error instanceof ApiError) {
    if (error.status === 402) return ORDER_MESSAGES.paymentRejected;
    if (error.status >= 500) return paymentTechnicalMessage(supportPhone);
    return error.message;
  }
  return error instanceof Error ? error.message : CLIENT_MESSAGES.unexpected;
}

/** No answer (network), a gateway that gave up waiting, or the first request still running. */
const UNSETTLED_STATUSES = new Set([0, 502, 503, 504]);

/**
 * Whether the order may have reached the server without its answer coming back. Then a retry must
 * send the same request with the same Idempotency-Key, so it can never be paid twice. Any other
 * answer is definite, and the next attempt is a new one with a new key.
 */
export function mayHaveReachedServer(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    UNSETTLED_STATUSES.has(error.status) ||
    (error.status === 409 && error.message === ORDER_MESSAGES.inProgress)
  );
}
