import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE } from './email.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, passwordProblems } from './password.ts';
import { ADULT_AGE, ageOn } from './under-age.ts';
import { GENDERS } from './user.ts';

export const AU_STATES = ['ACT', 'NSW', 'NT', 'SA', 'TAS', 'QLD', 'VIC', 'WA'] as const;
export const PROFILE_LIMITS = { name: 25, phone: 15, address: 40, postcode: 4 } as const;
export const DEFAULT_COUNTRY = 'AU';
/** Research §9: a date of birth more than 120 years ago is refused. */
export const MAX_AGE_YEARS = 120;

export const PROFILE_MESSAGES = {
  fixHighlighted: 'Please fill out or correct the highlighted fields',
  supplyConsentForm: 'Please supply a signed parental consent form',
  provideDataConsent: 'Please provide consent for {product} Future Insight Program.',
  saved: 'Saved successfully.',
  /** Not in the spec's words: why the dashboard sent the person here (consumer §4). */
  completeToContinue: 'Please complete your profile. Your dashboard opens once it is saved.',
  missingDobTitle: 'Missing Date Of Birth',
  missingDobText: 'Please update your date of birth.',
  dobMismatchTitle: 'Your Date of Birth is Incorrect',
  dobMismatchText: 'The date of birth you entered does not match your profile. Do you want to continue?',
  consentSaveFailed: 'Unable to save consent response, please contact support.',
  required: 'This field is required.',
  invalidDate: 'Please enter a valid date as DD/MM/YYYY.',
  futureDate: 'The date of birth cannot be in the future.',
  tooOld: `The date of birth cannot be more than ${MAX_AGE_YEARS} years ago.`,
  invalidState: 'Please choose a state: ACT, NSW, NT, SA, TAS, QLD, VIC or WA.',
  invalidPostcode: 'The postcode must be exactly 4 digits.',
  invalidPhone: 'Please enter a valid phone number.',
  invalidGender: 'Please choose a gender.',
  maxLength: (max: number) => `This field can be at most ${max} characters long.`,
  /** Not in the spec's words: a save that does not name the version it loaded (issue 33 item 16). */
  versionRequired:
    'Please send the version of the profile you loaded (version). Reload your profile and save again.',
} as const;

/** Router state of the dashboard's redirect to an incomplete profile: where the first save leads back to. */
export type ProfileReturn = { returnTo: string };

/** The dashboard path the first save returns to; anything else (or another site) is ignored. */
export function profileReturnPath(state: unknown): string | null {
  const returnTo = (state as Partial<ProfileReturn> | null)?.returnTo;
  return typeof returnTo === 'string' && /^\/dashboard(\?|$)/.test(returnTo) ? returnTo : null;
}

export const CONSENT_MESSAGES = {
  uploadSuccess: 'Thank you, your form has been successfully submitted.',
  uploadFailure: 'Failed to upload your consent form. Please contact {product} for more information.',
  requestUnderway: 'A request is already underway',
  emailSent:
    'The consent form has been sent to the email provided. Once signed, you will need to upload below in My Profile',
  fileTooLarge: 'The file size must be less than 1MB',
  wrongFileType: 'Please upload the signed form as a PDF, PNG or JPEG file.',
  fileNameInvalid: 'Please rename the file: its name must not contain folders or special characters.',
  oneFileOnly: 'Please upload one file only: the signed form as a single PDF, PNG or JPEG.',
  unreadable:
    'This file could not be read as a PDF. Please save or scan the signed form again and upload it as a PDF, PNG or JPEG file.',
  notUnderAge: 'A parental consent form is only needed for under-age accounts.',
  parentEmailRequired: 'Please enter the parent or guardian email address.',
  parentEmailInvalid: INVALID_EMAIL_MESSAGE,
} as const;

/** The parental consent form as My Profile shows it (issue 34 item 12): its state, and a decline's reason. */
export const parentalConsentStatusSchema = z.object({
  state: z.enum(['NONE', 'PENDING', 'APPROVED', 'DECLINED']),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});
export type ParentalConsentStatus = z.infer<typeof parentalConsentStatusSchema>;

export const PARENTAL_CONSENT_TEXTS = {
  declined: 'We could not accept the signed consent form you sent, for this reason:',
  declinedNext: 'Please upload a new signed form below.',
  pending: 'Thank you: we have your signed form and will review it soon.',
} as const;

/** Uploaded consent forms must be under 1 MB (limit 1024 KB). */
export const CONSENT_FILE_MAX_BYTES = 1024 * 1024;
/**
 * One result of the address finder, with the finder's own field names (consumer §3 "Address"). The
 * fields the portal does not fill in from may be missing.
 */
