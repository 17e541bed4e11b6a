import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, passwordProblems } from './password.ts';

/**
 * The consent ledger (issue 36): every version of every consent, terms and privacy document, and every
 * answer a person gives to one of them. Texts a person reads, and the mails it sends, live here.
 */

/** What kind of document: a study or research consent (STUDY publishes), the terms or the privacy policy (ADMIN). */
export const CONSENT_DOCUMENTS = ['CONSENT', 'TERMS', 'PRIVACY'] as const;
export type ConsentDocument = (typeof CONSENT_DOCUMENTS)[number];

/** Who gave an answer: the person, or the guardian for a child. */
export const CONSENT_ACTORS = ['SELF', 'GUARDIAN'] as const;
export type ConsentActor = (typeof CONSENT_ACTORS)[number];

/** The pages an answer can be given through. */
export const CONSENT_PAGES = [
  'PROFILE',
  'RE_CONSENT',
  'HANDOVER',
  'ACCOUNT_CLOSURE',
  'REGISTRATION',
] as const;
export type ConsentPage = (typeof CONSENT_PAGES)[number];

/** INITIAL: the version that stood before the console published any; MATERIAL asks again; MINOR tells. */
export const VERSION_CHANGES = ['INITIAL', 'MATERIAL', 'MINOR'] as const;
export type VersionChange = (typeof VERSION_CHANGES)[number];

/** Whether the person's data may be used in research now: given and current, given but paused, or not given. */
export const RESEARCH_USES = ['ACTIVE', 'PAUSED', 'OFF'] as const;
export type ResearchUse = (typeof RESEARCH_USES)[number];

export const documentVersionInfoSchema = z.object({
  version: z.string(),
  /** YYYY-MM-DD, or null for a version published before effective dates were kept. */
  effectiveDate: z.string().nullable(),
  /** Staff's plain-language "what changed" ('' for the first version). */
  summary: z.string(),
  change: z.enum(VERSION_CHANGES),
  publishedAt: z.string().nullable(),
});
export type DocumentVersionInfo = z.infer<typeof documentVersionInfoSchema>;

