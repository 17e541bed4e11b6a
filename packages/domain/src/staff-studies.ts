import { z } from 'zod';
import { emailSchema } from './email.ts';
import { keysetPageSchema } from './keyset-page.ts';
import { LOGISTIC_TYPES } from './kits.ts';
import { kitInfoSchema, STUDY_KIT_TYPES } from './requisition.ts';
import type { StaffRole } from './staff.ts';

/**
 * The console's Studies (issue 24, STUDY): research projects with their participant codes, vouchers
 * and questionnaires, and the multi-site study's sites and study kits. Creating one goes through the
 * same service as the ops CLI (project:create, participant-code:issue, kits:create, study:create,
 * study:kits), audited.
 */
export const STUDY_STAFF_ROLES: readonly StaffRole[] = ['STUDY'];
export const STUDY_PAGE_SIZE = 25;
export const VOUCHER_BATCH_MAX = 1000;
export const STUDY_KIT_BATCH_MAX = 500;

/** The questionnaires a project can switch on, as ops project:create --surveys names them. */
export const PROJECT_SURVEY_KEYS = [
  'food',
  'exercise',
  'medical',
  'mental',
  'sampling',
  'infant-demographic',
  'infant-day-of-sampling',
  'infant-medical-history',
] as const;
export type ProjectSurveyKey = (typeof PROJECT_SURVEY_KEYS)[number];
export const DEFAULT_PROJECT_SURVEYS: ProjectSurveyKey[] = [
  'food',
  'exercise',
  'medical',
  'mental',
  'sampling',
];
export const PROJECT_SURVEY_TEXT: Record<ProjectSurveyKey, string> = {
  food: 'Food',
  exercise: 'Exercise',
  medical: 'Medical history',
  mental: 'Mental wellbeing',
  sampling: 'Day of sampling',
  'infant-demographic': 'Infant demographics and milk feeding',
  'infant-day-of-sampling': 'Infant day of sampling',
  'infant-medical-history': 'Infant medical history',
};

export const LOGISTIC_TYPE_TEXT: Record<(typeof LOGISTIC_TYPES)[number], string> = {
  LAB_MANAGED: 'We post the kits',
  CLIENT_MANAGED: 'The study hands kits out',
};
export const RESULT_DELIVERY_TYPES = ['PORTAL', 'NO_DELIVERY'] as const;
export const RESULT_DELIVERY_TEXT: Record<(typeof RESULT_DELIVERY_TYPES)[number], string> = {
  PORTAL: 'Participants see their reports',
  NO_DELIVERY: 'Results stay with staff',
};

export const STUDY_MESSAGES = {
  /** An edit from a console window that loaded an older version (issue 33 item 16). */
  staleProject:
    'This project was changed in another window. We have loaded the latest version; please check and save again',
  badCursor: 'This list has changed since it was loaded. Load it again from the top.',
  projectNotFound: 'There is no research project with that number.',
  nameRequired: 'Enter the name of the project.',
  voucherCount: `Make between 1 and ${VOUCHER_BATCH_MAX} vouchers at once.`,
  siteNotFound: 'There is no study site with that number.',
  siteNameRequired: 'Enter the name of the site.',
  timezoneUnknown: 'Choose a time zone from the list, such as Australia/Brisbane.',
  studyKitCount: `Make between 1 and ${STUDY_KIT_BATCH_MAX} kits at once.`,
  batchNotFound: 'There is no batch of study kits with that number.',
} as const;

const cursor = z.string().regex(/^\d{1,10}$/, STUDY_MESSAGES.badCursor);
export const studyPageQuerySchema = z.object({ after: cursor.optional() });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((v) => v || undefined);

export const projectSurveysSchema = z
  .array(z.enum(PROJECT_SURVEY_KEYS, { error: 'Choose questionnaires from the list.' }))
  .max(PROJECT_SURVEY_KEYS.length);

export const staffProjectCreateSchema = z.object({
  name: z
    .string({ error: STUDY_MESSAGES.nameRequired })
    .trim()
    .min(1, STUDY_MESSAGES.nameRequired)
    .max(120, 'A project name has at most 120 characters.'),
  logisticType: z.enum(LOGISTIC_TYPES, { error: 'Choose who hands out the kits.' }),
  resultDeliveryType: z
    .enum(RESULT_DELIVERY_TYPES, { error: 'Choose how results are delivered.' })
    .default('PORTAL'),
  surveys: projectSurveysSchema.default(DEFAULT_PROJECT_SURVEYS),
  contactName: optionalText(100),
  phone: optionalText(25),
  email: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.optional(emailSchema)),
});
export type StaffProjectCreate = z.input<typeof staffProjectCreateSchema>;

export const staffProjectRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The project's own code: it joins only together with one of the project's vouchers (decision 021). */
  participantCode: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  logisticType: z.string(),
  resultDeliveryType: z.string().nullable(),
  surveys: z.array(z.enum(PROJECT_SURVEY_KEYS)),
  createdAt: z.string(),
  kits: z.number(),
  redeemedKits: z.number(),
  members: z.number(),
  issuedCodes: z.number(),
  usedCodes: z.number(),
  /** Bumped by every staff edit: an edit from an older version is refused (409). */
  version: z.number(),
});
export type StaffProjectRow = z.infer<typeof staffProjectRowSchema>;
export const staffProjectsPageSchema = keysetPageSchema('projects', staffProjectRowSchema);

