import {
  messageResponseSchema,
  notificationListSchema,
  notificationSchema,
  unreadCountSchema,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';

const INBOX = ['notifications'] as const;
const UNREAD = ['notifications', 'unread'] as const;

/** The bell's count (and whether the person's address bounces): asked again each minute and on focus. */
export function useUnreadCount() {
  const session = useSession();
  return useQuery({
    queryKey: [...UNREAD, session.userId],
    queryFn: ({ signal }) =>
      apiRequest('/me/notifications/unread', { auth: 'required', signal }, unreadCountSchema),
    refetchInterval: 60_000,
    enabled: session.userId !== null,
  });
}

/** The inbox: the person's messages, newest first. */
export function useInbox() {
  return useQuery({
    queryKey: [...INBOX, 'list'],
    queryFn: ({ signal }) =>
      apiRequest('/me/notifications', { auth: 'required', signal }, notificationListSchema),
  });
}

/** Opening a message marks it read; the bell and the list follow. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/me/notifications/${id}/read`, { method: 'POST', auth: 'required' }, notificationSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: INBOX }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/me/notifications/read-all', { method: 'POST', auth: 'required' }, unreadCountSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: INBOX }),
  });
}

/** "My address is right": mail is tried again and the banner goes. */
export function useConfirmAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/me/email-deliverable', { method: 'POST', auth: 'required' }, messageResponseSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: INBOX }),
  });
}
