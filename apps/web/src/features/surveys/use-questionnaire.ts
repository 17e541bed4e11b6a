import type { AnswerRecord, AnswersByQuestionId, SurveyDefinition, SurveyQuestion } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useInvalidateKits } from '../kits/api.ts';
import { deleteAnswer, putAnswer } from './api.ts';
import { createAutosaver, type SaveStatus } from './autosaver.ts';
import { cardMessage, planSave } from './save-plan.ts';

type Setup = { kitId: number; slug: string; definition: SurveyDefinition; initial: AnswersByQuestionId };

/** The server's verdict on one question: null when saved, its message when refused. */
type Outcome = { ok: true; message: string | null } | { ok: false };

async function sendAnswer(
  { kitId, slug }: Setup,
  question: SurveyQuestion,
  record: AnswerRecord | undefined,
): Promise<Outcome> {
  const plan = planSave(question, record, new Date());
  try {
    if (plan.kind === 'put') await putAnswer(kitId, slug, plan.record);
    if (plan.kind === 'delete') await deleteAnswer(kitId, slug, question.questionId);
    return { ok: true, message: null };
  } catch (error) {
    // A refusal is the answer's problem and belongs on its card; anything else is the connection's.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
      return { ok: true, message: error.fields?.[question.questionId] ?? error.message };
    return { ok: false };
  }
}

/**
 * One questionnaire being answered: the participant's answers as typed, what the browser and the
 * server say about them, and saving each changed question 500 ms after its last change.
 */
export function useQuestionnaire(setup: Setup) {
  const [answers, setAnswers] = useState<AnswersByQuestionId>(setup.initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverMessages, setServerMessages] = useState<Readonly<Record<string, string | null>>>({});
  const [status, setStatus] = useState<SaveStatus>('idle');
  const latest = useRef(setup.initial);
  const invalidateKits = useInvalidateKits();
  const invalidateRef = useRef(invalidateKits);
  useEffect(() => {
    invalidateRef.current = invalidateKits;
  });

  // The page is keyed by kit and questionnaire, so the setup never changes for one saver.
  const [saver] = useState(() => {
    const byKey = new Map(setup.definition.questions.map((q) => [q.questionId, q]));
    return createAutosaver({
      save: async (questionId) => {
        const question = byKey.get(questionId);
        if (!question) return true;
        const outcome = await sendAnswer(setup, question, latest.current[questionId]);
        if (outcome.ok) setServerMessages((m) => ({ ...m, [questionId]: outcome.message }));
        return outcome.ok;
      },
      onStatus: (next) => {
        setStatus(next);
        // Progress and the coach tile on the other pages follow the saved answers.
        if (next !== 'saving') void invalidateRef.current();
      },
    });
  });
  useEffect(() => () => saver.sendWaiting(), [saver]);

  function change(record: AnswerRecord) {
    const { questionId } = record;
    latest.current = { ...latest.current, [questionId]: record };
    setAnswers(latest.current);
    setTouched((t) => new Set(t).add(questionId));
    setServerMessages((m) => ({ ...m, [questionId]: null }));
    saver.schedule(questionId);
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

  return { answers, status, change, messageFor, flush: saver.flush };
}
