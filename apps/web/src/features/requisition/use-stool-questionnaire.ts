import type { AnswerRecord, AnswersByQuestionId, SurveyDefinition, SurveyQuestion } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { createAutosaver, type SaveStatus } from '../../lib/autosaver.ts';
import { cardMessage, planSave } from '../../lib/save-plan.ts';
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
  const [answers, setAnswers] = useState<AnswersByQuestionId>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverMessages, setServerMessages] = useState<Readonly<Record<string, string | null>>>({});
  const [status, setStatus] = useState<SaveStatus>('idle');
  const latest = useRef(initial);

  const [saver] = useState(() => {
    const byKey = new Map(definition.questions.map((q) => [q.questionId, q]));
    return createAutosaver({
      save: async (questionId) => {
        const question = byKey.get(questionId);
        if (!question) return true;
        const record = latest.current[questionId];
        const plan = planSave(question, record, new Date());
        try {
          if (plan.kind === 'put') await putStoolAnswer(result, plan.record);
          if (plan.kind === 'delete')
            await putStoolAnswer(result, { questionId, answers: [], answerString: null });
          setServerMessages((m) => ({ ...m, [questionId]: null }));
          return true;
        } catch (error) {
          if (error instanceof ApiError && error.status === 400) {
            setServerMessages((m) => ({ ...m, [questionId]: error.fields?.[questionId] ?? error.message }));
            return true;
          }
          return false;
        }
      },
      onStatus: setStatus,
    });
  });
  useEffect(() => () => saver.sendWaiting(), [saver]);

  function change(record: AnswerRecord) {
    latest.current = { ...latest.current, [record.questionId]: record };
    setAnswers(latest.current);
    setTouched((t) => new Set(t).add(record.questionId));
    setServerMessages((m) => ({ ...m, [record.questionId]: null }));
    saver.schedule(record.questionId);
  }

  function messageFor(question: SurveyQuestion, now: Date): string | null {
    const id = question.questionId;
    return cardMessage(
      question,
      answers[id],
      { touched: touched.has(id), serverMessage: serverMessages[id] },
      now,
    );
  }

  return { answers, status, change, messageFor, flush: saver.flush, current: () => latest.current };
}

export type StoolQuestionnaire = ReturnType<typeof useStoolQuestionnaire>;
