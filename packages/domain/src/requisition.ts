// Over 300 lines because it holds the requisition spec's tables and texts word for word (fields, limits,
// messages) next to the rules that use them; splitting them would scatter one screen's requirements.
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { parseDisplayDate } from './profile.ts';
import { validateAnswer } from './questionnaire/answers.ts';
import {
  type AnswersByQuestionId,
  answerSchema,
  type SurveyDefinition,
  type SurveyQuestion,
} from './questionnaire/definition.ts';
import { visibleQuestions } from './questionnaire/visibility.ts';

/** Research §3 and §9: the multi-site study's kit types. */
export const STUDY_KIT_TYPES = ['ORBITM_B_KIT', 'ORBITM_S_KIT', 'ORBITM_R_KIT'] as const;
export type StudyKitType = (typeof STUDY_KIT_TYPES)[number];
export const STUDY_VISITS = ['SV1', 'SV2'] as const;
export type StudyVisit = (typeof STUDY_VISITS)[number];
/** Research §5: the requisition form asks male or female. */
export const VISITOR_GENDERS = ['MALE', 'FEMALE'] as const;
export type VisitorGender = (typeof VISITOR_GENDERS)[number];
export const KIT_FORM_TYPES = ['requisition-form', 'replacement-form'] as const;
export type KitFormType = (typeof KIT_FORM_TYPES)[number];

/** Research §9: the requisition questionnaire of stool kits. */
export const STOOL_SURVEY_ID = 19;
export const YEAR_OF_BIRTH_MIN = 1900;
/** The year input starts one above the rule's minimum (research §5). */
export const YEAR_OF_BIRTH_INPUT_MIN = 1901;
/** Research §7: the subject lookup waits this long after the last keystroke. */
export const VISITOR_LOOKUP_DEBOUNCE_MS = 500;
/** Tubes in each kit type: blood kits hold several tubes, a replacement kit spare tubes, stool one tube. */
export const TUBES_PER_KIT: Record<StudyKitType, number> = {
  ORBITM_B_KIT: 4,
  ORBITM_S_KIT: 1,
  ORBITM_R_KIT: 4,
};
export const SUBJECT_ID_MAX_LENGTH = 40;
export const REQUISITION_NOTE_MAX_LENGTH = 2000;

/** Which form a kit type opens: blood and stool kits the requisition form, replacement kits the replacement form. */
export const formTypeOfKit = (kitType: StudyKitType): KitFormType =>
  kitType === 'ORBITM_R_KIT' ? 'replacement-form' : 'requisition-form';

/** Research §2: the requisition form's title says Blood or Stool kit. */
export const kitTypeName = (kitType: StudyKitType) =>
  kitType === 'ORBITM_B_KIT' ? 'Blood Kit' : kitType === 'ORBITM_S_KIT' ? 'Stool Kit' : 'Replacement Kit';

