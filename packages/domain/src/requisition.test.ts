import { describe, expect, it } from 'vitest';
import type { SurveyDefinition } from './questionnaire/definition.ts';
import {
  collectionTime,
  duplicateKitProblem,
  formTypeOfKit,
  hourProblem,
  kitSubmissionSchema,
  REQUISITION_MESSAGES as M,
  minuteProblem,
  pendingReplacementProblem,
  type RequisitionFormValues,
  replacementEntryProblem,
  replacementErrorHolds,
  replacementFormSchema,
  requisitionFormSchema,
  sampleReplacementProblem,
  sampleReplacementsProblem,
  siteTimeToEpoch,
  siteTimeToIso,
  unansweredCompulsory,
} from './requisition.ts';

const form: RequisitionFormValues = {
  subjectId: 'S-001',
  yearOfBirth: '1980',
  gender: 'FEMALE',
  studyVisit: 'SV1',
  collectionDate: '01/03/2026',
  collectionHour: '9',
  collectionMinute: '05',
  note: '',
};

/** The message the form schema gives for one field, or undefined when the field is fine. */
function messageFor(values: Partial<RequisitionFormValues>, field: keyof RequisitionFormValues) {
  const result = requisitionFormSchema.safeParse({ ...form, ...values });
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
}

describe('requisition form rules (research §5)', () => {
  it('accepts a complete form', () => expect(requisitionFormSchema.safeParse(form).success).toBe(true));

  it.each([
    ['subjectId', { subjectId: '  ' }, M.subjectIdRequired],
    ['gender', { gender: '' }, M.genderRequired],
    ['gender', { gender: 'OTHER' }, M.genderRequired],
    ['studyVisit', { studyVisit: '' }, M.studyVisitRequired],
    ['studyVisit', { studyVisit: 'SV3' }, M.studyVisitRequired],
    ['yearOfBirth', { yearOfBirth: '' }, M.yearOfBirthRequired],
    ['yearOfBirth', { yearOfBirth: '1899' }, 'The year of birth has to be at least 1900.'],
    ['yearOfBirth', { yearOfBirth: '19a0' }, M.yearOfBirthMin],
    ['yearOfBirth', { yearOfBirth: '1900' }, undefined],
    ['yearOfBirth', { yearOfBirth: '3000' }, M.yearOfBirthFuture],
    ['collectionDate', { collectionDate: '' }, 'Collection date is required'],
    ['collectionDate', { collectionDate: '30/02/2026' }, M.collectionDateFormInvalid],
    // Typed DD/MM/YYYY, whatever the browser's locale: an ISO or US-style date is refused.
    ['collectionDate', { collectionDate: '2026-03-01' }, 'Collection date must be a real date as DD/MM/YYYY'],
    ['collectionDate', { collectionDate: '03/31/2026' }, M.collectionDateFormInvalid],
    ['collectionDate', { collectionDate: '31/03/2026' }, undefined],
    ['collectionHour', { collectionHour: '', collectionMinute: '' }, 'Collection time is required'],
    ['collectionHour', { collectionHour: '24' }, M.hourInvalid],
    ['collectionMinute', { collectionMinute: '60' }, M.minuteInvalid],
    ['collectionMinute', { collectionMinute: '' }, M.minuteInvalid],
  ] as const)('%s %j → %s', (field, values, message) => {
    expect(messageFor(values, field)).toBe(message);
  });

  it.each([
    ['0', null],
    ['23', null],
    ['07', null],
    ['24', M.hourInvalid],
    ['-1', M.hourInvalid],
    ['1.5', M.hourInvalid],
    ['1e1', M.hourInvalid],
    [' 1', M.hourInvalid],
    ['', M.hourInvalid],
  ])('hour %j → %s', (text, message) => expect(hourProblem(text)).toBe(message));

  it.each([
    ['0', null],
    ['59', null],
    ['60', M.minuteInvalid],
    ['5a', M.minuteInvalid],
    ['100', M.minuteInvalid],
  ])('minute %j → %s', (text, message) => expect(minuteProblem(text)).toBe(message));

  it('joins hour and minute as HH:mm', () => expect(collectionTime('9', '5')).toBe('09:05'));
});

