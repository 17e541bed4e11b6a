// The answers' readers of auth-session.ts, not zod schemas: the sign-in page's first load carries no zod.
import {
  type AppType,
  loginResponse,
  messageResponse,
  type RegisterRequest,
  type UserType,
} from '@portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { endSession, startSession } from './session.ts';

/** The portal's app type decides which kind of account it registers. */
export function userTypeForApp(appType: AppType): UserType {
  return appType === 'RESEARCH' ? 'RESEARCH' : 'CONSUMER';
}

export function useLogin() {
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      apiRequest('/auth/login', { method: 'POST', body: credentials }, loginResponse),
    onSuccess: (data) => startSession(data),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      apiRequest('/auth/register', { method: 'POST', body }, messageResponse),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/auth/verify-email/resend', { method: 'POST', body: { email } }, messageResponse),
  });
}

/**
 * Verifying is a POST, but it is read like a query so that the page asks once per token, however
 * often React renders it.
 */
export function useVerifyEmail(token: string | null) {
  return useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => apiRequest('/auth/verify-email', { method: 'POST', body: { token } }, messageResponse),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/auth/password-reset', { method: 'POST', body: { email } }, messageResponse),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiRequest('/auth/password-reset/confirm', { method: 'POST', body }, messageResponse),
  });
}

/**
 * Signs out on the server (revoking the refresh cookie), ends the session in memory, then reloads the
 * app at `home`, so nothing of the person's data or screens survives in the page.
 */
export function useSignOut(home: string) {
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest('/auth/logout', { method: 'POST', body: {}, auth: 'ifPresent' });
      } catch {
        // Signing out locally matters more than the server's answer; its cookie expires anyway.
      }
    },
    onSettled: () => {
      endSession('loggedOut');
      window.location.assign(home);
    },
  });
}

/** The portal's sign-out: consumer §4, logout clears tokens and state and reloads; the user lands on /. */
export const useLogout = () => useSignOut('/');