/** Research §5 and §8, word for word where the spec gives them. */
export const REQUISITION_MESSAGES = {
  subjectIdRequired: 'Subject ID is required',
  genderRequired: 'Gender is required',
  studyVisitRequired: 'Study visit is required',
  yearOfBirthRequired: 'Year of birth is required',
  yearOfBirthMin: 'The year of birth has to be at least 1900.',
  yearOfBirthFuture: 'The year of birth cannot be in the future.',
  collectionDateRequired: 'Collection date is required',
  collectionDateInvalid: 'Collection date must be a date as YYYY-MM-DD',
  collectionDateFormInvalid: 'Collection date must be a real date as DD/MM/YYYY',
  collectionTimeRequired: 'Collection time is required',
  collectionInFuture: 'The collection date and time cannot be in the future (at the site).',
  hourInvalid: 'Hour must be a number from 0 to 23',
  minuteInvalid: 'Minute must be a number from 0 to 59',
  clickToAdd: 'Please add the replacement kit by clicking "Click to Add"',
  tubeReplaced: (tube: string) => `Tube ${tube} has been replaced.`,
  replacementUsed: (tube: string) => `Replacement tube ${tube} has been used.`,
  tubeRequired: 'Choose the tube that was replaced',
  replacementTubeRequired: 'Enter the replacement tube',
  requiredNotProvided: 'All required information is not provided',
  answerListed: 'Please answer below listed questions.',
  duplicateKit: 'A kit of this type already exists for this subject for the given study visit',
  submitted: 'The form is successfully submitted.',
  submitFailed: (message: string) => `The form submission is failed: ${message}`,
  loadFailed: 'Failed to get requisition details.',
  unknownKitTitle: 'Unknown Kit',
  invalidKit: 'Invalid kit is scanned',
  kitInfoFailed: (message: string) => `Failed to get kit information: ${message}`,
  siteNumberRequired: 'Site number required',
  subjectIdRequiredShort: 'Subject ID required',
  replacedKitRequired: 'Replaced kit ID required',
  wrongSite: 'This site number does not match the site of the kit.',
  notATube: (tube: string) => `Tube ${tube} is not a tube of this kit.`,
  notAReplacementTube: (tube: string) =>
    `Replacement tube ${tube} is not a tube of a replacement kit of this site.`,
  replacedKitUnknown: 'The replaced kit ID is not a kit of this site.',
  replacedKitOtherSubject: 'The replaced kit was used for another subject.',
  replacementKitUsed: 'This replacement kit has already been used.',
  surveyTokenInvalid: 'The questionnaire link has expired. Please reload the form.',
} as const;

const DIGITS = /^\d{1,2}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** An hour as typed: digits only, 0-23. Null when valid. */
export function hourProblem(text: string): string | null {
  return DIGITS.test(text) && Number(text) <= 23 ? null : REQUISITION_MESSAGES.hourInvalid;
}

/** A minute as typed: digits only, 0-59. Null when valid. */
export function minuteProblem(text: string): string | null {
  return DIGITS.test(text) && Number(text) <= 59 ? null : REQUISITION_MESSAGES.minuteInvalid;
}

/** 'HH:mm' from the hour and minute inputs (already checked). */
export const collectionTime = (hour: string, minute: string) =>
  `${hour.padStart(2, '0')}:${minute.padStart(2, '0')}`;

/** A calendar date that exists, as YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Whether the runtime knows this IANA time zone (e.g. Australia/Brisbane). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A wall-clock date and time at a site, as a date in the site's zone (@date-fns/tz reads the zone's
 * rules from Intl). A clock time that a daylight-saving change skips (Sydney 02:30 on the October
 * change) is read with the offset before the change, so it lands an hour later on the new clock;
 * a clock time that happens twice (02:30 on the April change) is the second one, on standard time.
 */
function siteDate(date: string, time: string, timeZone: string): TZDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new TZDate(y, m - 1, d, hh, mm, timeZone);
}

/** The instant (epoch ms) of a wall-clock date and time at a site. */
export const siteTimeToEpoch = (date: string, time: string, timeZone: string): number =>
  siteDate(date, time, timeZone).getTime();

/** ISO date-time with the site's offset, e.g. 2026-03-01T09:30:00+10:00. */
export const siteTimeToIso = (date: string, time: string, timeZone: string): string =>
  siteDate(date, time, timeZone)
    .toISOString()
    .replace(/\.\d{3}(?=[+-])/, '');

export type SampleReplacement = { replaced: string; replacedBy: string };

/** Why this entry cannot join the list: a tube replaced twice, or a replacement tube used twice. */
export function sampleReplacementProblem(
  list: readonly SampleReplacement[],
  entry: SampleReplacement,
): string | null {
  if (list.some((r) => r.replaced === entry.replaced))
    return REQUISITION_MESSAGES.tubeReplaced(entry.replaced);
  if (list.some((r) => r.replacedBy === entry.replacedBy))
    return REQUISITION_MESSAGES.replacementUsed(entry.replacedBy);
  return null;
}

