import { PASSWORD_MIN_LENGTH, PASSWORD_SYMBOLS } from '@portal/domain';

/** The password rules, said up front so nobody has to learn them from an error. */
export const PASSWORD_HINT = `Use at least ${PASSWORD_MIN_LENGTH} characters, including a number and one of these symbols: ${[
  ...PASSWORD_SYMBOLS,
].join(' ')}`;
