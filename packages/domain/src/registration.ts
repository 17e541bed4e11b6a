import { z } from 'zod/mini';
import { emailSchema, INVALID_EMAIL_MESSAGE } from './email.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, passwordProblems } from './password.ts';
import { USER_TYPES } from './user-type.ts';

/** Step 0 of registration: who the account is for. */
export const ACCOUNT_TYPES = ['adult', 'parent', 'minor'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  adult: 'I am an adult (18 or over)',
  parent: 'I am a parent or guardian setting up an account for my child or dependant',
  minor: 'I am under 18',
};

export function accountFlags(type: AccountType): { underAge: boolean; guardian: boolean } {
  return { underAge: type === 'minor', guardian: type === 'parent' };
}

export const REGISTRATION_MESSAGES = {
  selectionRequired: 'A selection is required',
  pleaseFillOut: 'Please fill out',
  invalidEmail: INVALID_EMAIL_MESSAGE,
  emailMismatch: 'Email and confirm email do not match.',
  success:
    'Thank you for registering. We have sent a confirmation email to {email}. Please click the link in it to verify your account.',
  /**
   * Not in the spec's words (issue 36): the sign-up page showed a terms or privacy version that is no
   * longer the current one; nothing was created.
   */
  legalChanged:
    'Our Terms of Use or Privacy Policy changed while you were signing up. Please read the current version below and create your account again.',
} as const;

/**
 * The sign-up page's agreement (issue 36): creating the account is agreeing to the terms and privacy
 * versions it names, recorded in the consent ledger.
 */
export const REGISTRATION_AGREEMENT_TEXTS = {
  before: 'By creating an account you agree to our ',
  terms: 'Terms of Use',
  and: ' and our ',
  privacy: 'Privacy Policy',
  version: (version: string) => ` (version ${version})`,
} as const;

/** The names the 'Please fill out' message lists, in the spec's order. */
export const REGISTRATION_FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  password: 'Password',
  accountType: 'Your age',
} as const;

export const NAME_MAX_LENGTH = 25;

export type RegistrationDraft = {
  accountType?: AccountType | null;
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  password: string;
  confirmPassword: string;
};

/** Labels of the required registration items that are still empty. */
export function missingRegistrationFields(draft: RegistrationDraft): string[] {
  const missing: string[] = [];
  if (!draft.firstName.trim()) missing.push(REGISTRATION_FIELD_LABELS.firstName);
  if (!draft.lastName.trim()) missing.push(REGISTRATION_FIELD_LABELS.lastName);
  if (!draft.email.trim()) missing.push(REGISTRATION_FIELD_LABELS.email);
  if (!draft.password) missing.push(REGISTRATION_FIELD_LABELS.password);
  if (!draft.accountType) missing.push(REGISTRATION_FIELD_LABELS.accountType);
  return missing;
}

export function pleaseFillOutMessage(missing: string[]): string {
  return `${REGISTRATION_MESSAGES.pleaseFillOut} ${missing.join(', ')}`;
}

export type RegistrationProblems = {
  form?: string;
  fields: Partial<Record<keyof RegistrationDraft, string>>;
};

/**
 * Checks the whole registration form the way the browser shows it: first the list of empty
 * items, then one message per field that is filled in but wrong.
 */
export function checkRegistration(draft: RegistrationDraft): RegistrationProblems {
  const fields: RegistrationProblems['fields'] = {};
  const missing = missingRegistrationFields(draft);
  if (!draft.accountType) fields.accountType = REGISTRATION_MESSAGES.selectionRequired;
  if (draft.firstName.trim().length > NAME_MAX_LENGTH)
    fields.firstName = `First name can be at most ${NAME_MAX_LENGTH} characters long.`;
  if (draft.lastName.trim().length > NAME_MAX_LENGTH)
    fields.lastName = `Last name can be at most ${NAME_MAX_LENGTH} characters long.`;
  if (draft.email.trim() && !emailSchema.safeParse(draft.email).success)
    fields.email = REGISTRATION_MESSAGES.invalidEmail;
  if (draft.email.trim().toLowerCase() !== draft.confirmEmail.trim().toLowerCase())
    fields.confirmEmail = REGISTRATION_MESSAGES.emailMismatch;
  if (draft.password) {
    const [problem] = passwordProblems(draft.password);
    if (problem) fields.password = problem;
    else if (draft.password.length > PASSWORD_MAX_LENGTH)
      fields.password = `Password can be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  }
  if (draft.password !== draft.confirmPassword) fields.confirmPassword = PASSWORD_MESSAGES.mismatch;
  return missing.length ? { form: pleaseFillOutMessage(missing), fields } : { fields };
}

const nameSchema = (label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required.`),
      z.maxLength(NAME_MAX_LENGTH, `${label} can be at most ${NAME_MAX_LENGTH} characters long.`),
    );

/**
 * Consumer §3: the referral lookup at registration returns the practitioner's first and last name
 * (zod/mini like the rest of registration, so the register page stays light).
 */
export const registrationReferralSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  referralCode: z.string(),
});
export type RegistrationReferral = z.infer<typeof registrationReferralSchema>;

/** The optional referral field of registration step 1 (the spec gives the call, not the wording). */
export const REGISTRATION_REFERRAL_TEXTS = {
  label: 'Referral code (optional)',
  hint: 'If a practitioner referred you, enter their code.',
  found: (firstName: string, lastName: string) => `Referred by ${firstName} ${lastName}.`,
} as const;

/** The body of the register call (postUser); the server checks it with the same rules. */
export const registerRequestSchema = z.object({
  email: emailSchema,
  password: z.string().check(
    z.maxLength(PASSWORD_MAX_LENGTH, `Password can be at most ${PASSWORD_MAX_LENGTH} characters long.`),
    z.superRefine((value, ctx) => {
      const [first] = passwordProblems(value);
      if (first) ctx.addIssue({ code: 'custom', message: first });
    }),
  ),
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  underAge: z._default(z.boolean(), false),
  guardian: z._default(z.boolean(), false),
  userType: z._default(z.enum(USER_TYPES), 'CONSUMER'),
  referralCode: z.optional(z.string().check(z.trim(), z.maxLength(32))),
  participantCode: z.optional(z.string().check(z.trim(), z.maxLength(32))),
  /**
   * The terms and privacy versions the sign-up page showed (issue 36): recorded as agreed to; a version
   * that is no longer the current one is refused (409). Without them, the current versions are recorded.
   */
  termsVersion: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  privacyVersion: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
