import { type AnswerRecord, isNumberLike, type SurveyQuestion } from './definition.ts';

export const TEXT_ANSWER_MAX_LENGTH = 2000;

/** Research §5 "Answers" (the number texts are the spec's; the others are ours). */
export const ANSWER_MESSAGES = {
  belowMin: 'Your reported value is below the allowable minimum value. Please check your answer.',
  aboveMax: 'Your reported value is above the allowable maximum value. Please check your answer.',
  negative: 'This number must be greater than 0',
  tooBig: 'This number is too big',
  notANumber: 'Please enter a number.',
  notWholeNumber: 'Please enter a whole number.',
  invalidDate: 'Please enter a valid date as YYYY-MM-DD.',
  futureDate: 'The date cannot be in the future.',
  yesOrNo: 'Please answer Yes or No.',
  chooseOne: 'Please choose one option.',
  chooseAtLeastOne: 'Please choose at least one option.',
  unknownOption: 'Please choose from the options given.',
  duplicateOption: 'Each option can be chosen only once.',
  textRequired: 'Please enter an answer.',
  textTooLong: `Your answer can be at most ${TEXT_ANSWER_MAX_LENGTH} characters long.`,
  wrongQuestion: 'This answer does not belong to this question.',
} as const;

export type AnswerCheck = { ok: true; value: AnswerRecord } | { ok: false; message: string };

const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const fail = (message: string): AnswerCheck => ({ ok: false, message });
const pad = (n: number) => String(n).padStart(2, '0');

/** The participant's "today" as YYYY-MM-DD: DATE answers may go up to the end of this day. */
export function latestAnswerDate(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function checkNumber(question: SurveyQuestion, text: string): string | number {
  if (!DECIMAL.test(text)) return ANSWER_MESSAGES.notANumber;
  const value = Number(text);
  if (value < 0) return ANSWER_MESSAGES.negative;
  if (value > Number.MAX_SAFE_INTEGER) return ANSWER_MESSAGES.tooBig;
  if (question.answerType !== 'NUMBER' && !Number.isInteger(value)) return ANSWER_MESSAGES.notWholeNumber;
  if (question.min != null && value < question.min) return ANSWER_MESSAGES.belowMin;
  if (question.max != null && value > question.max) return ANSWER_MESSAGES.aboveMax;
  return value;
}

function checkDate(text: string, now: Date): string | null {
  const match = ISO_DATE.exec(text);
  if (!match) return ANSWER_MESSAGES.invalidDate;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return ANSWER_MESSAGES.invalidDate;
  return text > latestAnswerDate(now) ? ANSWER_MESSAGES.futureDate : null;
}

function checkOptions(question: SurveyQuestion, ids: readonly number[]): string | null {
  if (question.answerType === 'SINGLE_OPTION' && ids.length !== 1) return ANSWER_MESSAGES.chooseOne;
  if (ids.length === 0) return ANSWER_MESSAGES.chooseAtLeastOne;
  if (new Set(ids).size !== ids.length) return ANSWER_MESSAGES.duplicateOption;
  const known = new Set(question.answers.map((o) => o.id));
  return ids.every((id) => known.has(id)) ? null : ANSWER_MESSAGES.unknownOption;
}

/**
 * Checks one answer against its question and returns it normalised: option questions keep only their
 * option ids, the others only a trimmed answerString ('true'/'false' for BOOLEAN, a canonical number,
 * YYYY-MM-DD for DATE). `now` bounds DATE answers to the end of today.
 */
export function validateAnswer(question: SurveyQuestion, record: AnswerRecord, now: Date): AnswerCheck {
  if (record.questionId !== question.questionId) return fail(ANSWER_MESSAGES.wrongQuestion);
  const text = (record.answerString ?? '').trim();
  const ok = (answers: number[], answerString: string | null): AnswerCheck => ({
    ok: true,
    value: { questionId: question.questionId, answers, answerString },
  });

  switch (question.answerType) {
    case 'SINGLE_OPTION':
    case 'MULTI_OPTION': {
      const problem = checkOptions(question, record.answers);
      return problem ? fail(problem) : ok([...record.answers], null);
    }
    case 'BOOLEAN':
      return text === 'true' || text === 'false' ? ok([], text) : fail(ANSWER_MESSAGES.yesOrNo);
    case 'DATE': {
      const problem = checkDate(text, now);
      return problem ? fail(problem) : ok([], text);
    }
    case 'TEXT':
      if (!text) return fail(ANSWER_MESSAGES.textRequired);
      return text.length > TEXT_ANSWER_MAX_LENGTH ? fail(ANSWER_MESSAGES.textTooLong) : ok([], text);
    default: {
      const result = checkNumber(question, text);
      return typeof result === 'string' ? fail(result) : ok([], String(result));
    }
  }
}

export type AnswerSaveAction =
  | { action: 'save'; value: AnswerRecord }
  | { action: 'delete'; message: string }
  | { action: 'reject'; message: string };

/**
 * Research §4 "Answer saving": a valid answer is saved; an invalid number-like answer deletes the
 * stored one (the participant still sees why); any other invalid answer is refused and nothing changes.
 */
export function answerSaveAction(
  question: SurveyQuestion,
  record: AnswerRecord,
  now: Date,
): AnswerSaveAction {
  const check = validateAnswer(question, record, now);
  if (check.ok) return { action: 'save', value: check.value };
  if (isNumberLike(question.answerType) && record.questionId === question.questionId)
    return { action: 'delete', message: check.message };
  return { action: 'reject', message: check.message };
}
