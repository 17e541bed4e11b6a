export const SURVEY_TYPES = [
  'FOOD',
  'MEDICAL_HISTORY',
  'DAY_OF_SAMPLING',
  'EXERCISE',
  'MENTAL',
  'INFANT_MEDICAL_HISTORY',
  'INFANT_DAY_OF_SAMPLING',
  'INFANT_DEMOGRAPHIC_AND_MILK_FEEDING',
  'STOOL_SAMPLE',
] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];

/** Infant questionnaires are answered externally and never listed in the portal (consumer §9). */
export const INFANT_SURVEY_TYPES = [
  'INFANT_MEDICAL_HISTORY',
  'INFANT_DAY_OF_SAMPLING',
  'INFANT_DEMOGRAPHIC_AND_MILK_FEEDING',
] as const satisfies readonly SurveyType[];

/**
 * The stool-sample questionnaire (survey id 19): answered inside a stool kit's requisition form by
 * study staff, with a survey-result token instead of an account; never listed in the portal.
 */
export const STOOL_SURVEY = {
  surveyType: 'STOOL_SAMPLE',
  slug: 'stool-sample',
  estimate: '2-5 min',
} as const;

/** The five study questionnaires answered in the portal, with their URL slugs (/surveys/:slug/:kitId). */
export const SURVEY_SLUGS = {
  FOOD: 'food',
  MEDICAL_HISTORY: 'medical-history',
  DAY_OF_SAMPLING: 'day-of-sampling',
  EXERCISE: 'exercise',
  MENTAL: 'mental',
} as const;
export type StudySurveyType = keyof typeof SURVEY_SLUGS;
export type SurveySlug = (typeof SURVEY_SLUGS)[StudySurveyType];

/** Research §4: day-of-sampling, medical-history, mental, exercise, food. */
export const QUESTIONNAIRE_ORDER = [
  'DAY_OF_SAMPLING',
  'MEDICAL_HISTORY',
  'MENTAL',
  'EXERCISE',
  'FOOD',
] as const satisfies readonly StudySurveyType[];

/** Research §2 "Questionnaire page": how long each questionnaire takes. */
export const SURVEY_ESTIMATES: Record<StudySurveyType, string> = {
  DAY_OF_SAMPLING: '5-10 min',
  MEDICAL_HISTORY: '10-20 min',
  MENTAL: '5-10 min',
  EXERCISE: '10-20 min',
  FOOD: '30-45 min',
};

/** The project flag that enables each questionnaire. */
export const SURVEY_ENABLED_FLAGS = {
  DAY_OF_SAMPLING: 'samplingSurveyEnabled',
  MEDICAL_HISTORY: 'medicalSurveyEnabled',
  MENTAL: 'mentalSurveyEnabled',
  EXERCISE: 'exerciseSurveyEnabled',
  FOOD: 'foodSurveyEnabled',
} as const satisfies Record<StudySurveyType, string>;
export type SurveyEnabledFlags = Record<(typeof SURVEY_ENABLED_FLAGS)[StudySurveyType], boolean>;

export function surveyTypeFromSlug(slug: string): StudySurveyType | null {
  return QUESTIONNAIRE_ORDER.find((type) => SURVEY_SLUGS[type] === slug) ?? null;
}

/**
 * Consumer §9 "Questionnaire filtering": infant types are never listed and MENTAL is left out for
 * under-age users. Takes a plain string so it can filter a kit's surveysStats as they arrive.
 */
export function isListedSurveyType(type: string, user: { underAge: boolean }): type is StudySurveyType {
  if (!Object.hasOwn(SURVEY_SLUGS, type)) return false;
  return !(user.underAge && type === 'MENTAL');
}

/** The questionnaires a kit offers: those its project enables, in questionnaire order. */
export function listedSurveyTypes(flags: SurveyEnabledFlags, user: { underAge: boolean }): StudySurveyType[] {
  return QUESTIONNAIRE_ORDER.filter(
    (type) => flags[SURVEY_ENABLED_FLAGS[type]] && isListedSurveyType(type, user),
  );
}
