import { type AnswerRecord, answerSaveAction, type SurveyQuestion, validateAnswer } from '@portal/domain';

export type SavePlan = { kind: 'put'; record: AnswerRecord } | { kind: 'delete' } | { kind: 'none' };

/** Nothing chosen and nothing typed: the participant took their answer back. */
export function isBlank(record: AnswerRecord | undefined): boolean {
  return !record || (record.answers.length === 0 && !record.answerString?.trim());
}

/**
 * What saving a question's current answer sends (research §4 "Answer saving"): a valid answer is
 * saved; an invalid number is sent anyway, so the server deletes the stored one and says why; a
 * cleared answer is deleted; any other invalid answer changes nothing.
 */
export function planSave(question: SurveyQuestion, record: AnswerRecord | undefined, now: Date): SavePlan {
  if (!record || isBlank(record)) return { kind: 'delete' };
  const action = answerSaveAction(question, record, now);
  if (action.action === 'save') return { kind: 'put', record: action.value };
  if (action.action === 'delete') return { kind: 'put', record };
  return { kind: 'none' };
}

/**
 * The message on a question's card, shared by the questionnaire page and the stool questionnaire of the
 * requisition form: the server's, else the browser's check of an answer the person has changed.
 */
export function cardMessage(
  question: SurveyQuestion,
  record: AnswerRecord | undefined,
  state: { touched: boolean; serverMessage: string | null | undefined },
  now: Date,
): string | null {
  if (state.serverMessage) return state.serverMessage;
  if (!state.touched) return null;
  if (isBlank(record) && !question.compulsory) return null;
  const check = validateAnswer(
    question,
    record ?? { questionId: question.questionId, answers: [], answerString: null },
    now,
  );
  return check.ok ? null : check.message;
}
