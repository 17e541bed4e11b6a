import {
  type SUBSCRIPTION_LISTS,
  staffOrderRowSchema,
  staffOrdersPageSchema,
  staffRenewalRetrySchema,
  staffSubscriptionRowSchema,
  staffSubscriptionsPageSchema,
} from '@portal/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { keysetPages, useChangeThenReread } from '../../lib/list-queries.ts';
import { staffRequest } from '../../lib/staff.ts';

export type SubscriptionList = (typeof SUBSCRIPTION_LISTS)[number];

const query = (values: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => Boolean(e[1]))).toString();

/** Orders, newest first, optionally found by number or email; a page at a time (keyset: next). */
export function useOrders(q: string) {
  return useInfiniteQuery({
    queryKey: ['staff', 'orders', q],
    queryFn: ({ pageParam }) =>
      staffRequest(`/orders?${query({ q, after: pageParam })}`, {}, staffOrdersPageSchema),
    ...keysetPages,
  });
}

/** A refund; the order list is read again afterwards (the row shows the refund and the kits). */
export const useRefundOrder = () =>
  useChangeThenReread(
    ['staff', 'orders'],
    ({ orderId, reason, amountCents }: { orderId: number; reason: string; amountCents?: number }) =>
      staffRequest(
        `/orders/${orderId}/refund`,
        { method: 'POST', body: { reason, amountCents } },
        staffOrderRowSchema,
      ),
  );

export function useSubscriptions(list: SubscriptionList, q: string) {
  return useInfiniteQuery({
    queryKey: ['staff', 'subscriptions', list, q],
    queryFn: ({ pageParam }) =>
      staffRequest(
        `/subscriptions?${query({ list, q, after: pageParam })}`,
        {},
        staffSubscriptionsPageSchema,
      ),
    ...keysetPages,
  });
}

const useSubscriptionChange = <V, R>(send: (value: V) => Promise<R>) =>
  useChangeThenReread(['staff', 'subscriptions'], send, { rereadOnError: true });

export const useCancelSubscription = () =>
  useSubscriptionChange(({ id, reason }: { id: number; reason: string }) =>
    staffRequest(
      `/subscriptions/${id}/cancel`,
      { method: 'POST', body: { reason } },
      staffSubscriptionRowSchema,
    ),
  );

export const useRetryRenewal = () =>
  useSubscriptionChange((id: number) =>
    staffRequest(`/subscriptions/${id}/renewal-retry`, { method: 'POST' }, staffRenewalRetrySchema),
  );
