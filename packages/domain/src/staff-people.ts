import { z } from 'zod';
import { CLOSURE_SCOPES, CLOSURE_TEXTS, closureSchema } from './account-closure.ts';
import { dataExportSchema } from './data-rights.ts';
import { keysetPageSchema } from './keyset-page.ts';
import { DELIVERY_STATUSES } from './notifications.ts';

/**
 * The console's People (issue 24, SUPPORT): find a person by email, name, phone, kit or order; their
 * page; and the support actions, each audited.
 */
export const PEOPLE_PAGE_SIZE = 25;
export const CONSENT_REJECT_REASON_MAX = 500;

export const PEOPLE_MESSAGES = {
  queryRequired:
    'Type an email, a name, a phone number, a kit (KIT-12, a sample id or a voucher) or an order (ORD-000012).',
  personNotFound: 'There is no account with that id.',
  badCursor: 'This list has changed since it was loaded. Search again.',
  alreadyVerified: 'This email address is verified already.',
  verificationSent: 'A new verification email is on its way.',
  resetSent: 'A password reset link is on its way. Support never sets a password.',
  noPendingForm: 'There is no parental consent form waiting for review.',
  notUnderAge: 'This account is not under age; there is no parental consent to review.',
  reasonRequired: 'Give the reason for declining: the person needs it to send a better form.',
  reasonTooLong: `A reason can be at most ${CONSENT_REJECT_REASON_MAX} characters long.`,
  noStaffView: 'Staff accounts have no portal to view.',
  notYourself: 'You cannot open a support view of your own account.',
  exportStarted:
    'The export is being prepared. The person gets an email when it is ready and downloads it signed in.',
  exportInProgress:
    'An export of this person’s data is already being prepared. They get an email when it is ready.',
  closureStarted:
    'The account is closed: the person is signed out everywhere and cannot sign in again. The rest is done in the background, and they get a confirmation email.',
  staffAccount: 'This is a staff account. Exports and closures here are for customers and participants.',
  alreadyClosed: 'This account is closed already.',
  exportAlreadyStarted:
    'An export of this person’s data was started a few minutes ago: they get one email for it. Nothing new was started.',
  callerChecksRequired:
    'Check who is calling first: tick each item once the caller has confirmed it. Nothing was started.',
} as const;

/**
 * What support checks of a caller before an export or a closure by phone (issue 34 item 13): every item,
 * recorded with the action in the audit log.
 */
export const CALLER_CHECKS = {
  NAME: 'Their full name matches the account',
  DATE_OF_BIRTH: 'Their date of birth matches the account',
  EMAIL: 'They gave the email address of the account',
  PHONE_OR_ADDRESS: 'Their phone number or postal address matches the account',
} as const;
export type CallerCheck = keyof typeof CALLER_CHECKS;
export const CALLER_CHECK_IDS = Object.keys(CALLER_CHECKS) as CallerCheck[];
/** How long a started export answers a second "Start an export" instead of a new one. */
export const EXPORT_REUSE_MINUTES = 15;

const callerChecksSchema = z
  .array(z.enum(CALLER_CHECK_IDS as [CallerCheck, ...CallerCheck[]]), {
    error: PEOPLE_MESSAGES.callerChecksRequired,
  })
  .max(CALLER_CHECK_IDS.length)
  .refine((checks) => CALLER_CHECK_IDS.every((id) => checks.includes(id)), {
    message: PEOPLE_MESSAGES.callerChecksRequired,
  });

/** Support starts an export for a caller: after checking who is calling. */
export const personExportSchema = z.object({ callerChecks: callerChecksSchema });
export type PersonExport = z.infer<typeof personExportSchema>;

export const peopleQuerySchema = z.object({
  q: z.string().trim().max(120).optional(),
  /** `pending`: minors whose parental consent form waits for review, oldest upload first. */
  consent: z.literal('pending').optional(),
  after: z.string().max(300).optional(),
});

export const personRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  underAge: z.boolean(),
  /** When a parental consent form waits for review: its upload time. */
  consentFormPendingSince: z.string().nullable(),
});
export type PersonRow = z.infer<typeof personRowSchema>;
export const peoplePageSchema = keysetPageSchema('people', personRowSchema);
export type PeoplePage = z.infer<typeof peoplePageSchema>;

const consentFormSchema = z.object({
  id: z.number(),
  uploadedAt: z.string(),
  contentType: z.string(),
  size: z.number(),
  reviewedAt: z.string().nullable(),
  approved: z.boolean().nullable(),
});