describe('tube replacements', () => {
  const list = [{ replaced: 'T1', replacedBy: 'R1' }];
  it.each([
    [{ replaced: 'T2', replacedBy: 'R2' }, null],
    [{ replaced: 'T1', replacedBy: 'R2' }, 'Tube T1 has been replaced.'],
    [{ replaced: 'T2', replacedBy: 'R1' }, 'Replacement tube R1 has been used.'],
  ])('adding %j → %s', (entry, message) => expect(sampleReplacementProblem(list, entry)).toBe(message));

  it('finds the first duplicate of a whole list', () => {
    expect(sampleReplacementsProblem([...list, { replaced: 'T2', replacedBy: 'R1' }])).toBe(
      M.replacementUsed('R1'),
    );
    expect(sampleReplacementsProblem([...list, { replaced: 'T2', replacedBy: 'R2' }])).toBeNull();
  });

  it.each([
    [{ replaced: '', replacedBy: '' }, null],
    // A tube left chosen with no replacement typed holds nothing to add.
    [{ replaced: 'T1', replacedBy: '' }, null],
    [{ replaced: 'T1', replacedBy: '  ' }, null],
    [{ replaced: 'T1', replacedBy: 'R2' }, 'Please add the replacement kit by clicking "Click to Add"'],
    [{ replaced: '', replacedBy: 'R1' }, M.clickToAdd],
  ])('an entry typed but not added %j → %s', (draft, message) =>
    expect(pendingReplacementProblem(draft)).toBe(message),
  );

  it.each([
    [{ replaced: '', replacedBy: 'R2' }, M.tubeRequired],
    [{ replaced: 'T2', replacedBy: ' ' }, M.replacementTubeRequired],
    [{ replaced: 'T2', replacedBy: ' R1 ' }, M.replacementUsed('R1')],
    [{ replaced: 'T2', replacedBy: 'R2' }, null],
  ])('Click to Add of %j → %s', (draft, message) =>
    expect(replacementEntryProblem(list, draft)).toBe(message),
  );

  it.each([
    // The duplicate replacement is cleared from the box: its error goes.
    [M.replacementUsed('R1'), { replaced: 'T2', replacedBy: '' }, false],
    [M.replacementUsed('R1'), { replaced: 'T2', replacedBy: 'R1' }, true],
    [M.tubeReplaced('T1'), { replaced: 'T2', replacedBy: 'R2' }, false],
    [M.tubeRequired, { replaced: 'T2', replacedBy: 'R2' }, false],
    [M.clickToAdd, { replaced: 'T2', replacedBy: 'R3' }, true],
    [M.clickToAdd, { replaced: 'T2', replacedBy: '' }, false],
  ])('the error %s still holds for %j: %s', (error, draft, holds) =>
    expect(replacementErrorHolds(error, list, draft)).toBe(holds),
  );
});

describe('a second kit of a type for a study visit (research §5)', () => {
  const visits = [
    { studyVisit: 'SV1', kitTypes: ['ORBITM_B_KIT', 'ORBITM_S_KIT'] },
    { studyVisit: 'SV2', kitTypes: ['ORBITM_S_KIT'] },
  ];
  const fresh = { studyVisit: null, subjectId: null };
  const choose = (studyVisit: string, kitType: 'ORBITM_B_KIT' | 'ORBITM_S_KIT' = 'ORBITM_B_KIT') => ({
    kitType,
    studyVisit,
    subjectId: 'S-001',
  });

  it('refuses a visit that already holds a kit of this type, word for word', () => {
    expect(duplicateKitProblem(visits, choose('SV1'), fresh)).toBe(
      'A kit of this type already exists for this subject for the given study visit',
    );
    expect(duplicateKitProblem(visits, choose('SV2', 'ORBITM_S_KIT'), fresh)).toBe(M.duplicateKit);
  });

  it('accepts a visit without a kit of this type, and no visit or subject yet', () => {
    expect(duplicateKitProblem(visits, choose('SV2'), fresh)).toBeNull();
    expect(duplicateKitProblem([], choose('SV1'), fresh)).toBeNull();
    expect(duplicateKitProblem(visits, choose(''), fresh)).toBeNull();
    expect(duplicateKitProblem(visits, { ...choose('SV1'), subjectId: ' ' }, fresh)).toBeNull();
  });

  it("does not count this kit's own saved visit for the same subject", () => {
    const saved = { studyVisit: 'SV1', subjectId: 'S-001' };
    expect(duplicateKitProblem(visits, choose('SV1'), saved)).toBeNull();
    expect(duplicateKitProblem(visits, choose('SV1'), { ...saved, subjectId: 'S-002' })).toBe(M.duplicateKit);
  });
});