/** The first problem of a whole list (the server's check of what the browser sent). */
export function sampleReplacementsProblem(list: readonly SampleReplacement[]): string | null {
  for (let i = 1; i < list.length; i++) {
    const problem = sampleReplacementProblem(list.slice(0, i), list[i] as SampleReplacement);
    if (problem) return problem;
  }
  return null;
}

/**
 * A replacement tube typed but not added with Click to Add must not be lost silently. A tube merely left
 * chosen in the list, with no replacement typed, holds nothing to add and does not block the form.
 */
export function pendingReplacementProblem(draft: { replaced: string; replacedBy: string }): string | null {
  return draft.replacedBy.trim() ? REQUISITION_MESSAGES.clickToAdd : null;
}

/** What Click to Add says of this entry: a missing half, a duplicate, or null when it can be added. */
export function replacementEntryProblem(
  list: readonly SampleReplacement[],
  draft: SampleReplacement,
): string | null {
  const entry = { replaced: draft.replaced, replacedBy: draft.replacedBy.trim() };
  if (!entry.replaced) return REQUISITION_MESSAGES.tubeRequired;
  if (!entry.replacedBy) return REQUISITION_MESSAGES.replacementTubeRequired;
  return sampleReplacementProblem(list, entry);
}

/**
 * Whether the entry error shown still has its cause once the entry is edited (research §5 messages):
 * an error whose cause is gone is cleared rather than left blocking the form.
 */
export function replacementErrorHolds(
  error: string,
  list: readonly SampleReplacement[],
  draft: SampleReplacement,
): boolean {
  return error === replacementEntryProblem(list, draft) || error === pendingReplacementProblem(draft);
}

/**
 * Research §5: choosing a study visit at which the subject already has a kit of this type is refused
 * (the form then puts the visit back). This kit's own saved visit, for the same subject, does not count.
 */
export function duplicateKitProblem(
  visits: readonly { studyVisit: string; kitTypes: readonly string[] }[],
  choice: { kitType: StudyKitType; studyVisit: string; subjectId: string },
  saved: { studyVisit: string | null; subjectId: string | null },
): string | null {
  const subjectId = choice.subjectId.trim();
  if (!subjectId || !choice.studyVisit) return null;
  if (choice.studyVisit === saved.studyVisit && subjectId === saved.subjectId) return null;
  const visit = visits.find((v) => v.studyVisit === choice.studyVisit);
  return visit?.kitTypes.includes(choice.kitType) ? REQUISITION_MESSAGES.duplicateKit : null;
}

/** Compulsory questions shown for these answers that have no valid answer yet (stool questionnaire). */
export function unansweredCompulsory(
  definition: SurveyDefinition,
  answers: AnswersByQuestionId,
  now: Date,
): SurveyQuestion[] {
  return visibleQuestions(definition, answers).filter((q) => {
    if (!q.compulsory) return false;
    const record = answers[q.questionId];
    return !record || !validateAnswer(q, record, now).ok;
  });
}

const trimmed = (max: number, required: string) => z.string().trim().min(1, required).max(max);

/**
 * The requisition form as typed in the browser: every field a string, checked with the spec's messages.
 * The collection date is typed DD/MM/YYYY (not a date picker that follows the browser's locale).
 */