export const personPageSchema = z.object({
  profile: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    gender: z.string().nullable(),
    userType: z.string(),
    underAge: z.boolean(),
    guardian: z.boolean(),
    address: z.string().nullable(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
    isStaff: z.boolean(),
  }),
  kits: z.array(
    z.object({
      id: z.number(),
      sampleIdentifier: z.string(),
      name: z.string().nullable(),
      kitStatus: z.string(),
      sampleStatus: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.number(),
      number: z.string(),
      createdAt: z.string(),
      amountCents: z.number(),
      description: z.string().nullable(),
    }),
  ),
  subscriptions: z.array(
    z.object({
      id: z.number(),
      subscriptionType: z.string(),
      nextRenewalAt: z.string(),
      cancelledAt: z.string().nullable(),
      lastRenewalError: z.string().nullable(),
    }),
  ),
  consents: z.object({
    parentConsented: z.boolean().nullable(),
    forms: z.array(consentFormSchema),
    answers: z.array(z.object({ title: z.string(), consented: z.boolean(), at: z.string() })),
  }),
  emails: z.array(
    z.object({
      id: z.number(),
      subject: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
      /** How it went (issue 35): DELIVERY_STATUSES, with the mail server's last answer. */
      status: z.enum(DELIVERY_STATUSES),
      detail: z.string().nullable(),
    }),
  ),
  /** After 3 hard bounces (issue 35): the person is asked to check their address. */
  emailUndeliverable: z.boolean(),
  accessLog: z.array(z.object({ at: z.string(), who: z.string(), what: z.string() })),
});
export type PersonPage = z.infer<typeof personPageSchema>;

export const consentReviewSchema = z
  .object({
    approve: z.boolean(),
    reason: z.string().trim().max(CONSENT_REJECT_REASON_MAX, PEOPLE_MESSAGES.reasonTooLong).optional(),
  })
  .refine((v) => v.approve || (v.reason ?? '').length > 0, {
    message: PEOPLE_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type ConsentReview = z.infer<typeof consentReviewSchema>;

/** Support starts an export for a request by phone (My data): the person downloads it, staff never do. */
/** A reviewed parental consent form: the person's consent now (null: no decision). */
export const consentReviewedSchema = z.object({ parentConsented: z.boolean().nullable() });

export const personExportStartedSchema = z.object({ message: z.string(), export: dataExportSchema });

/** Support closes an account for a request by phone: the scope only, since the caller has no password to give here. */
export const personClosureSchema = z.object({
  scope: z.enum(CLOSURE_SCOPES, { error: CLOSURE_TEXTS.scopeRequired }),
  callerChecks: callerChecksSchema,
});
export type PersonClosure = z.infer<typeof personClosureSchema>;
export const personClosureStartedSchema = z.object({ message: z.string(), closure: closureSchema });

/** One sent email as support reads it (issue 35 item 6, issue 34 item 13): its text, links withheld. */
export const staffEmailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  detail: z.string().nullable(),
  /** Whether support may send it again: not a mail whose link signs in, verifies or resets. */
  resendable: z.boolean(),
});
export type StaffEmail = z.infer<typeof staffEmailSchema>;

export const STAFF_EMAIL_MESSAGES = {
  notFound: 'There is no such email to this person.',
  linkWithheld: '[link withheld: it signs the person in]',
  notResendable:
    'This email carries a one-time link and cannot be sent again. Send a new verification email or reset link instead.',
  resent: (email: string) => `The email was sent again to ${email}.`,
} as const;
/** Support's case notes on a person (issue 34 item 13): kept for staff, never shown in the portal. */
export const CASE_NOTE_MAX = 2000;
export const CASE_NOTE_MESSAGES = {
  required: 'Write the note first.',
  tooLong: `A note can be at most ${CASE_NOTE_MAX} characters long.`,
  added: 'Note added.',
} as const;
export const caseNoteInputSchema = z.object({
  body: z
    .string({ error: CASE_NOTE_MESSAGES.required })
    .trim()
    .min(1, CASE_NOTE_MESSAGES.required)
    .max(CASE_NOTE_MAX, CASE_NOTE_MESSAGES.tooLong),
});
export type CaseNoteInput = z.infer<typeof caseNoteInputSchema>;
export const caseNoteSchema = z.object({
  id: z.number(),
  at: z.string(),
  author: z.string(),
  body: z.string(),
});
export type CaseNote = z.infer<typeof caseNoteSchema>;
export const caseNotesSchema = z.object({ notes: z.array(caseNoteSchema) });
