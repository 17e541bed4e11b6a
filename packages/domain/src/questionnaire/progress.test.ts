import { describe, expect, it } from 'vitest';
import { overallProgress, surveyProgress } from './progress.ts';
import { answersOf, makeDefinition, makeQuestion } from './questionnaire.test-helpers.ts';

/*
 * 1 ANTIBIOTICS yes/no   'false' skips to 4
 * 2 WHICH       text     (follow-up)
 * 3 WHEN        date     (follow-up)
 * 4 STOOL       single   option 47 shows 5
 * 5 STOOL_OTHER text
 * 6 GLASSES     number 0-30
 * 7 NOTES       text, optional
 */
const definition = makeDefinition({
  questions: [
    makeQuestion(1, 'ANTIBIOTICS'),
    makeQuestion(2, 'WHICH', 'TEXT'),
    makeQuestion(3, 'WHEN', 'DATE'),
    makeQuestion(4, 'STOOL', 'SINGLE_OPTION', {
      options: [
        [41, 'Type 1'],
        [47, 'Something else'],
      ],
    }),
    makeQuestion(5, 'STOOL_OTHER', 'TEXT'),
    makeQuestion(6, 'GLASSES', 'NUMBER', { min: 0, max: 30 }),
    makeQuestion(7, 'NOTES', 'TEXT', { compulsory: false }),
  ],
  skipTriggers: [{ questionId: 'ANTIBIOTICS', nextQuestionId: 'STOOL', triggerValue: 'false' }],
  showTriggers: [{ questionId: 'STOOL', showQuestionId: 'STOOL_OTHER', triggerValue: '47' }],
});
const now = new Date(2026, 5, 15, 12, 0);
const progressOf = (values: Record<string, string | number[]>) =>
  surveyProgress(definition, answersOf(values), now);

describe('surveyProgress', () => {
  it.each([
    ['nothing answered counts the compulsory shown questions', {}, 5, 0],
    ['skipped follow-ups leave the total', { ANTIBIOTICS: 'false' }, 3, 1],
    ['shown follow-ups join the total', { ANTIBIOTICS: 'true', STOOL: [47] }, 6, 2],
    [
      'every shown question answered is 100% with follow-ups skipped',
      { ANTIBIOTICS: 'false', STOOL: [41], GLASSES: '8' },
      3,
      3,
    ],
    [
      'answers kept for hidden questions do not count',
      { ANTIBIOTICS: 'false', WHICH: 'amoxicillin', STOOL: [41], STOOL_OTHER: 'x', GLASSES: '8' },
      3,
      3,
    ],
    ['an answered optional question counts on both sides', { NOTES: 'none' }, 6, 1],
    ['an invalid stored answer is not completed', { GLASSES: '31', WHEN: '2026-06-16' }, 5, 0],
    [
      'all answered with follow-ups shown',
      {
        ANTIBIOTICS: 'true',
        WHICH: 'amoxicillin',
        WHEN: '2026-06-01',
        STOOL: [47],
        STOOL_OTHER: 'x',
        GLASSES: '0',
      },
      6,
      6,
    ],
  ])('%s', (_, values, totalQuestions, completedQuestions) =>
    expect(progressOf(values)).toEqual({ totalQuestions, completedQuestions }),
  );
});

describe('overallProgress', () => {
  it.each([
    ['nothing to do', [], 0, 0, 0],
    [
      'sums questionnaires',
      [
        { totalQuestions: 10, completedQuestions: 5 },
        { totalQuestions: 30, completedQuestions: 5 },
      ],
      40,
      10,
      25,
    ],
    ['rounds down so 100% means done', [{ totalQuestions: 200, completedQuestions: 199 }], 200, 199, 99],
    [
      'caps stale counts per questionnaire',
      [
        { totalQuestions: 3, completedQuestions: 5 },
        { totalQuestions: 3, completedQuestions: 0 },
      ],
      6,
      3,
      50,
    ],
    ['is 100% when all are complete', [{ totalQuestions: 3, completedQuestions: 3 }], 3, 3, 100],
  ])('%s', (_, stats, totalQuestions, completedQuestions, percent) =>
    expect(overallProgress(stats)).toEqual({ totalQuestions, completedQuestions, percent }),
  );
});
