import {
  type AnswerRecord,
  answerDeletedSchema,
  answerSavedSchema,
  surveyAnswersSchema,
  surveyDefinitionSchema,
  type surveyProgressSchema,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';

export const surveysKeys = {
  definition: (slug: string) => ['surveys', 'definition', slug] as const,
  answers: (userId: string | null, kitId: number, slug: string) =>
    ['surveys', userId, 'answers', kitId, slug] as const,
};

/** get survey questions: the current version of a questionnaire. Versions never change once published. */
export function useSurveyDefinition(slug: string) {
  return useQuery({
    queryKey: surveysKeys.definition(slug),
    queryFn: ({ signal }) =>
      apiRequest(
        `/surveys/${encodeURIComponent(slug)}`,
        { auth: 'required', signal },
        surveyDefinitionSchema,
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A questionnaire's progress as the server computed and stored it (decision 029). */
export type ServerProgress = z.infer<typeof surveyProgressSchema>;

/** get survey answers: the stored answers and the questionnaire's progress. */
export function getAnswers(kitId: number, slug: string, signal?: AbortSignal) {
  return apiRequest(
    `/kits/${kitId}/surveys/${encodeURIComponent(slug)}/answers`,
    { auth: 'required', signal },
    surveyAnswersSchema,
  );
}

/**
 * get survey answers. The page edits its own copy once loaded, so nothing is kept after it closes:
 * opening the questionnaire again always starts from what the server holds.
 */
export function useSurveyAnswers(kitId: number, slug: string) {
  const { userId } = useSession();
  return useQuery({
    queryKey: surveysKeys.answers(userId, kitId, slug),
    queryFn: ({ signal }) => getAnswers(kitId, slug, signal),
    enabled: userId !== null,
    gcTime: 0,
  });
}

let lastSequence = 0;

/** Strictly increasing within this tab and based on the clock across tabs, so the last save wins. */
export function nextClientSequence(now: number = Date.now()): number {
  lastSequence = Math.max(now, lastSequence + 1);
  return lastSequence;
}

/**
 * put survey question. A 400 (ApiError) carries the server's message in fields[questionId]; for an
 * invalid number the stored answer has been deleted by then.
 */
export function putAnswer(kitId: number, slug: string, record: AnswerRecord, { keepalive = false } = {}) {
  return apiRequest(
    `/kits/${kitId}/surveys/${encodeURIComponent(slug)}`,
    {
      method: 'PUT',
      auth: 'required',
      body: { ...record, clientSequence: nextClientSequence() },
      keepalive,
    },
    answerSavedSchema,
  );
}

/** delete survey answer. */
export function deleteAnswer(kitId: number, slug: string, questionId: string, { keepalive = false } = {}) {
  return apiRequest(
    `/kits/${kitId}/surveys/${encodeURIComponent(slug)}/answers/${encodeURIComponent(questionId)}`,
    { method: 'DELETE', auth: 'required', keepalive },
    answerDeletedSchema,
  );
}
