import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE } from './email.ts';

/** Research §8 and §5 texts of the public recruitment pages. */
export const RECRUITMENT_MESSAGES = {
  saved: 'Thank you, your response has been submitted',
  saveFailed: 'Failed to save response, please try again.',
  chooseOption: 'Please select an option before submitting.',
  invalidPhone: (name: string) => `Field ${name} is invalid phone number.`,
  unsubscribed: 'Thanks. You have been unsubscribed from research project news.',
  missingToken: 'Missing or invalid token',
  unsubscribeErrorTitle: 'Error during unsubscribe',
  eoiSaved: 'Thank you, your details have been submitted',
  eoiValidate:
    'We have sent you an email. Please open it to validate your email address (check your spam folder if it has not arrived).',
  eoiDuplicate:
    'Your email has been used to express interest in this study already. Please check your inbox for further instructions on study screening and eligibility',
  terminated: 'This study is no longer recruiting. Thank you for your interest.',
  notFound: 'We could not find this consent. Please use the link from your email.',
  validateFirst:
    'Please validate your email first: open the link in the email we sent you when you registered your interest (check your spam folder if it has not arrived).',
  required: 'This field is required.',
  invalidEmail: INVALID_EMAIL_MESSAGE,
} as const;

export const CANDIDATE_LIMITS = { name: 25, phone: 25, eoiEmail: 100 } as const;
export const PHONE_COUNTRIES = ['AU', 'NZ'] as const;

/** Research §5: AU and NZ numbers only, AU by default (a local number is read as Australian). */
export function isValidStudyPhone(phone: string): boolean {
  const value = phone.trim();
  if (!value) return false;
  // A number without a country code is read as Australian first, then as a New Zealand one.
  return PHONE_COUNTRIES.some((country) => {
    const parsed = parsePhoneNumberFromString(value, country);
    return Boolean(
      parsed?.isValid() && parsed.country && (PHONE_COUNTRIES as readonly string[]).includes(parsed.country),
    );
  });
}

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, RECRUITMENT_MESSAGES.required)
    .max(CANDIDATE_LIMITS.name, `${label} can be at most ${CANDIDATE_LIMITS.name} characters long.`);

const phone = (label: string) =>
  z
    .string()
    .trim()
    .max(CANDIDATE_LIMITS.phone, RECRUITMENT_MESSAGES.invalidPhone(label))
    .refine(isValidStudyPhone, RECRUITMENT_MESSAGES.invalidPhone(label));

export const candidateDetailsSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: z
    .string()
    .trim()
    .min(1, RECRUITMENT_MESSAGES.required)
    .max(254)
    .pipe(z.email(RECRUITMENT_MESSAGES.invalidEmail)),
  phoneNumber: phone('Phone number'),
});

/** put recruitment candidate consent. */
export const consentAnswerSchema = candidateDetailsSchema.extend({
  consented: z.boolean({ error: RECRUITMENT_MESSAGES.chooseOption }),
});

/** post recruitment candidate: the expression of interest (EOI email max 100). */
export const expressionOfInterestSchema = candidateDetailsSchema.extend({
  email: z
    .string()
    .trim()
    .min(1, RECRUITMENT_MESSAGES.required)
    .max(CANDIDATE_LIMITS.eoiEmail, RECRUITMENT_MESSAGES.invalidEmail)
    .pipe(z.email(RECRUITMENT_MESSAGES.invalidEmail)),
  sendEmail: z.union([z.literal(1), z.literal(0), z.boolean()]).default(1),
  recruitmentId: z.number().int().positive(),
});

/** The consent page's button: 'Save & Continue' while another consent follows, else 'Submit'. */
export const consentButtonLabel = (consent: { nextConsentId: number | null }) =>
  consent.nextConsentId ? 'Save & Continue' : 'Submit';

/** The thank-you step follows the last consent after this delay (research §9). */
export const THANKS_DELAY_MS = 1000;

/** A consent of a recruitment's chain as the candidate reads it; the console shows the same words. */
export const recruitmentConsentWordsSchema = z.object({
  id: z.number(),
  title: z.string(),
  htmlContent: z.string(),
  agreeLabel: z.string(),
  disagreeLabel: z.string(),
  url: z.string().nullable(),
  thanksResponse: z.string().nullable(),
});
export type RecruitmentConsentWords = z.infer<typeof recruitmentConsentWordsSchema>;
/** Who a candidate is, as the consent page greets them and the console lists them. */
export const candidateContactSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
});
export type CandidateContact = z.infer<typeof candidateContactSchema>;

export const recruitmentConsentSchema = recruitmentConsentWordsSchema.extend({
  userResponse: z.boolean().nullable(),
  isTerminated: z.boolean(),
  nextConsentId: z.number().nullable(),
  candidate: candidateContactSchema,
});
export type RecruitmentConsent = z.infer<typeof recruitmentConsentSchema>;

/** get recruitment: the study a consent link belongs to. */
export const recruitmentStudySchema = z.object({
  id: z.number(),
  title: z.string(),
  isTerminated: z.boolean(),
});

/** put recruitment candidate consent: the next consent of the chain, or the thank-you text at its end. */
export const consentAnsweredSchema = z.object({
  nextConsentId: z.number().nullable(),
  thanksResponse: z.string().nullable(),
});
export type ConsentAnswered = z.infer<typeof consentAnsweredSchema>;

/** Whether a candidate's emailed link still holds. */
export const candidateValidatedSchema = z.object({ validated: z.boolean() });

/** Who an unsubscribe link is for, and whether they already unsubscribed. */
export const recruitmentUnsubscribeInfoSchema = z.object({
  firstName: z.string(),
  unsubscribed: z.boolean(),
});
