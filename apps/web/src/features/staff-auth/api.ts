import {
  invitationAcceptedSchema,
  loginResponseSchema,
  recoveryCodesSchema,
  type StaffSession,
  totpSetupSchema,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { startSession, useSession } from '../../lib/session.ts';
import { staffRequest, staffSessionKey } from '../../lib/staff.ts';

/** The second factor moved on: the console's gate reads the staff session again. */
function useSessionChanged() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return (next?: Partial<StaffSession>) => {
    const key = staffSessionKey(userId);
    if (next) queryClient.setQueryData<StaffSession>(key, (old) => (old ? { ...old, ...next } : old));
    return queryClient.invalidateQueries({ queryKey: key });
  };
}

export function useBeginTotp() {
  return useMutation({
    mutationFn: () => staffRequest('/second-factor/totp', { method: 'POST' }, totpSetupSchema),
  });
}

/** Confirms the app; the recovery codes in the answer are shown once, then the console opens. */
export function useConfirmTotp() {
  return useMutation({
    mutationFn: (code: string) =>
      staffRequest('/second-factor/totp/confirm', { method: 'POST', body: { code } }, recoveryCodesSchema),
  });
}

export function useFinishEnrolment() {
  const changed = useSessionChanged();
  return () => changed({ enrolled: true, secondFactorPassed: true });
}

export function usePassSecondFactor() {
  const changed = useSessionChanged();
  return useMutation({
    mutationFn: (code: string) => staffRequest('/second-factor/verify', { method: 'POST', body: { code } }),
    onSuccess: () => changed({ secondFactorPassed: true }),
  });
}

export function useRenewRecoveryCodes() {
  return useMutation({
    mutationFn: () => staffRequest('/second-factor/recovery-codes', { method: 'POST' }, recoveryCodesSchema),
  });
}

/** Chooses the password through the invitation, then signs in with it, as the sign-in form would. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async ({ token, password }: { token: string; password: string }) => {
      const { email } = await apiRequest(
        '/staff/invitations/accept',
        { method: 'POST', body: { token, password } },
        invitationAcceptedSchema,
      );
      const session = await apiRequest(
        '/auth/login',
        { method: 'POST', body: { email, password } },
        loginResponseSchema,
      );
      startSession(session);
    },
  });
}
