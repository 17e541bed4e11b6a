import {
  type OrderRequest,
  orderResultSchema,
  paymentActionSchema,
  productSchema,
  promoSchema,
  type Subscription,
  subscriptionSchema,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';
import { useSession } from './session.ts';

export const ordersKeys = {
  products: ['products'] as const,
  subscription: (userId: string | null) => ['subscriptions', userId, 'me'] as const,
};

/** Kit prices (a new kit and a replacement). Public, and the same for everyone. */
export function useProducts() {
  return useQuery({
    queryKey: ordersKeys.products,
    queryFn: ({ signal }) => apiRequest('/products', { signal }, z.array(productSchema)),
    staleTime: 5 * 60 * 1000,
    retry: 1,
  });
}

/** A usable promo code; a 400 ApiError carries the reason (unknown, used up). */
export function lookupPromo(code: string) {
  return apiRequest(`/promo-codes/${encodeURIComponent(code)}`, { auth: 'required' }, promoSchema);
}

/**
 * postOrder. The Idempotency-Key makes a retried request return the first answer instead of paying twice.
 * A card that asks for 3-D Secure answers with a client secret instead of the order (decision 032).
 */
export function placeOrder(body: OrderRequest, idempotencyKey: string) {
  return apiRequest(
    '/orders',
    { method: 'POST', auth: 'required', body, headers: { 'Idempotency-Key': idempotencyKey } },
    z.union([orderResultSchema, paymentActionSchema]),
  );
}

/** getUserSubscription: the active subscription, else the latest cancelled one, else null. */
export function useSubscription() {
  const { userId } = useSession();
  return useQuery({
    queryKey: ordersKeys.subscription(userId),
    queryFn: ({ signal }) =>
      apiRequest('/subscriptions/me', { auth: 'required', signal }, subscriptionSchema.nullable()),
    enabled: userId !== null,
  });
}

export function useInvalidateSubscription() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return () => queryClient.invalidateQueries({ queryKey: ordersKeys.subscription(userId) });
}

/** Stops future renewals; the answer is the cancelled subscription. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/subscriptions/${id}/cancel`, { method: 'POST', auth: 'required' }, subscriptionSchema),
    onSuccess: (cancelled: Subscription) =>
      queryClient.setQueryData(ordersKeys.subscription(userId), cancelled),
  });
}
