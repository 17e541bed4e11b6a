import type { AnswerRecord, AnswersByQuestionId, SurveyQuestion } from '@portal/domain';
import { useRef, useState } from 'react';
import { cardMessage } from './save-plan.ts';

/**
 * A questionnaire's answers as the person types them and what is said on each question's card, shared
 * by the questionnaire page and the stool questionnaire of the requisition form. `latest` holds the
 * answers at once, for the autosaver that reads them later; the caller saves each change.
 */
export function useAnswerCards(initial: AnswersByQuestionId) {
  const [answers, setAnswers] = useState<AnswersByQuestionId>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverMessages, setServerMessages] = useState<Readonly<Record<string, string | null>>>({});
  const latest = useRef(initial);

  /** A changed answer: kept, marked as touched, and the server's earlier word on it dropped. */
  function record(answer: AnswerRecord) {
    const { questionId } = answer;
    latest.current = { ...latest.current, [questionId]: answer };
    setAnswers(latest.current);
    setTouched((t) => new Set(t).add(questionId));
    setServerMessages((m) => ({ ...m, [questionId]: null }));
  }

  /**
   * The server holds another answer than the card shows (saved in another window): the card takes the
   * server's, untouched, with no message of its own.
   */
  function replace(questionId: string, record: AnswerRecord | undefined) {
    const { [questionId]: _, ...rest } = latest.current;
    latest.current = record ? { ...rest, [questionId]: record } : rest;
    setAnswers(latest.current);
    setTouched((t) => {
      const next = new Set(t);
      next.delete(questionId);
      return next;
    });
    setServerMessages((m) => ({ ...m, [questionId]: null }));
  }

  /** The server's word on a saved question: null when it took the answer, else why it refused it. */
  function setServerMessage(questionId: string, message: string | null) {
    setServerMessages((m) => ({ ...m, [questionId]: message }));
  }

  /** The message on a question's card: the server's, else the browser's check of a changed answer. */
  function messageFor(question: SurveyQuestion, now: Date): string | null {
    const id = question.questionId;
    return cardMessage(
      question,
      answers[id],
      { touched: touched.has(id), serverMessage: serverMessages[id] },
      now,
    );
  }

  return { answers, latest, record, replace, setServerMessage, messageFor };
}