describe('site times', () => {
  it.each([
    // Brisbane has no daylight saving: always UTC+10.
    ['2026-03-01', '09:30', 'Australia/Brisbane', '2026-02-28T23:30:00.000Z', '2026-03-01T09:30:00+10:00'],
    // Sydney in January is on daylight time (UTC+11), in July on standard time (UTC+10).
    ['2026-01-15', '00:00', 'Australia/Sydney', '2026-01-14T13:00:00.000Z', '2026-01-15T00:00:00+11:00'],
    ['2026-07-15', '23:59', 'Australia/Sydney', '2026-07-15T13:59:00.000Z', '2026-07-15T23:59:00+10:00'],
    ['2026-07-15', '12:00', 'Pacific/Auckland', '2026-07-15T00:00:00.000Z', '2026-07-15T12:00:00+12:00'],
    ['2026-07-15', '12:00', 'UTC', '2026-07-15T12:00:00.000Z', '2026-07-15T12:00:00+00:00'],
  ])('%s %s in %s is %s', (date, time, zone, instant, iso) => {
    expect(new Date(siteTimeToEpoch(date, time, zone)).toISOString()).toBe(instant);
    expect(siteTimeToIso(date, time, zone)).toBe(iso);
  });

  it.each([
    // Sydney's daylight saving starts 4 October 2026 at 02:00 (clocks go to 03:00).
    ['2026-10-04', '01:59', '2026-10-03T15:59:00.000Z', '2026-10-04T01:59:00+10:00'],
    ['2026-10-04', '03:00', '2026-10-03T16:00:00.000Z', '2026-10-04T03:00:00+11:00'],
    // 02:30 never shows on the clock that night: read with the offset before the change, it is 03:30.
    ['2026-10-04', '02:30', '2026-10-03T16:30:00.000Z', '2026-10-04T03:30:00+11:00'],
    // It ends 5 April 2026 at 03:00 (clocks go back to 02:00): 01:59 is still daylight time...
    ['2026-04-05', '01:59', '2026-04-04T14:59:00.000Z', '2026-04-05T01:59:00+11:00'],
    // ...02:30 happens twice, and the second (standard time) is taken; 03:00 is standard time.
    ['2026-04-05', '02:30', '2026-04-04T16:30:00.000Z', '2026-04-05T02:30:00+10:00'],
    ['2026-04-05', '03:00', '2026-04-04T17:00:00.000Z', '2026-04-05T03:00:00+10:00'],
  ])('across a Sydney daylight-saving change, %s %s is %s', (date, time, instant, iso) => {
    expect(new Date(siteTimeToEpoch(date, time, 'Australia/Sydney')).toISOString()).toBe(instant);
    expect(siteTimeToIso(date, time, 'Australia/Sydney')).toBe(iso);
  });

  it('keeps a 24-hour day across the change: 01:59 and 03:00 on the October change are one minute apart', () => {
    const before = siteTimeToEpoch('2026-10-04', '01:59', 'Australia/Sydney');
    const after = siteTimeToEpoch('2026-10-04', '03:00', 'Australia/Sydney');
    expect(after - before).toBe(60_000);
  });
});

