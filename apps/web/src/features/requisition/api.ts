import {
  type AnswerRecord,
  type KitFormType,
  kitInfoSchema,
  type kitSubmissionSchema,
  messageResponseSchema,
  STOOL_SURVEY_ID,
  stoolAnswerSavedSchema,
  stoolAnswersSchema,
  surveyDefinitionSchema,
  visitorInfoSchema,
} from '@portal/domain';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

export const requisitionKeys = {
  kit: (kitHashedId: string, formType: KitFormType) => ['requisition', 'kit', kitHashedId, formType] as const,
  visitor: (kitHashedId: string, subjectId: string) =>
    ['requisition', 'visitor', kitHashedId, subjectId] as const,
  stoolDefinition: ['requisition', 'survey', STOOL_SURVEY_ID] as const,
  stoolAnswers: (surveyResultId: string) => ['requisition', 'survey-result', surveyResultId] as const,
};

export type KitSubmission = z.input<typeof kitSubmissionSchema>;

/** get kit info from hash id: the site, what was submitted before and the questionnaire's token. */
export function useKitInfo(kitHashedId: string, formType: KitFormType) {
  return useQuery({
    queryKey: requisitionKeys.kit(kitHashedId, formType),
    queryFn: ({ signal }) =>
      apiRequest(
        `/requisition/kits/${encodeURIComponent(kitHashedId)}?formType=${formType}`,
        { signal },
        kitInfoSchema,
      ),
    retry: false,
    // A staff member at a site works on one form; it is fetched again only after a submit.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** get visitor info: the subject's visits at the kit's site (the caller debounces the subject id). */
export function useVisitorInfo(kitHashedId: string, subjectId: string) {
  return useQuery({
    queryKey: requisitionKeys.visitor(kitHashedId, subjectId),
    queryFn: ({ signal }) =>
      apiRequest(
        `/requisition/visitors?kitHashedId=${encodeURIComponent(kitHashedId)}&subjectId=${encodeURIComponent(subjectId)}`,
        { signal },
        visitorInfoSchema,
      ),
    enabled: subjectId.length > 0,
    retry: false,
    // The form and its visits list both watch this lookup; a list that appears a moment after the form's
    // answer arrived reuses it instead of asking again. A submit refreshes it (useSubmitKit).
    staleTime: 30_000,
  });
}

/** post kit with hash id: a requisition or a replacement. */
export function useSubmitKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KitSubmission) =>
      apiRequest('/requisition/kits', { method: 'POST', body }, messageResponseSchema),
    // The subject's visits now include this kit.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['requisition', 'visitor'] }),
  });
}

/** GET questionnaire/survey/19: the stool questionnaire. */
export function useStoolDefinition(enabled: boolean) {
  return useQuery({
    queryKey: requisitionKeys.stoolDefinition,
    queryFn: ({ signal }) =>
      apiRequest(`/questionnaire/survey/${STOOL_SURVEY_ID}`, { signal }, surveyDefinitionSchema),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const tokenHeader = (token: string) => ({ 'x-survey-result-token': token });

/**
 * GET questionnaire/survey-result/{id}/survey/19 with the survey-result token. Without a survey result
 * (blood kits) there is nothing to ask for: skipToken keeps even a refetch from calling the API.
 */
export function useStoolAnswers(result: { surveyResultId: string; token: string } | undefined) {
  return useQuery({
    queryKey: requisitionKeys.stoolAnswers(result?.surveyResultId ?? ''),
    queryFn: result
      ? ({ signal }) =>
          apiRequest(
            `/questionnaire/survey-result/${encodeURIComponent(result.surveyResultId)}/survey/${STOOL_SURVEY_ID}`,
            { signal, headers: tokenHeader(result.token) },
            stoolAnswersSchema,
          ).then((data) => data.questionResultsMap)
      : skipToken,
    gcTime: 0,
  });
}

/** PUT questionnaire/survey-result/{id}/survey: one answer; a blank one clears it. */
export function putStoolAnswer(result: { surveyResultId: string; token: string }, record: AnswerRecord) {
  return apiRequest(
    `/questionnaire/survey-result/${encodeURIComponent(result.surveyResultId)}/survey`,
    { method: 'PUT', body: record, headers: tokenHeader(result.token) },
    stoolAnswerSavedSchema,
  );
}