export const addressSuggestionSchema = z.object({
  address_line_1: z.string(),
  address_line_2: z.string().nullish(),
  locality_name: z.string(),
  state_territory: z.string(),
  postcode: z.string(),
  country: z.string().nullish(),
  gnaf_id: z.string().nullish(),
  external_identifier: z.string().nullish(),
  full_address: z.string(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

/** The data-usage consent flow shown on the profile. */
export const PROFILE_CONSENT_FLOW_ID = 3;

/** get consent flow: a flow's consents, each with the person's response to its current version. */
export const consentFlowSchema = z.object({
  id: z.number(),
  name: z.string(),
  consents: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      htmlContent: z.string(),
      agreeLabel: z.string(),
      disagreeLabel: z.string(),
      version: z.string(),
      response: z.object({ consented: z.boolean(), respondedAt: z.string() }).nullable(),
    }),
  ),
});
export type ConsentFlow = z.infer<typeof consentFlowSchema>;

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** DD/MM/YYYY → YYYY-MM-DD, or null when it is not a real calendar date. */
export function parseDisplayDate(value: string): string | null {
  const match = DMY.exec(value.trim());
  if (!match) return null;
  const [, dd, mm, yyyy] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (date.getUTCFullYear() !== Number(yyyy) || date.getUTCMonth() !== Number(mm) - 1) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** YYYY-MM-DD → DD/MM/YYYY for display. */
export function formatDisplayDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

const limited = (max: number) => z.string().trim().max(max, PROFILE_MESSAGES.maxLength(max));
export const required = (max: number) => limited(max).min(1, PROFILE_MESSAGES.required);
const optionalText = (max: number) =>
  limited(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** An ISO date of birth that is real, not in the future and not more than 120 years ago. */
export const dateOfBirthSchema = z.iso.date(PROFILE_MESSAGES.invalidDate).superRefine((iso, ctx) => {
  const today = new Date();
  const todayIso = today.toISOString().slice(0, 10);
  if (iso > todayIso) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.futureDate });
  else if (ageOn(iso, today) > MAX_AGE_YEARS)
    ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.tooOld });
});

export const addressSchema = z.object({
  addressLine1: required(PROFILE_LIMITS.address),
  addressLine2: optionalText(PROFILE_LIMITS.address),
  suburb: required(PROFILE_LIMITS.address),
  state: z.enum(AU_STATES, PROFILE_MESSAGES.invalidState),
  postcode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, PROFILE_MESSAGES.invalidPostcode),
  country: z.string().trim().length(2).default(DEFAULT_COUNTRY),
  provider: z
    .literal('AF')
    .nullish()
    .transform((v) => v ?? null),
  gnafId: optionalText(40),
  externalIdentifier: optionalText(80),
});
export type Address = z.infer<typeof addressSchema>;

const profileFields = addressSchema.extend({
  firstName: required(PROFILE_LIMITS.name),
  lastName: required(PROFILE_LIMITS.name),
  gender: z.enum(GENDERS, PROFILE_MESSAGES.invalidGender),
  dateOfBirth: dateOfBirthSchema,
  phoneNumber: required(PROFILE_LIMITS.phone).regex(/^\+?[0-9 ()-]{6,15}$/, PROFILE_MESSAGES.invalidPhone),
  guardianFirstName: optionalText(PROFILE_LIMITS.name),
  guardianLastName: optionalText(PROFILE_LIMITS.name),
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  newPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});

/** A new password must be a good one, and needs the current password. */
function checkPasswordChange(
  p: { password?: string | undefined; newPassword?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (p.newPassword === undefined) return;
  const [problem] = passwordProblems(p.newPassword);
  if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
  if (!p.password)
    ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.wrongCurrent });
}

/** What the profile form checks: every field of a save but its version (the form adds the one it loaded). */
export const profileFieldsSchema = profileFields.superRefine(checkPasswordChange);
export type ProfileFieldsInput = z.input<typeof profileFieldsSchema>;

/** The profile save (putUser). Guardian names are required only for under-age users (checked in refine). */
export const profileSchema = profileFields
  .extend({
    /**
     * The version the form loaded (GET /users/me), required: without it a save from an older window
     * could undo a newer one unnoticed (400); an older one is refused with 409.
     */
    version: z
      .number(PROFILE_MESSAGES.versionRequired)
      .int(PROFILE_MESSAGES.versionRequired)
      .positive(PROFILE_MESSAGES.versionRequired),
  })
  .superRefine(checkPasswordChange);
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;

/** Guardian names are required when the person is under age (the server knows the flag). */
export function guardianNameProblems(p: {
  guardianFirstName: string | null;
  guardianLastName: string | null;
}) {
  const fields: Record<string, string> = {};
  if (!p.guardianFirstName) fields.guardianFirstName = PROFILE_MESSAGES.required;
  if (!p.guardianLastName) fields.guardianLastName = PROFILE_MESSAGES.required;
  return fields;
}

/**
 * Consumer §5 "On save": guardians skip the age check; otherwise the question is asked when the
 * under-age flag and the age from the date of birth disagree.
 */
export function dateOfBirthMismatch(
  user: { underAge: boolean; guardian: boolean },
  dateOfBirth: string,
  today: Date = new Date(),
): boolean {
  if (user.guardian) return false;
  const minorByDate = ageOn(dateOfBirth, today) < ADULT_AGE;
  return user.underAge !== minorByDate;
}

/** The form-level message of a profile save, after field checks pass (consumer §5 "On save"). */
export function profileSaveBlocker(state: {
  underAge: boolean;
  parentConsented: boolean | null;
  consentSkipped: boolean;
  agreeToDataUsage: boolean | null;
  consentResponseGiven: boolean;
}): string | null {
  if (state.underAge && state.parentConsented === false && !state.consentSkipped)
    return PROFILE_MESSAGES.supplyConsentForm;
  if (state.agreeToDataUsage === null && !state.consentResponseGiven && !state.underAge)
    return PROFILE_MESSAGES.provideDataConsent;
  return null;
}

/** The ids of a chosen suggestion no longer apply once the address is edited away from it. */
type AddressLines = {
  addressLine1: string;
  addressLine2?: string | null | undefined;
  suburb: string;
  state: string;
  postcode: string;
};

export function addressMatchesSuggestion(address: AddressLines, suggestion: AddressLines): boolean {
  const norm = (v: string | null | undefined) => (v ?? '').trim().toUpperCase();
  return (['addressLine1', 'addressLine2', 'suburb', 'state', 'postcode'] as const).every(
    (k) => norm(address[k]) === norm(suggestion[k]),
  );
}
