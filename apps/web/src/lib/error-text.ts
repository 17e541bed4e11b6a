import { KIT_MESSAGES } from '@portal/domain';
import { ApiError } from './api-client.ts';
import { CLIENT_MESSAGES } from './messages.ts';

/** Consumer §8: a failed kit call shows the server's message. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : CLIENT_MESSAGES.unexpected;
}

/** Consumer §8: a voucher the server does not know (404) reads as the invalid-voucher text. */
export function voucherErrorText(error: unknown): string {
  return error instanceof ApiError && error.status === 404 ? KIT_MESSAGES.invalidVoucher : errorText(error);
}
