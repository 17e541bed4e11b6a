import { unsubscribeInfoSchema, unsubscribeResultSchema } from '@portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/** What the unsubscribe link is for (its category, and whether it is still on); changes nothing. */
export function useUnsubscribeInfo(token: string | null) {
  return useQuery({
    queryKey: ['email-unsubscribe', token],
    queryFn: ({ signal }) =>
      apiRequest(
        `/email-preferences/unsubscribe?token=${encodeURIComponent(token ?? '')}`,
        { signal },
        unsubscribeInfoSchema,
      ),
    enabled: token !== null,
    retry: false,
  });
}

/** The page's button: no sign-in, the link's signed token is the proof. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(
        '/email-preferences/unsubscribe',
        { method: 'POST', body: { token } },
        unsubscribeResultSchema,
      ),
  });
}
