import type { ProfileFieldsInput } from '@portal/domain';
import {
  consentFlowSchema,
  messageResponseSchema,
  myAuditPageSchema,
  PROFILE_CONSENT_FLOW_ID,
  parentalConsentStatusSchema,
  supportViewsSchema,
} from '@portal/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, freshAccessToken } from '../../lib/api-client.ts';
import { currentUserQueryKey, currentUserSchema } from '../../lib/current-user.ts';
import { keysetPages } from '../../lib/list-queries.ts';
import { useSession } from '../../lib/session.ts';

export function useDataUsageConsentFlow(userId: string | null) {
  return useQuery({
    queryKey: ['consent-flow', PROFILE_CONSENT_FLOW_ID, userId],
    queryFn: ({ signal }) =>
      apiRequest(
        `/consent-flow/${PROFILE_CONSENT_FLOW_ID}?consenter-type=USER&consenter-id=${encodeURIComponent(userId ?? '')}`,
        { auth: 'required', signal },
        consentFlowSchema,
      ),
    enabled: userId !== null,
  });
}

export function postConsentResponse(userId: string, consentId: string | number, consented: boolean) {
  return apiRequest(`/consent/${consentId}`, {
    method: 'POST',
    auth: 'required',
    body: { consentId, consenterType: 'USER', consenterId: userId, consented },
  });
}

/**
 * The body of putUser: the domain's profile fields and the version the form loaded. The version is
 * always named; /users/me is read leniently here, so it may be unknown, and then the server refuses
 * the save (400, fields.version) and the form loads the latest version.
 */
export type ProfileUpdate = ProfileFieldsInput & { version: number | undefined };

export function putProfile(body: ProfileUpdate) {
  return apiRequest('/users/me', { method: 'PUT', auth: 'required', body }, currentUserSchema);
}

/** Who viewed my data: the support views of the signed-in person's account, newest first. */
export function useSupportViews() {
  const { userId } = useSession();
  return useQuery({
    queryKey: ['support-views', userId],
    queryFn: ({ signal }) =>
      apiRequest('/users/me/support-views', { auth: 'required', signal }, supportViewsSchema),
    enabled: userId !== null,
  });
}

/** What staff did on the signed-in person's account, newest first, a page at a time (keyset `next`). */
export function useMyStaffActions() {
  const { userId } = useSession();
  return useInfiniteQuery({
    queryKey: ['my-audit', userId],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        `/me/audit${pageParam ? `?after=${encodeURIComponent(pageParam)}` : ''}`,
        { auth: 'required', signal },
        myAuditPageSchema,
      ),
    ...keysetPages,
    enabled: userId !== null,
  });
}

/** Refetches the signed-in user so the profile and the layout's banners show the saved state. */
export function useRefreshCurrentUser() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey(userId) });
}

export function useEmailConsentForm() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest(
        '/users/me/parental-consent/email',
        { method: 'POST', auth: 'required', body: { email } },
        messageResponseSchema,
      ),
  });
}

/** Multipart upload of the signed consent form (field `file`); apiRequest only sends JSON. */
export async function uploadConsentForm(file: File): Promise<void> {
  const token = await freshAccessToken();
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/users/me/parental-consent/form', {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, '', 'NETWORK_ERROR');
  }
  if (response.ok) return;
  let message = '';
  let code = 'UNKNOWN';
  try {
    const payload = (await response.json()) as { message?: string; code?: string };
    message = payload.message ?? '';
    code = payload.code ?? code;
  } catch {
    // No JSON body: the caller shows its generic failure text.
  }
  throw new ApiError(response.status, message, code);
}

export function useUploadConsentForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadConsentForm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['parental-consent'] }),
  });
}

/** The person's parental consent form: none, waiting, approved, or declined with staff's reason. */
export function useParentalConsentStatus() {
  return useQuery({
    queryKey: ['parental-consent'],
    queryFn: ({ signal }) =>
      apiRequest('/users/me/parental-consent', { auth: 'required', signal }, parentalConsentStatusSchema),
  });
}
