import { describe, expect, it } from 'vitest';
import {
  answerSaveAction,
  latestAnswerDate,
  ANSWER_MESSAGES as M,
  TEXT_ANSWER_MAX_LENGTH,
  validateAnswer,
} from './answers.ts';
import { ANSWER_TYPES, type AnswerRecord, isNumberLike, type SurveyQuestion } from './definition.ts';
import { makeQuestion } from './questionnaire.test-helpers.ts';

const now = new Date(2026, 5, 15, 9, 30); // 15 June 2026, local time
const text = (q: SurveyQuestion, answerString: string | null): AnswerRecord => ({
  questionId: q.questionId,
  answers: [],
  answerString,
});
const options = (q: SurveyQuestion, answers: number[]): AnswerRecord => ({
  questionId: q.questionId,
  answers,
  answerString: null,
});
const messageOf = (q: SurveyQuestion, r: AnswerRecord) => {
  const check = validateAnswer(q, r, now);
  return check.ok ? null : check.message;
};

describe('isNumberLike', () => {
  it.each(ANSWER_TYPES.map((t) => [t]))('%s', (type) =>
    expect(isNumberLike(type)).toBe(['NUMBER', 'DURATION_IN_DAYS', 'DURATION_IN_MINUTES'].includes(type)),
  );
});

describe('number answers (research §5 "Answers")', () => {
  const days = makeQuestion(1, 'DAYS', 'DURATION_IN_DAYS', { min: 0, max: 7 });
  const minutes = makeQuestion(2, 'MINUTES', 'DURATION_IN_MINUTES', { min: 0, max: 960 });
  const weight = makeQuestion(3, 'WEIGHT', 'NUMBER', { min: 2, max: 350 });
  const free = makeQuestion(4, 'COUNT', 'NUMBER');

  it.each([
    [days, '8', M.aboveMax],
    [minutes, '961', M.aboveMax],
    [weight, '1.5', M.belowMin],
    [weight, '351', M.aboveMax],
    [weight, '-3', M.negative],
    [days, '-1', M.negative],
    [free, '-0.5', M.negative],
    [free, String(Number.MAX_SAFE_INTEGER + 2), M.tooBig],
    [free, '99999999999999999999', M.tooBig],
    [free, 'abc', M.notANumber],
    [free, '', M.notANumber],
    [free, '1e3', M.notANumber],
    [days, '2.5', M.notWholeNumber],
    [minutes, '30.5', M.notWholeNumber],
  ])('%# %j refuses %j', (q, input, message) => expect(messageOf(q, text(q, input))).toBe(message));

  it.each([
    [days, '0', '0'],
    [days, '7', '7'],
    [minutes, ' 960 ', '960'],
    [weight, '72.50', '72.5'],
    [free, String(Number.MAX_SAFE_INTEGER), String(Number.MAX_SAFE_INTEGER)],
  ])('%# accepts %j as %j', (q, input, stored) =>
    expect(validateAnswer(q, text(q, input), now)).toEqual({
      ok: true,
      value: { questionId: q.questionId, answers: [], answerString: stored },
    }),
  );
});

describe('date answers', () => {
  const q = makeQuestion(1, 'WHEN', 'DATE');

  it('allows up to the end of today', () => {
    expect(latestAnswerDate(now)).toBe('2026-06-15');
    expect(messageOf(q, text(q, '2026-06-15'))).toBeNull();
    expect(messageOf(q, text(q, '2026-06-16'))).toBe(M.futureDate);
  });

  it.each(['2026-02-29', '2026-13-01', '2026-6-1', '15/06/2026', '', 'yesterday'])('refuses %j', (input) =>
    expect(messageOf(q, text(q, input))).toBe(M.invalidDate),
  );

  it('accepts a leap day', () => expect(messageOf(q, text(q, '2024-02-29'))).toBeNull());
});

describe('yes/no answers', () => {
  const q = makeQuestion(1, 'YES_NO', 'BOOLEAN');

  it.each(['true', 'false'])('stores %s as a string', (input) =>
    expect(validateAnswer(q, { questionId: 'YES_NO', answers: [3], answerString: input }, now)).toEqual({
      ok: true,
      value: { questionId: 'YES_NO', answers: [], answerString: input },
    }),
  );

  it.each(['yes', 'TRUE', '1', '', null])('refuses %j', (input) =>
    expect(messageOf(q, text(q, input))).toBe(M.yesOrNo),
  );
});

describe('option answers', () => {
  const single = makeQuestion(1, 'ONE', 'SINGLE_OPTION', {
    options: [
      [11, 'a'],
      [12, 'b'],
    ],
  });
  const multi = makeQuestion(2, 'MANY', 'MULTI_OPTION', {
    options: [
      [21, 'a'],
      [22, 'b'],
      [23, 'c'],
    ],
  });

  it.each([
    [single, [], M.chooseOne],
    [single, [11, 12], M.chooseOne],
    [single, [21], M.unknownOption],
    [multi, [], M.chooseAtLeastOne],
    [multi, [21, 21], M.duplicateOption],
    [multi, [21, 99], M.unknownOption],
  ])('%# refuses %j', (q, ids, message) => expect(messageOf(q, options(q, ids))).toBe(message));

  it('keeps only the option ids', () => {
    expect(validateAnswer(single, { questionId: 'ONE', answers: [12], answerString: 'b' }, now)).toEqual({
      ok: true,
      value: { questionId: 'ONE', answers: [12], answerString: null },
    });
    expect(messageOf(multi, options(multi, [23, 21]))).toBeNull();
  });
});

describe('text answers', () => {
  const q = makeQuestion(1, 'NOTES', 'TEXT', { compulsory: false });

  it('trims', () =>
    expect(validateAnswer(q, text(q, '  fine  '), now)).toEqual({
      ok: true,
      value: { questionId: 'NOTES', answers: [], answerString: 'fine' },
    }));

  it.each([
    ['', M.textRequired],
    ['   ', M.textRequired],
    [null, M.textRequired],
    ['x'.repeat(TEXT_ANSWER_MAX_LENGTH + 1), M.textTooLong],
    ['x'.repeat(TEXT_ANSWER_MAX_LENGTH), null],
  ])('%# %j', (input, message) => expect(messageOf(q, text(q, input))).toBe(message));
});

describe('answerSaveAction (research §4 "Answer saving")', () => {
  const days = makeQuestion(1, 'DAYS', 'DURATION_IN_DAYS', { min: 0, max: 7 });
  const single = makeQuestion(2, 'ONE', 'SINGLE_OPTION', {
    options: [
      [11, 'a'],
      [12, 'b'],
    ],
  });

  it('saves a valid answer', () =>
    expect(answerSaveAction(days, text(days, '3'), now)).toEqual({
      action: 'save',
      value: { questionId: 'DAYS', answers: [], answerString: '3' },
    }));

  it('deletes the stored number when the new one is invalid', () =>
    expect(answerSaveAction(days, text(days, '9'), now)).toEqual({ action: 'delete', message: M.aboveMax }));

  it('refuses other invalid answers', () =>
    expect(answerSaveAction(single, options(single, [99]), now)).toEqual({
      action: 'reject',
      message: M.unknownOption,
    }));

  it('refuses an answer for another question', () =>
    expect(answerSaveAction(days, { ...text(days, '3'), questionId: 'OTHER' }, now)).toEqual({
      action: 'reject',
      message: M.wrongQuestion,
    }));
});