describe('replacement form rules', () => {
  it.each([
    [{ siteNumber: '', subjectId: 'S1', replacedKitHashedId: 'abc' }, 'Site number required'],
    [{ siteNumber: '1', subjectId: ' ', replacedKitHashedId: 'abc' }, 'Subject ID required'],
    [{ siteNumber: '1', subjectId: 'S1', replacedKitHashedId: '' }, M.replacedKitRequired],
  ])('%j → %s', (values, message) => {
    const result = replacementFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('post kit with hash id', () => {
  const requisition = {
    formType: 'requisition-form',
    kitHashedId: 'abc',
    visitor: { externalReference: 'S1', yearOfBirth: 1980, gender: 'MALE' },
    studyVisit: 'SV2',
    collections: [
      {
        kitHashedId: 'abc',
        collectionDateAtSiteTimezone: '2026-03-01',
        collectionTimeAtSiteTimezone: '09:30',
      },
    ],
    sampleReplacements: [],
  };
  it('reads a requisition and a replacement by their form type', () => {
    expect(kitSubmissionSchema.safeParse(requisition).success).toBe(true);
    expect(
      kitSubmissionSchema.safeParse({
        formType: 'replacement-form',
        kitHashedId: 'r',
        replacedKitHashedId: 'abc',
        siteNumber: 1,
        subjectId: 'S1',
      }).success,
    ).toBe(true);
  });
  it.each([
    [{ visitor: { ...requisition.visitor, yearOfBirth: 1899 } }, M.yearOfBirthMin],
    [
      { collections: [{ ...requisition.collections[0], collectionTimeAtSiteTimezone: '24:00' }] },
      M.collectionTimeRequired,
    ],
    [
      {
        sampleReplacements: [
          { replaced: 'T1', replacedBy: 'R1' },
          { replaced: 'T1', replacedBy: 'R2' },
        ],
      },
      M.tubeReplaced('T1'),
    ],
  ])('refuses %j with %s', (change, message) => {
    const result = kitSubmissionSchema.safeParse({ ...requisition, ...change });
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
  it('knows which form a kit type opens', () => {
    expect(formTypeOfKit('ORBITM_B_KIT')).toBe('requisition-form');
    expect(formTypeOfKit('ORBITM_S_KIT')).toBe('requisition-form');
    expect(formTypeOfKit('ORBITM_R_KIT')).toBe('replacement-form');
  });
});

describe('compulsory stool questions', () => {
  const definition = {
    surveyType: 'STOOL_SAMPLE',
    version: 1,
    title: 't',
    description: 'd',
    howTo: 'h',
    estimate: '2-5 min',
    sections: {},
    questions: [
      {
        id: 1,
        questionId: 'A',
        question: 'A?',
        answerType: 'BOOLEAN',
        answers: [],
        questionNumber: 1,
        compulsory: true,
      },
      {
        id: 2,
        questionId: 'B',
        question: 'B?',
        answerType: 'TEXT',
        answers: [],
        questionNumber: 2,
        compulsory: true,
      },
      {
        id: 3,
        questionId: 'C',
        question: 'C?',
        answerType: 'TEXT',
        answers: [],
        questionNumber: 3,
        compulsory: false,
      },
    ],
    skipTriggers: [{ questionId: 'A', nextQuestionId: 'C', triggerValue: 'false' }],
    showTriggers: [],
  } as SurveyDefinition;
  const now = new Date('2026-03-01T00:00:00Z');
  const answer = (questionId: string, answerString: string) => ({ questionId, answers: [], answerString });

  it.each([
    [{}, ['A', 'B']],
    [{ A: answer('A', 'true') }, ['B']],
    [{ A: answer('A', 'false') }, []],
    [{ A: answer('A', 'maybe') }, ['A', 'B']],
    [{ A: answer('A', 'true'), B: answer('B', 'soft') }, []],
  ])('answers %j leave %j unanswered', (answers, expected) => {
    expect(unansweredCompulsory(definition, answers, now).map((q) => q.questionId)).toEqual(expected);
  });
});
