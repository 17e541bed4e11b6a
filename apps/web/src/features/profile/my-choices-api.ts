import {
  type EmailPreferencesUpdate,
  emailPreferencesSchema,
  myConsentSchema,
  myConsentsSchema,
  PROFILE_CONSENT_FLOW_ID,
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
