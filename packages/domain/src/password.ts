import { z } from 'zod/mini';

export const PASSWORD_MIN_LENGTH = 8;
/**
 * The symbols accepted as a password's special character, on both portals: the research spec's set
 * (research §5), which is the consumer spec's plus the comma. One account type must not refuse a password
 * the other accepts, and nobody is refused a password that either spec allows.
 */
export const PASSWORD_SYMBOLS = '!@#$%^&*()+=._-,';

/** The password rules, said up front so nobody has to learn them from an error. */
export const PASSWORD_HINT = `Use at least ${PASSWORD_MIN_LENGTH} characters, including a number and one of these symbols: ${[
  ...PASSWORD_SYMBOLS,
].join(' ')}`;

export const PASSWORD_MESSAGES = {
  tooShort: 'Password needs to be at least 8 characters long.',
  noSymbol: 'Password needs to have at least one special character',
  noNumber: 'Password needs to have at least one number character',
  mismatch: 'Password and confirm password do not match.',
  wrongCurrent: 'Please enter the correct current password.',
} as const;

/** Every rule a new password breaks, in the order the spec lists them. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (![...password].some((c) => PASSWORD_SYMBOLS.includes(c))) problems.push(PASSWORD_MESSAGES.noSymbol);
  if (!/[0-9]/.test(password)) problems.push(PASSWORD_MESSAGES.noNumber);
  return problems;
}

/** Argon2 cost grows with input; a cap keeps a hostile 1 MB password from tying up the server. */
export const PASSWORD_MAX_LENGTH = 128;

export const newPasswordSchema = z.string().check(
  z.maxLength(PASSWORD_MAX_LENGTH, `Password can be at most ${PASSWORD_MAX_LENGTH} characters long.`),
  z.superRefine((value, ctx) => {
    const [first] = passwordProblems(value);
    if (first) ctx.addIssue({ code: 'custom', message: first });
  }),
);
