import type { AnswerRecord, AnswersByQuestionId, SurveyDefinition } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useAnswerCards } from '../../lib/answer-cards.ts';
import { ApiError } from '../../lib/api-client.ts';
import { createAutosaver, type SaveStatus } from '../../lib/autosaver.ts';
import { planSave } from '../../lib/save-plan.ts';
import { putStoolAnswer } from './api.ts';

type Setup = {
  result: { surveyResultId: string; token: string };
  definition: SurveyDefinition;
  initial: AnswersByQuestionId;
};

/**
 * The stool questionnaire inside a requisition form: the questionnaire engine's autosave (500 ms per
 * question), sent with the kit's survey-result token instead of an account.
 */
export function useStoolQuestionnaire({ result, definition, initial }: Setup) {
  const { answers, latest, record, setServerMessage, messageFor } = useAnswerCards(initial);
  const [status, setStatus] = useState<SaveStatus>('idle');

  const [saver] = useState(() => {
    const byKey = new Map(definition.questions.map((q) => [q.questionId, q]));
    return createAutosaver({
      save: async (questionId) => {
        const question = byKey.get(questionId);
        if (!question) return true;
        const plan = planSave(question, latest.current[questionId], new Date());
        try {
          if (plan.kind === 'put') await putStoolAnswer(result, plan.record);
          if (plan.kind === 'delete')
            await putStoolAnswer(result, { questionId, answers: [], answerString: null });
          setServerMessage(questionId, null);
          return true;
        } catch (error) {
          if (error instanceof ApiError && error.status === 400) {
            setServerMessage(questionId, error.fields?.[questionId] ?? error.message);
            return true;
          }
          return false;
        }
      },
      onStatus: setStatus,
    });
  });
  useEffect(() => () => saver.sendWaiting(), [saver]);

  function change(answer: AnswerRecord) {
    record(answer);
    saver.schedule(answer.questionId);
  }

  return { answers, status, change, messageFor, flush: saver.flush, current: () => latest.current };
}

export type StoolQuestionnaire = ReturnType<typeof useStoolQuestionnaire>;
