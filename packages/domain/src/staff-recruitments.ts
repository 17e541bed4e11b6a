import { z } from 'zod';
import { emailSchema } from './email.ts';
import { keysetPageSchema } from './keyset-page.ts';
import { candidateContactSchema, recruitmentConsentWordsSchema } from './recruitment.ts';

/**
 * The console's Recruitments (issue 24, STUDY): a recruitment's consent chain, written with a preview
 * of the HTML exactly as it will be stored (sanitised on the server with the one allow-list), and its
 * candidates with their answers and whether they unsubscribed. A consent a candidate has answered keeps
 * its words: what someone agreed to must stay what they read.
 */
export const RECRUITMENT_PAGE_SIZE = 25;
export const CONSENTS_PER_RECRUITMENT_MAX = 20;

export const RECRUITMENT_STAFF_MESSAGES = {
  /** A change from a console window that loaded an older version (issue 33 item 16). */
  staleConsent:
    'This consent was changed in another window. We have loaded the latest version; please check and save again',
  badCursor: 'This list has changed since it was loaded. Load it again from the top.',
  recruitmentNotFound: 'There is no recruitment with that number.',
  consentNotFound: 'There is no such consent in this recruitment.',
  titleRequired: 'Enter a title.',
  textRequired: 'Write the text of the consent.',
  agreeRequired: 'Label the option that agrees.',
  disagreeRequired: 'Label the option that declines.',
  urlHttps: 'The PDF link must be a full https:// address.',
  consentsRequired: 'Add at least one consent.',
  tooManyConsents: `A recruitment has at most ${CONSENTS_PER_RECRUITMENT_MAX} consents.`,
  answered:
    'Candidates have answered this consent, so its words can no longer change. Add a new consent to the chain instead.',
  emptyAfterCleaning:
    'Nothing of this text is left once it is made safe: use paragraphs, lists, emphasis and links.',
  candidateExists: 'This email is already a candidate of this recruitment.',
} as const;

const text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, `At most ${max} characters.`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((v) => v || undefined);

export const staffConsentInputSchema = z.object({
  title: text(200, RECRUITMENT_STAFF_MESSAGES.titleRequired),
  htmlContent: text(100_000, RECRUITMENT_STAFF_MESSAGES.textRequired),
  agreeLabel: text(200, RECRUITMENT_STAFF_MESSAGES.agreeRequired),
  disagreeLabel: text(200, RECRUITMENT_STAFF_MESSAGES.disagreeRequired),
  /** An optional PDF shown with the consent. */
  url: optionalText(2000).refine((v) => v === undefined || /^https:\/\/[^\s]+$/.test(v), {
    message: RECRUITMENT_STAFF_MESSAGES.urlHttps,
  }),
  thanksResponse: optionalText(2000),
});
export type StaffConsentInput = z.input<typeof staffConsentInputSchema>;
/** A change to one consent names the version the console loaded: an older one is refused (409). */
export const staffConsentUpdateSchema = staffConsentInputSchema.extend({
  version: z.number().int().positive(),
});
export type StaffConsentUpdate = z.input<typeof staffConsentUpdateSchema>;

export const staffRecruitmentCreateSchema = z.object({
  title: text(200, RECRUITMENT_STAFF_MESSAGES.titleRequired),
  consents: z
    .array(staffConsentInputSchema)
    .min(1, RECRUITMENT_STAFF_MESSAGES.consentsRequired)
    .max(CONSENTS_PER_RECRUITMENT_MAX, RECRUITMENT_STAFF_MESSAGES.tooManyConsents),
});
export type StaffRecruitmentCreate = z.input<typeof staffRecruitmentCreateSchema>;

/** The preview asks for the consent's HTML parts and gets them back as they would be stored. */
export const staffConsentPreviewSchema = z.object({
  title: z.string().max(200).default(''),
  htmlContent: z.string().max(100_000).default(''),
  thanksResponse: z.string().max(2000).default(''),
});
export const staffConsentPreviewResultSchema = z.object({
  title: z.string(),
  htmlContent: z.string(),
  thanksResponse: z.string(),
});