export const documentVersionSchema = documentVersionInfoSchema.extend({
  consentId: z.number().int(),
  document: z.enum(CONSENT_DOCUMENTS),
  title: z.string(),
  /** Plain text; paragraphs separated by a blank line. */
  text: z.string(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const versionComparisonSchema = z.object({
  consentId: z.number().int(),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  /** The two texts word by word: SAME in both, REMOVED only in `from`, ADDED only in `to`. */
  parts: z.array(z.object({ text: z.string(), change: z.enum(['SAME', 'ADDED', 'REMOVED']) })),
});
export type VersionComparison = z.infer<typeof versionComparisonSchema>;

/** A document the person must agree to again before the research use resting on it goes on. */
export const reconsentItemSchema = z.object({
  consentId: z.number().int(),
  document: z.enum(CONSENT_DOCUMENTS),
  title: z.string(),
  version: z.string(),
  effectiveDate: z.string().nullable(),
  /** What changed in each version since the person last answered, newest first. */
  changes: z.array(z.object({ version: z.string(), summary: z.string() })),
  text: z.string(),
  agreeLabel: z.string(),
  disagreeLabel: z.string(),
});
export type ReconsentItem = z.infer<typeof reconsentItemSchema>;
export const reconsentSchema = z.object({ pending: z.array(reconsentItemSchema) });
export type Reconsent = z.infer<typeof reconsentSchema>;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** What staff send to publish a new version. */
export const publishVersionSchema = z.object({
  version: z
    .string({ error: 'Please enter a version, e.g. 2.0.' })
    .trim()
    .min(1, 'Please enter a version, e.g. 2.0.')
    .max(40, 'A version can be at most 40 characters.')
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
      'A version may hold letters, digits, dots, dashes and underscores.',
    ),
  text: z
    .string({ error: 'Please enter the text of the new version.' })
    .trim()
    .min(1, 'Please enter the text of the new version.')
    .max(100_000, 'The text can be at most 100,000 characters.'),
  effectiveDate: z
    .string({ error: 'Please enter the date the version takes effect.' })
    .regex(isoDate, 'Please enter the date the version takes effect as YYYY-MM-DD.')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'That date does not exist.'),
  summary: z
    .string({ error: 'Please say in plain words what changed.' })
    .trim()
    .min(1, 'Please say in plain words what changed.')
    .max(2000, 'The summary can be at most 2,000 characters.'),
  change: z.enum(['MATERIAL', 'MINOR'], { error: 'Please choose whether the change is material or minor.' }),
});
export type PublishVersion = z.infer<typeof publishVersionSchema>;

/** What the operator sends to add a consent document (ops, and journeys that need one of their own). */
export const newConsentDocumentSchema = z.object({
  title: z.string().trim().min(1).max(200),
  text: z.string().trim().min(1).max(100_000),
  version: publishVersionSchema.shape.version,
  agreeLabel: z.string().trim().min(1).max(200),
  disagreeLabel: z.string().trim().min(1).max(200),
  /** Whether the research use of a person's data rests on it (mirrored to agree_to_data_usage). */
  governsResearchUse: z.boolean().default(false),
});
export type NewConsentDocument = z.infer<typeof newConsentDocumentSchema>;

export const staffDocumentSchema = z.object({
  consentId: z.number().int(),
  document: z.enum(CONSENT_DOCUMENTS),
  title: z.string(),
  currentVersion: z.string(),
  versions: z.array(documentVersionInfoSchema),
});
export const staffDocumentsSchema = z.object({ documents: z.array(staffDocumentSchema) });
export type StaffDocuments = z.infer<typeof staffDocumentsSchema>;
export const publishedVersionSchema = z.object({
  version: documentVersionSchema,
  /** How many people must agree again (MATERIAL) or were told (both). */
  affected: z.number().int(),
});

export const CONSENT_ACTOR_TEXT: Record<ConsentActor, string> = {
  SELF: 'You',
  GUARDIAN: 'Your parent or guardian',
};
export const CONSENT_PAGE_TEXT: Record<ConsentPage, string> = {
  PROFILE: 'My Profile',
  RE_CONSENT: 'Agreeing again after a change',
  HANDOVER: 'Taking over your account',
  ACCOUNT_CLOSURE: 'Closing your account',
  REGISTRATION: 'Creating your account',
};
export const RESEARCH_USE_TEXT: Record<ResearchUse, string> = {
  ACTIVE: 'Your de-identified data may be used in research, as you agreed.',
  PAUSED:
    'Research use of your data is paused until you agree to the new version of a document you agreed to before.',
  OFF: 'Your data is not used in research.',
};

export const CONSENT_LEDGER_TEXTS = {
  researchUseTitle: 'Research use of your data',
  who: 'Who answered',
  page: 'Through',
  pageUnknown: 'Not recorded',
  openVersion: (version: string) => `Read version ${version}`,
  versionTitle: (title: string, version: string) => `${title}, version ${version}`,
  effective: (date: string) => `Effective ${date}`,
  whatChanged: 'What changed',
  compareTitle: 'Compare two versions',
  compareFrom: 'Older version',
  compareTo: 'Newer version',
  compare: 'Compare',
  compareSame: 'Please choose two different versions.',
  compareCaption: (from: string, to: string) => `Version ${from} beside version ${to}`,
  added: 'added',
  removed: 'removed',
  close: 'Close',
  noVersion: (version: string) => `There is no version ${version} of this document.`,
  noDocument: 'There is no such document.',
  // Re-consent at sign-in.
  reconsentTitle: 'Some documents you agreed to have changed',
  reconsentIntro:
    'Please read what changed and tell us whether you agree. Until you agree, we pause the research use that rests on your earlier agreement. The rest of the portal works as before.',
  reconsentLater: 'Decide later',
  reconsentAgreed: (title: string) => `Thank you. You agreed to the new version of ${title}.`,
  reconsentDeclined: (title: string) =>
    `You did not agree to the new version of ${title}. We will not use your data for it.`,
  readFullText: 'Read the full text',
  reviewNow: 'Review the changes',
  allDone: 'You have answered every change. Thank you.',
  continue: 'Continue to the portal',
  // Staff console.
  consoleTitle: 'Documents and versions',
  publish: 'Publish new version',
  published: (title: string, version: string, affected: number) =>
    `Version ${version} of ${title} is published. ${affected} ${affected === 1 ? 'person' : 'people'} will be told.`,
  adminOnly: 'Only an administrator can publish a new version of the terms or the privacy policy.',
  versionExists: (version: string) =>
    `Version ${version} already exists. Please choose a new version number.`,
} as const;

/** The mails the ledger sends (through the outbox; the notification centre may take these texts over). */
export const CONSENT_LEDGER_MAIL = {
  materialSubject: (title: string) => `Please review the new version of ${title}`,
  material: (title: string, version: string, summary: string) => [
    `We have published version ${version} of ${title}. What changed: ${summary}`,
    'Please sign in to read it and tell us whether you agree. Until you do, we pause the research use of your data that rests on your earlier agreement. Everything else in the portal works as before.',
  ],
  minorSubject: (title: string) => `We have updated ${title}`,
  minor: (title: string, version: string, summary: string) => [
    `We have published version ${version} of ${title}. What changed: ${summary}`,
    'You do not need to do anything. You can read every version in My Profile under Your consents.',
  ],
  action: 'Open My Profile',
} as const;

// ---- Turning 18 (issue 36 item 3) ----

export const HANDOVER_KINDS = ['MINOR', 'GUARDIAN'] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];
/** Days after the 18th birthday that research use resting on the guardian's consent goes on without an answer. */
export const HANDOVER_GRACE_DAYS = 30;
/**
 * How far back the daily turning-18 job looks for a birthday it missed (decision 062): a job down
 * for up to a week still starts those handovers, while people who were adults before the job first ran are
 * never started by it (an operator starts one on request: `npm run ops -- handover:start`).
 */
export const HANDOVER_CATCH_UP_DAYS = 7;

