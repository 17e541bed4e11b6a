import { type SmsSettings, smsSettingsSchema } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';

const smsKey = (userId: string | null) => ['sms-settings', userId] as const;

/** The person's mobile number for texts and their choice (issue 35 item 4). */
export function useSmsSettings() {
  const { userId } = useSession();
  return useQuery({
    queryKey: smsKey(userId),
    queryFn: ({ signal }) => apiRequest('/me/sms', { auth: 'required', signal }, smsSettingsSchema),
    enabled: userId !== null,
  });
}

type SmsChange =
  | { action: 'phone'; phone: string }
  | { action: 'verify'; code: string }
  | { action: 'opt-in'; optIn: boolean }
  | { action: 'remove' };

const request = (change: SmsChange) => {
  switch (change.action) {
    case 'phone':
      return { path: '/me/sms/phone', method: 'PUT', body: { phone: change.phone } } as const;
    case 'verify':
      return { path: '/me/sms/verify', method: 'POST', body: { code: change.code } } as const;
    case 'opt-in':
      return { path: '/me/sms/opt-in', method: 'PUT', body: { optIn: change.optIn } } as const;
    case 'remove':
      return { path: '/me/sms/phone', method: 'DELETE', body: undefined } as const;
  }
};

/**
 * Every change of the number or the choice: the server's answer (the settings as they now are, and what
 * it did in words) replaces what the page shows, so it never shows a change the server refused.
 */
export function useChangeSms() {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SmsChange): Promise<SmsSettings> => {
      const { path, method, body } = request(change);
      return apiRequest(path, { method, auth: 'required', ...(body ? { body } : {}) }, smsSettingsSchema);
    },
    onSuccess: (saved) => queryClient.setQueryData(smsKey(userId), saved),
    // A refusal may still have changed something (a wrong code counts, a lock starts): read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: smsKey(userId) }),
  });
}