export const requisitionFormSchema = z
  .object({
    subjectId: trimmed(SUBJECT_ID_MAX_LENGTH, REQUISITION_MESSAGES.subjectIdRequired),
    yearOfBirth: z.string().trim(),
    gender: z.string(),
    studyVisit: z.string(),
    collectionDate: z.string().trim(),
    collectionHour: z.string().trim(),
    collectionMinute: z.string().trim(),
    note: z.string().max(REQUISITION_NOTE_MAX_LENGTH),
  })
  .superRefine((form, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!form.yearOfBirth) issue('yearOfBirth', REQUISITION_MESSAGES.yearOfBirthRequired);
    else if (!/^\d{4}$/.test(form.yearOfBirth) || Number(form.yearOfBirth) < YEAR_OF_BIRTH_MIN)
      issue('yearOfBirth', REQUISITION_MESSAGES.yearOfBirthMin);
    else if (Number(form.yearOfBirth) > new Date().getFullYear())
      issue('yearOfBirth', REQUISITION_MESSAGES.yearOfBirthFuture);
    if (!(VISITOR_GENDERS as readonly string[]).includes(form.gender))
      issue('gender', REQUISITION_MESSAGES.genderRequired);
    if (!(STUDY_VISITS as readonly string[]).includes(form.studyVisit))
      issue('studyVisit', REQUISITION_MESSAGES.studyVisitRequired);
    if (!form.collectionDate) issue('collectionDate', REQUISITION_MESSAGES.collectionDateRequired);
    else if (!parseDisplayDate(form.collectionDate))
      issue('collectionDate', REQUISITION_MESSAGES.collectionDateFormInvalid);
    if (!form.collectionHour && !form.collectionMinute)
      issue('collectionHour', REQUISITION_MESSAGES.collectionTimeRequired);
    else {
      const hour = hourProblem(form.collectionHour);
      if (hour) issue('collectionHour', hour);
      const minute = minuteProblem(form.collectionMinute);
      if (minute) issue('collectionMinute', minute);
    }
  });
export type RequisitionFormValues = z.input<typeof requisitionFormSchema>;

const hashedId = z.string().trim().min(1, REQUISITION_MESSAGES.invalidKit).max(64);
const tubeLabel = z.string().trim().min(1).max(40);

export const sampleReplacementSchema = z.object({
  replaced: tubeLabel.pipe(z.string().min(1, REQUISITION_MESSAGES.tubeRequired)),
  replacedBy: tubeLabel.pipe(z.string().min(1, REQUISITION_MESSAGES.replacementTubeRequired)),
});

