import { z } from 'zod';
import {
  CONSENT_ACTORS,
  CONSENT_DOCUMENTS,
  CONSENT_PAGES,
  documentVersionInfoSchema,
  RESEARCH_USES,
} from './consent-ledger.ts';

/**
 * "Consents and communication" (issue 23): every consent a person answered, with its history, and the
 * categories of email they may switch off. Transactional and security email (verification, password
 * reset, account closure, "your data is ready", receipts) is always sent and has no category.
 */

// ---- Consents ----

/** One answer in a consent's history: given, refused, or a withdrawal of consent given earlier. */
export const CONSENT_ANSWERS = ['AGREED', 'DECLINED', 'WITHDRAWN'] as const;
export type ConsentAnswer = (typeof CONSENT_ANSWERS)[number];

export const myConsentAnswerSchema = z.object({
  answer: z.enum(CONSENT_ANSWERS),
  /** The version of the document answered. */
  version: z.string(),
  at: z.string(),
  /** Who answered: the person, or their guardian (issue 36). */
  actor: z.enum(CONSENT_ACTORS),
  /** The page the answer was given through; null for answers from before it was kept. */
  page: z.enum(CONSENT_PAGES).nullable(),
});
export const myConsentSchema = z.object({
  consentId: z.number().int(),
  /** The document's title, e.g. Future Insight Program. */
  title: z.string(),
  /** The document's current version (an answer may be to an earlier one). */
  currentVersion: z.string(),
  /** The latest answer: what holds now. */
  latest: myConsentAnswerSchema,
  /** Whether the latest answer is consent that can be withdrawn. */
  withdrawable: z.boolean(),
  /** Every answer, newest first. */
  history: z.array(myConsentAnswerSchema),
  document: z.enum(CONSENT_DOCUMENTS),
  /** Every version of the document, oldest first: each can be read, and two compared. */
  versions: z.array(documentVersionInfoSchema),
  /** A material change awaits the person's answer. */
  reconsentDue: z.boolean(),
});
export type MyConsent = z.infer<typeof myConsentSchema>;
export const myConsentsSchema = z.object({
  consents: z.array(myConsentSchema),
  /** Whether the person's data may be used in research now (issue 36). */
  researchUse: z.enum(RESEARCH_USES),
});
export type MyConsents = z.infer<typeof myConsentsSchema>;

export const CONSENT_ANSWER_TEXT: Record<ConsentAnswer, string> = {
  AGREED: 'Agreed',
  DECLINED: 'Declined',
  WITHDRAWN: 'Withdrawn',
};

export const MY_CONSENTS_TEXTS = {
  title: 'Your consents',
  intro:
    'Every consent you have given or refused, with the version of the document and when you answered. You can withdraw a consent at any time; what you agreed to before stays on record.',
  empty: 'You have not answered any consent yet.',
  tableCaption: (title: string) => `Your answers to ${title}`,
  withdraw: 'Withdraw consent',
  confirmTitle: (title: string) => `Withdraw your consent to ${title}?`,
  confirmText:
    'From now on we will not use your data for this purpose. Data already used in research before today cannot be taken back out of finished studies.',
  confirm: 'Withdraw',
  cancel: 'Keep my consent',
  withdrawn: (title: string) => `Your consent to ${title} is withdrawn.`,
  loadFailed: 'We could not load your consents. Please try again later.',
  notGiven: 'You have not given this consent, so there is nothing to withdraw.',
  notFound: 'You have not answered this consent.',
} as const;

// ---- Email preferences ----

export const EMAIL_CATEGORIES = [
  'KIT_PROGRESS',
  'QUESTIONNAIRE_REMINDERS',
  'RESEARCH_NEWS',
  'OFFERS',
] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

export const EMAIL_CATEGORY_TEXT: Record<EmailCategory, { label: string; description: string }> = {
  KIT_PROGRESS: {
    label: 'Kit progress',
    description:
      'When your kit is on its way, when the lab receives your sample, and when results are ready.',
  },
  QUESTIONNAIRE_REMINDERS: {
    label: 'Questionnaire reminders',
    description: 'A reminder when a questionnaire of one of your kits is still open.',
  },
  RESEARCH_NEWS: {
    label: 'Research news',
    description: 'News of the studies you take part in and of what research finds.',
  },
  OFFERS: {
    label: 'Offers',
    description: 'Offers and discounts on kits and subscriptions.',
  },
};

/**
 * What a person gets before they choose: the emails about their own kits and studies, but no offers
 * until they ask for them (consent to marketing is opt-in).
 */
export const EMAIL_CATEGORY_DEFAULTS: Record<EmailCategory, boolean> = {
  KIT_PROGRESS: true,
  QUESTIONNAIRE_REMINDERS: true,
  RESEARCH_NEWS: true,
  OFFERS: false,
};

export const emailPreferenceSchema = z.object({
  category: z.enum(EMAIL_CATEGORIES),
  subscribed: z.boolean(),
  /** When the person last chose; null while the default holds. */
  updatedAt: z.string().nullable(),
});
export const emailPreferencesSchema = z.object({ preferences: z.array(emailPreferenceSchema) });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

const MISSING_CHOICE = 'Choose at least one email category to change.';
/** PUT /api/me/email-preferences: the categories to change, each on or off; the others stay. */
export const emailPreferencesUpdateSchema = z
  .strictObject(
    Object.fromEntries(
      EMAIL_CATEGORIES.map((c) => [c, z.boolean({ error: `${c} must be true or false.` }).optional()]),
    ) as Record<EmailCategory, z.ZodOptional<z.ZodBoolean>>,
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `There is no email category ${issue.keys.join(', ')}. The categories are ${EMAIL_CATEGORIES.join(', ')}.`
          : undefined,
    },
  )
  .refine((value) => Object.values(value).some((v) => v !== undefined), { error: MISSING_CHOICE });
export type EmailPreferencesUpdate = z.infer<typeof emailPreferencesUpdateSchema>;

/** What the unsubscribe page shows before the person confirms: the category, and whether it is off. */
export const unsubscribeInfoSchema = z.object({
  category: z.enum(EMAIL_CATEGORIES),
  subscribed: z.boolean(),
});
export const unsubscribeResultSchema = z.object({
  category: z.enum(EMAIL_CATEGORIES),
  subscribed: z.literal(false),
  message: z.string(),
});

export const EMAIL_PREFERENCES_TEXTS = {
  title: 'Emails we send you',
  intro:
    'Choose which emails you get. Emails about your account and its security (verifying your email, resetting your password, closing your account, your data download) and receipts are always sent.',
  save: 'Save email choices',
  saved: 'Your email choices are saved.',
  loadFailed: 'We could not load your email choices. Please try again later.',
  /** The footer line of a non-transactional email. */
  mailFooter: (label: string) =>
    `You get this email because "${label}" emails are on in My Profile. Unsubscribe from them with one click:`,
  mailUnsubscribe: (label: string) => `Unsubscribe from ${label.toLowerCase()} emails`,
  pageTitle: 'Unsubscribe',
  pageQuestion: (label: string) => `Stop sending you ${label.toLowerCase()} emails?`,
  pageButton: 'Unsubscribe',
  pageDone: (label: string) =>
    `You will no longer get ${label.toLowerCase()} emails. You can turn them on again in My Profile.`,
  pageAlready: (label: string) =>
    `You already get no ${label.toLowerCase()} emails. You can turn them on again in My Profile.`,
  invalidLink:
    'This unsubscribe link is not valid or has expired. Sign in to choose your emails in My Profile.',
  missingToken: 'This page needs the unsubscribe link from one of our emails.',
} as const;
