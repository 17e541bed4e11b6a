import {
  type ConsentPage,
  documentVersionSchema,
  type EmailPreferencesUpdate,
  emailPreferencesSchema,
  myConsentSchema,
  myConsentsSchema,
  PROFILE_CONSENT_FLOW_ID,
  reconsentSchema,
  versionComparisonSchema,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { currentUserQueryKey } from '../../lib/current-user.ts';
import { useSession } from '../../lib/session.ts';

/** "Your consents": every consent answered, with its history (issue 23). */
export function useMyConsents() {
  const { userId } = useSession();
  return useQuery({
    queryKey: ['my-consents', userId],
    queryFn: ({ signal }) => apiRequest('/me/consents', { auth: 'required', signal }, myConsentsSchema),
    enabled: userId !== null,
  });
}

/**
 * Withdraws a consent. The profile's data-usage question and the signed-in user (agreeToDataUsage)
 * change with it on the server, so both are fetched again.
 */
export function useWithdrawConsent() {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consentId: number) =>
      apiRequest(
        `/me/consents/${consentId}/withdrawal`,
        { method: 'POST', auth: 'required' },
        myConsentSchema,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['my-consents', userId] }),
        queryClient.invalidateQueries({ queryKey: ['consent-flow', PROFILE_CONSENT_FLOW_ID, userId] }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey(userId) }),
      ]),
  });
}

/** One version of a document, read when the person opens it. */
export function useDocumentVersion(consentId: number, version: string | null) {
  return useQuery({
    queryKey: ['document-version', consentId, version],
    queryFn: ({ signal }) =>
      apiRequest(
        `/documents/${consentId}/versions/${encodeURIComponent(version ?? '')}`,
        { signal },
        documentVersionSchema,
      ),
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Two versions of a document compared word by word, once the person asks. */
export function useVersionComparison(consentId: number, pair: { from: string; to: string } | null) {
  return useQuery({
    queryKey: ['document-compare', consentId, pair?.from, pair?.to],
    queryFn: ({ signal }) =>
      apiRequest(
        `/documents/${consentId}/compare?from=${encodeURIComponent(pair?.from ?? '')}&to=${encodeURIComponent(pair?.to ?? '')}`,
        { signal },
        versionComparisonSchema,
      ),
    enabled: pair !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const reconsentKey = (userId: string | null) => ['re-consent', userId];

/** The documents changed materially since the person agreed to them (issue 36). */
export function useReconsent() {
  const { userId } = useSession();
  return useQuery({
    queryKey: reconsentKey(userId),
    queryFn: ({ signal }) => apiRequest('/me/re-consent', { auth: 'required', signal }, reconsentSchema),
    enabled: userId !== null,
  });
}

/** Answers a consent through a page of the ledger; what depends on it is fetched again. */
export function useAnswerConsent(page: ConsentPage) {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ consentId, consented }: { consentId: number; consented: boolean }) =>
      apiRequest(`/consent/${consentId}`, {
        method: 'POST',
        auth: 'required',
        body: { consentId, consenterType: 'USER', consenterId: userId, consented, page },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reconsentKey(userId) }),
        queryClient.invalidateQueries({ queryKey: ['my-consents', userId] }),
        queryClient.invalidateQueries({ queryKey: ['consent-flow', PROFILE_CONSENT_FLOW_ID, userId] }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey(userId) }),
      ]),
  });
}

const preferencesKey = (userId: string | null) => ['email-preferences', userId];

/** The person's email categories, each on or off. */
export function useEmailPreferences() {
  const { userId } = useSession();
  return useQuery({
    queryKey: preferencesKey(userId),
    queryFn: ({ signal }) =>
      apiRequest('/me/email-preferences', { auth: 'required', signal }, emailPreferencesSchema),
    enabled: userId !== null,
  });
}

export function useSaveEmailPreferences() {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailPreferencesUpdate) =>
      apiRequest('/me/email-preferences', { method: 'PUT', auth: 'required', body }, emailPreferencesSchema),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey(userId), saved),
  });
}