/** post kit with hash id, requisition form (research §3 Requisition). */
export const requisitionPayloadSchema = z.object({
  formType: z.literal('requisition-form'),
  kitHashedId: hashedId,
  visitor: z.object({
    externalReference: trimmed(SUBJECT_ID_MAX_LENGTH, REQUISITION_MESSAGES.subjectIdRequired),
    yearOfBirth: z
      .number({ error: REQUISITION_MESSAGES.yearOfBirthRequired })
      .int(REQUISITION_MESSAGES.yearOfBirthMin)
      .min(YEAR_OF_BIRTH_MIN, REQUISITION_MESSAGES.yearOfBirthMin)
      .max(2200, REQUISITION_MESSAGES.yearOfBirthFuture),
    gender: z.enum(VISITOR_GENDERS, { error: REQUISITION_MESSAGES.genderRequired }),
  }),
  studyVisit: z.enum(STUDY_VISITS, { error: REQUISITION_MESSAGES.studyVisitRequired }),
  collections: z
    .array(
      z.object({
        kitHashedId: hashedId,
        collectionDateAtSiteTimezone: z
          .string({ error: REQUISITION_MESSAGES.collectionDateRequired })
          .refine(isCalendarDate, REQUISITION_MESSAGES.collectionDateInvalid),
        collectionTimeAtSiteTimezone: z
          .string({ error: REQUISITION_MESSAGES.collectionTimeRequired })
          .regex(HH_MM, REQUISITION_MESSAGES.collectionTimeRequired),
      }),
    )
    .length(1, REQUISITION_MESSAGES.collectionDateRequired),
  note: z.string().max(REQUISITION_NOTE_MAX_LENGTH).nullish(),
  sampleReplacements: z
    .array(sampleReplacementSchema)
    .max(TUBES_PER_KIT.ORBITM_B_KIT)
    .default([])
    .superRefine((list, ctx) => {
      const problem = sampleReplacementsProblem(list);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type RequisitionPayload = z.input<typeof requisitionPayloadSchema>;

/** The replacement form as typed: site number and subject id are required (research §5). */
export const replacementFormSchema = z.object({
  siteNumber: z
    .string()
    .trim()
    .min(1, REQUISITION_MESSAGES.siteNumberRequired)
    .regex(/^\d{1,9}$/, REQUISITION_MESSAGES.siteNumberRequired),
  subjectId: trimmed(SUBJECT_ID_MAX_LENGTH, REQUISITION_MESSAGES.subjectIdRequiredShort),
  replacedKitHashedId: trimmed(64, REQUISITION_MESSAGES.replacedKitRequired),
});
export type ReplacementFormValues = z.input<typeof replacementFormSchema>;

/** post kit with hash id, replacement form (research §3 Replacement submit payload, with the form's checks). */
export const replacementPayloadSchema = z.object({
  formType: z.literal('replacement-form'),
  kitHashedId: hashedId,
  replacedKitHashedId: trimmed(64, REQUISITION_MESSAGES.replacedKitRequired),
  siteNumber: z
    .number({ error: REQUISITION_MESSAGES.siteNumberRequired })
    .int()
    .positive(REQUISITION_MESSAGES.siteNumberRequired)
    .max(2_147_483_647),
  subjectId: trimmed(SUBJECT_ID_MAX_LENGTH, REQUISITION_MESSAGES.subjectIdRequiredShort),
});
export type ReplacementPayload = z.input<typeof replacementPayloadSchema>;

export const kitSubmissionSchema = z.discriminatedUnion('formType', [
  requisitionPayloadSchema,
  replacementPayloadSchema,
]);

const visitorSchema = z.object({
  externalReference: z.string(),
  yearOfBirth: z.number(),
  gender: z.enum(VISITOR_GENDERS),
});

/** get kit info from hash id: what the form shows and what was submitted before. */
export const kitInfoSchema = z.object({
  formType: z.enum(KIT_FORM_TYPES),
  kit: z.object({ kitHashedId: z.string(), kitType: z.enum(STUDY_KIT_TYPES), tubes: z.array(z.string()) }),
  site: z.object({ id: z.number(), name: z.string(), timezone: z.string() }),
  visitor: visitorSchema.nullable(),
  studyVisit: z.enum(STUDY_VISITS).nullable(),
  siteVisitId: z.number().nullable(),
  visitAt: z.string().nullable(),
  visitAtEpoch: z.number().nullable(),
  note: z.string().nullable(),
  collections: z.array(
    z.object({
      kit: z.object({ kitHashedId: z.string(), kitId: z.number(), kitType: z.enum(STUDY_KIT_TYPES) }),
      collectionDateAtSiteTimezone: z.string(),
      collectionTimeAtSiteTimezone: z.string(),
      collectedAtEpoch: z.number(),
    }),
  ),
  sampleReplacements: z.array(z.object({ replaced: z.string(), replacedBy: z.string() })),
  surveyResults: z.array(z.object({ kitId: z.number(), surveyResultId: z.string(), token: z.string() })),
  /** Replacement kits: what the replacement form recorded, if anything. */
  replacement: z
    .object({ replacedKitHashedId: z.string(), siteNumber: z.number(), subjectId: z.string() })
    .nullable(),
});
export type KitInfo = z.infer<typeof kitInfoSchema>;

/** get visitor info: the subject's visits at the kit's site. */
export const visitorInfoSchema = z.object({
  visits: z.array(
    z.object({
      studyVisit: z.enum(STUDY_VISITS),
      visitAt: z.string().nullable(),
      kitTypes: z.array(z.enum(STUDY_KIT_TYPES)),
    }),
  ),
});
export type VisitorInfo = z.infer<typeof visitorInfoSchema>;

/** The stool questionnaire's saved answers, read with the survey-result token. */
export const stoolAnswersSchema = z.object({ questionResultsMap: z.record(z.string(), answerSchema) });

/** One stool-questionnaire answer as saved; null when a blank answer cleared it. */
export const stoolAnswerSavedSchema = z.object({ saved: answerSchema.nullable() });
