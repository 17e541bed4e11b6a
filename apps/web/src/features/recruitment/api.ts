import {
  candidateValidatedSchema,
  consentAnsweredSchema,
  type consentAnswerSchema,
  type expressionOfInterestSchema,
  messageResponseSchema,
  recruitmentConsentSchema,
  recruitmentStudySchema,
  recruitmentUnsubscribeInfoSchema,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

/** Where one candidate's consent lives; the candidate id is the unguessable part of the emailed link. */
export type ConsentAddress = { recruitmentId: string; candidateId: string; consentId: string };

const consentPath = ({ recruitmentId, candidateId, consentId }: ConsentAddress) =>
  `/recruitment/${encodeURIComponent(recruitmentId)}/candidate/${encodeURIComponent(candidateId)}/consent/${encodeURIComponent(consentId)}`;

export const recruitmentKeys = {
  study: (recruitmentId: string) => ['recruitment', recruitmentId] as const,
  candidate: (recruitmentId: string, candidateId: string) =>
    ['recruitment', recruitmentId, 'candidate', candidateId] as const,
  consent: (address: ConsentAddress) =>
    [...recruitmentKeys.candidate(address.recruitmentId, address.candidateId), address.consentId] as const,
  unsubscribe: (token: string | null) => ['recruitment', 'unsubscribe', token] as const,
};

export type ConsentAnswer = z.output<typeof consentAnswerSchema>;
export type ExpressionOfInterest = z.output<typeof expressionOfInterestSchema>;

/** get recruitment consent: the consent, the candidate's details and earlier answer. */
export function useRecruitmentConsent(address: ConsentAddress) {
  return useQuery({
    queryKey: recruitmentKeys.consent(address),
    queryFn: ({ signal }) => apiRequest(consentPath(address), { signal }, recruitmentConsentSchema),
  });
}

/** put recruitment candidate consent: the answer with the (possibly corrected) candidate details. */
export function useAnswerConsent(address: ConsentAddress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: ConsentAnswer) =>
      apiRequest(consentPath(address), { method: 'PUT', body: answer }, consentAnsweredSchema),
    // Every consent of this candidate shows their details, which this answer may have changed.
    onSuccess: () => {
      void queryClient.invalidateQueries({
        queryKey: recruitmentKeys.candidate(address.recruitmentId, address.candidateId),
      });
    },
  });
}

/** Who the unsubscribe link is for, and whether they already unsubscribed. */
export function useUnsubscribeInfo(token: string | null) {
  return useQuery({
    queryKey: recruitmentKeys.unsubscribe(token),
    queryFn: ({ signal }) =>
      apiRequest(
        `/recruitment/unsubscribe?token=${encodeURIComponent(token ?? '')}`,
        { signal },
        recruitmentUnsubscribeInfoSchema,
      ),
    enabled: token !== null,
    retry: false,
  });
}

/** post recruitment candidate unsubscribe. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/recruitment/unsubscribe', { method: 'POST', body: { token } }, messageResponseSchema),
  });
}

/** The study a person can express interest in. */
export function useStudy(recruitmentId: string, enabled: boolean) {
  return useQuery({
    queryKey: recruitmentKeys.study(recruitmentId),
    queryFn: ({ signal }) =>
      apiRequest(`/recruitment/${encodeURIComponent(recruitmentId)}`, { signal }, recruitmentStudySchema),
    enabled,
  });
}

/**
 * post recruitment candidate: the expression of interest; the server emails a validation link. The
 * answer carries no candidate id: only the email does.
 */
export function useExpressInterest() {
  return useMutation({
    mutationFn: (body: ExpressionOfInterest) =>
      apiRequest('/recruitment/candidates', { method: 'POST', body }, messageResponseSchema),
  });
}

/**
 * The validation link's token, sent once the candidate opens the emailed link: their consents open.
 * Opening the link again is harmless, so it is a query (one call per token, not repeated on failure).
 */
export function useValidateCandidate(address: ConsentAddress, token: string | null) {
  const { recruitmentId, candidateId } = address;
  return useQuery({
    queryKey: [...recruitmentKeys.candidate(recruitmentId, candidateId), 'validate', token] as const,
    queryFn: ({ signal }) =>
      apiRequest(
        `/recruitment/${encodeURIComponent(recruitmentId)}/candidate/${encodeURIComponent(candidateId)}/validate`,
        { method: 'POST', body: { token }, signal },
        candidateValidatedSchema,
      ),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
