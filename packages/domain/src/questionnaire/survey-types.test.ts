import { describe, expect, it } from 'vitest';
import {
  isListedSurveyType,
  listedSurveyTypes,
  QUESTIONNAIRE_ORDER,
  STOOL_SURVEY,
  SURVEY_ESTIMATES,
  SURVEY_SLUGS,
  SURVEY_TYPES,
  type SurveyEnabledFlags,
  surveyTypeFromSlug,
} from './survey-types.ts';

const allEnabled: SurveyEnabledFlags = {
  exerciseSurveyEnabled: true,
  foodSurveyEnabled: true,
  medicalSurveyEnabled: true,
  mentalSurveyEnabled: true,
  samplingSurveyEnabled: true,
};
const adult = { underAge: false };
const minor = { underAge: true };

describe('survey slugs (research §2 "Questionnaire page")', () => {
  it.each([
    ['food', 'FOOD'],
    ['medical-history', 'MEDICAL_HISTORY'],
    ['day-of-sampling', 'DAY_OF_SAMPLING'],
    ['exercise', 'EXERCISE'],
    ['mental', 'MENTAL'],
  ] as const)('%s is %s', (slug, type) => {
    expect(surveyTypeFromSlug(slug)).toBe(type);
    expect(SURVEY_SLUGS[type]).toBe(slug);
  });

  it.each(['infant-medical-history', 'FOOD', 'toString', ''])('knows no questionnaire %j', (slug) =>
    expect(surveyTypeFromSlug(slug)).toBeNull(),
  );
});

describe('time estimates (research §2)', () => {
  it.each([
    ['MEDICAL_HISTORY', '10-20 min'],
    ['FOOD', '30-45 min'],
    ['MENTAL', '5-10 min'],
    ['EXERCISE', '10-20 min'],
    ['DAY_OF_SAMPLING', '5-10 min'],
  ] as const)('%s takes %s', (type, estimate) => expect(SURVEY_ESTIMATES[type]).toBe(estimate));
});

describe('listedSurveyTypes', () => {
  it('lists every enabled questionnaire in research §4 order', () => {
    expect(QUESTIONNAIRE_ORDER).toEqual(['DAY_OF_SAMPLING', 'MEDICAL_HISTORY', 'MENTAL', 'EXERCISE', 'FOOD']);
    expect(listedSurveyTypes(allEnabled, adult)).toEqual(QUESTIONNAIRE_ORDER);
  });

  it.each([
    ['samplingSurveyEnabled', 'DAY_OF_SAMPLING'],
    ['medicalSurveyEnabled', 'MEDICAL_HISTORY'],
    ['mentalSurveyEnabled', 'MENTAL'],
    ['exerciseSurveyEnabled', 'EXERCISE'],
    ['foodSurveyEnabled', 'FOOD'],
  ] as const)('leaves %s=false out (%s)', (flag, type) => {
    const listed = listedSurveyTypes({ ...allEnabled, [flag]: false }, adult);
    expect(listed).toEqual(QUESTIONNAIRE_ORDER.filter((t) => t !== type));
  });

  it('removes MENTAL for under-age users', () =>
    expect(listedSurveyTypes(allEnabled, minor)).toEqual([
      'DAY_OF_SAMPLING',
      'MEDICAL_HISTORY',
      'EXERCISE',
      'FOOD',
    ]));

  it('lists nothing when the project enables nothing', () => {
    const none = Object.fromEntries(Object.keys(allEnabled).map((k) => [k, false])) as SurveyEnabledFlags;
    expect(listedSurveyTypes(none, adult)).toEqual([]);
  });
});

describe('isListedSurveyType (consumer §9 "Questionnaire filtering")', () => {
  it.each(SURVEY_TYPES.map((type) => [type]))('%s', (type) => {
    // Infant questionnaires are answered externally, the stool one inside a requisition form.
    const elsewhere = type.startsWith('INFANT_') || type === STOOL_SURVEY.surveyType;
    expect(isListedSurveyType(type, adult)).toBe(!elsewhere);
    expect(isListedSurveyType(type, minor)).toBe(!elsewhere && type !== 'MENTAL');
  });

  it('ignores unknown types', () => expect(isListedSurveyType('SLEEP', adult)).toBe(false));
});