export const handoverSchema = z.object({
  firstName: z.string(),
  kind: z.enum(HANDOVER_KINDS),
  turns18On: z.string(),
  /** The consents the guardian gave: the young adult may agree to each in their own name. */
  consents: z.array(
    z.object({ consentId: z.number().int(), title: z.string(), version: z.string(), text: z.string() }),
  ),
  /** The email confirmation was sent: only the code is awaited. */
  awaitingCode: z.boolean(),
});
export type Handover = z.infer<typeof handoverSchema>;

export const HANDOVER_TEXTS = {
  title: 'Take over your account',
  intro: (firstName: string) =>
    `Happy birthday, ${firstName}. You are 18 now, so this account becomes yours: your own email, your own password, and your own answers to the consents your parent or guardian gave for you. Your results stay as they are.`,
  email: 'Your own email',
  password: 'Your new password',
  consentsTitle: 'Consents your parent or guardian gave for you',
  consentsIntro:
    'Tick each one you agree to in your own name. Research use that rests only on your guardian’s consent pauses 30 days after your birthday unless you agree.',
  agree: (title: string) => `I agree to ${title}`,
  submit: 'Send me a confirmation code',
  codeSent: (email: string) => `We sent a 6-digit code to ${email}. Enter it below to finish.`,
  code: 'Confirmation code',
  confirm: 'Take over my account',
  done: 'The account is yours now. Sign in with your own email and password.',
  signIn: 'Sign in',
  notFound: 'This handover link is not valid, or the handover is already done.',
  wrongCode: 'That code is not right. Please check the email and try again.',
  emailTaken: 'That email already belongs to another account. Please use another email.',
  banner: 'You are 18 now: take over your account with your own email and password.',
  bannerAction: 'Take over now',
} as const;

/** The signed-in person's open handover, if any (GET /api/me/handover): what the portal asks at sign-in. */
export const myHandoverSchema = z.object({
  handover: z
    .object({
      /** MINOR: the signed-in holder is the young adult; GUARDIAN: the guardian, whose child turned 18. */
      kind: z.enum(HANDOVER_KINDS),
      firstName: z.string(),
      turns18On: z.string(),
    })
    .nullable(),
});
export type MyHandover = z.infer<typeof myHandoverSchema>;

/** The page shown at the first sign-in after the 18th birthday (issue 36 item 3, "at next sign-in"). */
export const HANDOVER_PROMPT_TEXTS = {
  title: 'You are 18 now',
  intro: (firstName: string) =>
    `Happy birthday, ${firstName}. You are 18 now, so you can take over this account in your own name: your own email, your own password, and your own answers to the consents your parent or guardian gave for you.`,
  results:
    'Your results stay as they are. Research use that rests on your guardian’s consent pauses 30 days after your birthday unless you agree in your own name.',
  how: 'To make sure it is you, we send a link to take over to the email address of this account. Open it to choose your email and password.',
  start: 'Send me the link to take over',
  sent: 'We sent a link to take over your account to the email address of this account. Open it to finish. It replaces any earlier link.',
  later: 'Decide later',
  guardianTitle: (firstName: string) => `${firstName} is 18 now`,
  guardianNotice: (firstName: string) =>
    `${firstName} turned 18, so this account passes to them. We have offered them the handover by email: they, not you, take it over with their own email and password.`,
  guardianEnds: 'Your access to the account ends when they do. Until then, the portal works as before.',
  guardianContinue: 'Continue',
  none: 'There is no handover waiting for this account.',
  guardianOnly: 'Only the young adult can take over this account, from the link sent by email.',
} as const;

export const HANDOVER_MAIL = {
  youngAdultSubject: (firstName: string) => `${firstName}, your account is ready to be yours`,
  youngAdult: (firstName: string) => [
    `Happy 18th birthday, ${firstName}. Your account can now be yours: confirm your own email, set your own password and tell us in your own name which consents you agree to.`,
    'Until you do, your results stay as they are. Research use that rests on your guardian’s consent pauses 30 days after your birthday unless you agree in your own name.',
    'If this email reached your parent or guardian, please ask them to forward it to you.',
  ],
  guardianSubject: (firstName: string) => `${firstName} is 18: the account passes to them`,
  guardian: (firstName: string) => [
    `${firstName} turned 18. We have asked them to take over the account with their own email and password.`,
    'Your access to the account ends when they do.',
  ],
  endedSubject: (firstName: string) => `${firstName} has taken over their account`,
  ended: (firstName: string) => [
    `${firstName} has taken over their account. Your access to it has ended, and you have been signed out.`,
  ],
  codeSubject: 'Your confirmation code',
  code: (code: string) => [`Your confirmation code is ${code}. It confirms this email for your account.`],
  action: 'Take over your account',
} as const;

export const handoverSubmitSchema = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email address.').max(254),
  password: z.string().superRefine((value, ctx) => {
    const [first] = passwordProblems(value);
    if (first) ctx.addIssue({ code: 'custom', message: first });
    if (value.length > PASSWORD_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', message: 'That password is too long.' });
  }),
  agreedConsentIds: z.array(z.number().int().positive()).max(50),
});
export const handoverConfirmSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit code from the email.'),
});
