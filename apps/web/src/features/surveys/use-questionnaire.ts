import type { AnswerRecord, AnswersByQuestionId, SurveyDefinition, SurveyQuestion } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { useAnswerCards } from '../../lib/answer-cards.ts';
import { ApiError } from '../../lib/api-client.ts';
import { createAutosaver, type SaveStatus } from '../../lib/autosaver.ts';
import { useInvalidateKits } from '../../lib/kits-api.ts';
import { planSave } from '../../lib/save-plan.ts';
import { deleteAnswer, getAnswers, putAnswer, type ServerProgress } from './api.ts';

type Setup = {
  kitId: number;
  slug: string;
  definition: SurveyDefinition;
  initial: AnswersByQuestionId;
  /** The questionnaire's progress as the server gave it with the answers. */
  initialProgress: ServerProgress;
};

/**
 * The server's verdict on one question: null when saved, its message when refused; with the
 * questionnaire's progress as the server stored it, when it says.
 */
type Outcome = { ok: true; message: string | null; progress: ServerProgress | null } | { ok: false };

async function sendAnswer(
  { kitId, slug }: Setup,
  question: SurveyQuestion,
  record: AnswerRecord | undefined,
): Promise<Outcome> {
  const plan = planSave(question, record, new Date());
  try {
    if (plan.kind === 'none') return { ok: true, message: null, progress: null };
    const { progress } =
      plan.kind === 'put'
        ? await putAnswer(kitId, slug, plan.record)
        : await deleteAnswer(kitId, slug, question.questionId);
    return { ok: true, message: null, progress };
  } catch (error) {
    // A refusal is the answer's problem and belongs on its card; anything else is the connection's.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      const message = error.fields?.[question.questionId] ?? error.message;
      // An invalid number deleted the stored answer: the server's figure changed, so ask for it.
      const progress = await getAnswers(kitId, slug).then(
        (data) => data.progress,
        () => null,
      );
      return { ok: true, message, progress };
    }
    return { ok: false };
  }
}

/**
 * One questionnaire being answered: the participant's answers as typed, what the browser and the
 * server say about them, saving each changed question 500 ms after its last change, and the progress
 * the server computed and stored with the latest save (the browser computes none of its own).
 */
export function useQuestionnaire(setup: Setup) {
  const { answers, latest, record, setServerMessage, messageFor } = useAnswerCards(setup.initial);
  const [status, setStatus] = useState<SaveStatus>('idle');
  // The figure of the save sent last among those answered, so a late answer to an older save never
  // replaces a newer figure.
  const [progress, setProgress] = useState({ figure: setup.initialProgress, order: 0 });
  const sent = useRef(0);
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
        sent.current += 1;
        const order = sent.current;
        const outcome = await sendAnswer(setup, question, latest.current[questionId]);
        if (!outcome.ok) return false;
        setServerMessage(questionId, outcome.message);
        const figure = outcome.progress;
        if (figure) setProgress((p) => (order > p.order ? { figure, order } : p));
        return true;
      },
      onStatus: (next) => {
        setStatus(next);
        // Progress and the coach tile on the other pages follow the saved answers.
        if (next !== 'saving') void invalidateRef.current();
      },
    });
  });
  useEffect(() => () => saver.sendWaiting(), [saver]);

  function change(answer: AnswerRecord) {
    record(answer);
    saver.schedule(answer.questionId);
  }

  return { answers, status, change, messageFor, progress: progress.figure, flush: saver.flush };
}