export const staffRecruitmentRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  terminated: z.boolean(),
  createdAt: z.string(),
  consents: z.number(),
  candidates: z.number(),
  unsubscribed: z.number(),
});
export type StaffRecruitmentRow = z.infer<typeof staffRecruitmentRowSchema>;
export const staffRecruitmentsPageSchema = keysetPageSchema('recruitments', staffRecruitmentRowSchema);

export const staffRecruitmentConsentSchema = recruitmentConsentWordsSchema.extend({
  /** Candidates who answered it: once any has, its words are fixed. */
  responses: z.number(),
  /** Bumped by every change: a change from an older version is refused (409). */
  version: z.number(),
});
export type StaffRecruitmentConsent = z.infer<typeof staffRecruitmentConsentSchema>;
export const staffRecruitmentDetailSchema = staffRecruitmentRowSchema.extend({
  /** The chain, in the order candidates meet it. */
  chain: z.array(staffRecruitmentConsentSchema),
});
export type StaffRecruitmentDetail = z.infer<typeof staffRecruitmentDetailSchema>;

export const staffCandidatesQuerySchema = z.object({
  after: z
    .string()
    .max(120)
    .regex(/^[^|]+\|[0-9a-f-]{36}$/, RECRUITMENT_STAFF_MESSAGES.badCursor)
    .optional(),
});
export const staffCandidateRowSchema = candidateContactSchema.extend({
  /** INVITED (by the study) or EXPRESSION_OF_INTEREST. */
  source: z.string(),
  emailValidatedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  createdAt: z.string(),
  answers: z.array(
    z.object({ consentId: z.number(), title: z.string(), consented: z.boolean(), respondedAt: z.string() }),
  ),
});
export type StaffCandidateRow = z.infer<typeof staffCandidateRowSchema>;
export const staffCandidatesPageSchema = keysetPageSchema('candidates', staffCandidateRowSchema);

export const staffCandidateCreateSchema = z.object({
  email: emailSchema,
  firstName: text(25, "Enter the candidate's first name."),
  lastName: text(25, "Enter the candidate's last name."),
  phoneNumber: optionalText(25),
});
export type StaffCandidateCreate = z.input<typeof staffCandidateCreateSchema>;
export const staffCandidateCreatedSchema = z.object({
  id: z.string(),
  consentLink: z.string().nullable(),
  unsubscribeLink: z.string(),
});

/**
 * Bulk candidate import (issue 34 item 18): a CSV with a header row naming email, firstName and
 * lastName (phoneNumber optional; first_name, last name and the like are read too). Every line is
 * checked first: one bad line imports nothing. Emails already candidates are skipped; each new candidate
 * is emailed the invitation with their consent link.
 */
export const CANDIDATE_IMPORT_MAX_ROWS = 1000;
export const CANDIDATE_IMPORT_MESSAGES = {
  empty:
    'Choose a CSV file with a header row (email, firstName, lastName, phoneNumber) and one candidate per line.',
  tooMany: `A file can hold at most ${CANDIDATE_IMPORT_MAX_ROWS} candidates: split it and import each part.`,
  missingColumns: (columns: string) =>
    `The header row needs the columns email, firstName and lastName (missing: ${columns}). Nothing was imported.`,
  badLines: (lines: string) => `Nothing was imported. Fix these lines and import the file again: ${lines}`,
  duplicateInFile: 'this email is on an earlier line too',
  imported: (invited: number, skipped: number) =>
    `${invited} ${invited === 1 ? 'candidate' : 'candidates'} invited by email` +
    (skipped > 0 ? `; ${skipped} skipped (already ${skipped === 1 ? 'a candidate' : 'candidates'})` : '') +
    '.',
} as const;
export const staffCandidateImportSchema = z.object({
  csv: z.string({ error: CANDIDATE_IMPORT_MESSAGES.empty }).max(500_000, CANDIDATE_IMPORT_MESSAGES.tooMany),
});
export const staffCandidateImportResultSchema = z.object({
  invited: z.number(),
  skipped: z.array(z.object({ line: z.number(), email: z.string() })),
  message: z.string(),
});
export type StaffCandidateImportResult = z.infer<typeof staffCandidateImportResultSchema>;