export const staffProjectSurveysUpdateSchema = z.object({
  surveys: projectSurveysSchema,
  /** The version the console loaded: an older one is refused (409) and nothing changes. Required. */
  version: z.number().int().positive(),
});

export const staffVoucherBatchSchema = z.object({
  count: z
    .number({ error: STUDY_MESSAGES.voucherCount })
    .int(STUDY_MESSAGES.voucherCount)
    .min(1, STUDY_MESSAGES.voucherCount)
    .max(VOUCHER_BATCH_MAX, STUDY_MESSAGES.voucherCount),
});
export const staffVoucherBatchResultSchema = z.object({
  vouchers: z.array(z.object({ kitId: z.number(), voucherCode: z.string(), sampleIdentifier: z.string() })),
});

export const staffParticipantCodeIssueSchema = z.object({ email: emailSchema });
export const staffParticipantCodeIssuedSchema = z.object({
  email: z.string(),
  /** Shown once: only a keyed hash of it is kept. */
  participantCode: z.string(),
});
export const staffParticipantCodeRowSchema = z.object({
  id: z.number(),
  email: z.string(),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
});
export const staffParticipantCodesPageSchema = keysetPageSchema('codes', staffParticipantCodeRowSchema);

/** The voucher list's columns, in order (CSV export). */
export const VOUCHER_CSV_COLUMNS = ['kit_id', 'voucher', 'sample_id', 'kit_status', 'redeemed_at'] as const;

// ---- Sites and study kits (the multi-site study) -------------------------------------------------

export const staffSiteCreateSchema = z.object({
  name: z
    .string({ error: STUDY_MESSAGES.siteNameRequired })
    .trim()
    .min(1, STUDY_MESSAGES.siteNameRequired)
    .max(200, 'A site name has at most 200 characters.'),
  timezone: z
    .string({ error: STUDY_MESSAGES.timezoneUnknown })
    .trim()
    .min(1, STUDY_MESSAGES.timezoneUnknown)
    .max(64, STUDY_MESSAGES.timezoneUnknown),
});
export type StaffSiteCreate = z.infer<typeof staffSiteCreateSchema>;

export const staffSiteRowSchema = z.object({
  /** The site number of the replacement form. */
  id: z.number(),
  name: z.string(),
  timezone: z.string(),
  createdAt: z.string(),
  kits: z.number(),
  requisitions: z.number(),
});
export type StaffSiteRow = z.infer<typeof staffSiteRowSchema>;
export const staffSitesPageSchema = keysetPageSchema('sites', staffSiteRowSchema);

export const staffStudyKitBatchSchema = z.object({
  kitType: z.enum(STUDY_KIT_TYPES, { error: 'Choose blood, stool or replacement kits.' }),
  count: z
    .number({ error: STUDY_MESSAGES.studyKitCount })
    .int(STUDY_MESSAGES.studyKitCount)
    .min(1, STUDY_MESSAGES.studyKitCount)
    .max(STUDY_KIT_BATCH_MAX, STUDY_MESSAGES.studyKitCount),
});
export type StaffStudyKitBatch = z.infer<typeof staffStudyKitBatchSchema>;

export const staffStudyKitRowSchema = z.object({
  id: z.number(),
  hashedId: z.string(),
  kitType: z.enum(STUDY_KIT_TYPES),
  siteId: z.number(),
  createdAt: z.string(),
  tubes: z.array(z.string()),
  /** The requisition or replacement form the label's QR code opens. */
  formLink: z.string(),
  /** When its requisition or replacement form was submitted; null before. */
  submittedAt: z.string().nullable(),
});
export type StaffStudyKitRow = z.infer<typeof staffStudyKitRowSchema>;
export const staffStudyKitsPageSchema = keysetPageSchema('kits', staffStudyKitRowSchema).extend({
  site: staffSiteRowSchema,
});
export const staffStudyKitBatchResultSchema = z.object({ kits: z.array(staffStudyKitRowSchema) });

/** A study kit with what its form recorded (the public form's own view, without the questionnaire's keys). */
export const staffStudyKitDetailSchema = z.object({
  kit: staffStudyKitRowSchema,
  form: kitInfoSchema,
  /** Stool kits: how many questionnaire answers were saved. */
  questionnaireAnswers: z.number().nullable(),
});
export type StaffStudyKitDetail = z.infer<typeof staffStudyKitDetailSchema>;

/** Study kit labels (PDF): ids separated by commas, in the order to print. */
export const studyKitLabelsQuerySchema = z.object({
  kits: z
    .string({ error: 'Give the kits as ids separated by commas, like 12,13,14.' })
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'Give the kits as ids separated by commas, like 12,13,14.')
    .transform((text) => text.split(',').map(Number))
    .refine((ids) => ids.length <= STUDY_KIT_BATCH_MAX, `At most ${STUDY_KIT_BATCH_MAX} labels at once.`),
});
