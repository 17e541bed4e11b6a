import {
  dashboardSchema,
  type Kit,
  kitSchema,
  referralLookupSchema,
  type ShippingAddress,
  sentKitSchema,
  timelineEventSchema,
  voucherLookupSchema,
} from '@portal/domain';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, refreshSession } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';

/** Every kit query key starts with this, so one invalidation refreshes the dashboard and the kits page. */
export const kitsKeys = {
  all: (userId: string | null) => ['kits', userId] as const,
  list: (userId: string | null) => ['kits', userId, 'list'] as const,
  sent: (userId: string | null) => ['kits', userId, 'sent'] as const,
  dashboard: (userId: string | null) => ['kits', userId, 'dashboard'] as const,
  timeline: (userId: string | null, kitId: number) => ['kits', userId, 'timeline', kitId] as const,
};

/** getUserKits: the person's kits, already filtered by the listing rules on the server. */
export function useKits() {
  const { userId } = useSession();
  return useQuery({
    queryKey: kitsKeys.list(userId),
    queryFn: ({ signal }) => apiRequest('/kits', { auth: 'required', signal }, z.array(kitSchema)),
    enabled: userId !== null,
  });
}

/** getSentKits: Kits Given to Others. */
export function useSentKits() {
  const { userId } = useSession();
  return useQuery({
    queryKey: kitsKeys.sent(userId),
    queryFn: ({ signal }) => apiRequest('/kits/sent', { auth: 'required', signal }, z.array(sentKitSchema)),
    enabled: userId !== null,
  });
}

/** getDashboard: numberOfUnassignedKits, numberOfRedeemedKits, profileCompleted. */
export function useDashboard() {
  const { userId } = useSession();
  return useQuery({
    queryKey: kitsKeys.dashboard(userId),
    queryFn: ({ signal }) => apiRequest('/dashboard', { auth: 'required', signal }, dashboardSchema),
    enabled: userId !== null,
  });
}

/** getKitTimeline: events (eventType, date, dateTime); feed them to the domain's timelineSteps(). */
function kitTimelineQuery(userId: string | null, kitId: number) {
  return queryOptions({
    queryKey: kitsKeys.timeline(userId, kitId),
    queryFn: ({ signal }) =>
      apiRequest(`/kits/${kitId}/timeline`, { auth: 'required', signal }, z.array(timelineEventSchema)),
    enabled: userId !== null,
  });
}

export function useKitTimeline(kitId: number) {
  const { userId } = useSession();
  return useQuery(kitTimelineQuery(userId, kitId));
}

/** Whether the timelines of these kits have all answered, or failed. */
export function useKitTimelinesSettled(kitIds: number[]): boolean {
  const { userId } = useSession();
  return useQueries({
    queries: kitIds.map((kitId) => kitTimelineQuery(userId, kitId)),
    combine: (results) => results.every((result) => !result.isPending),
  });
}

/** After any kit change: refetch every kit query of this person. */
export function useInvalidateKits() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return () => queryClient.invalidateQueries({ queryKey: kitsKeys.all(userId) });
}

export type KitPatch = {
  name?: string | null;
  notes?: string | null;
  referralCode?: string | null;
  reportReceived?: true;
};

/** putKit. Errors are ApiError with the server's message (and fields.name etc. for bad input). */
export function useUpdateKit() {
  const invalidate = useInvalidateKits();
  return useMutation({
    mutationFn: ({ kitId, patch }: { kitId: number; patch: KitPatch }) =>
      apiRequest(`/kits/${kitId}`, { method: 'PUT', auth: 'required', body: patch }, kitSchema),
    onSuccess: () => invalidate(),
  });
}

/** checkReferralCode: the practitioner behind a code (strip REF-/REF first with normaliseReferralCode). */
export function lookupReferralCode(code: string) {
  return apiRequest(
    `/referral-codes/${encodeURIComponent(code)}`,
    { auth: 'required' },
    referralLookupSchema,
  );
}

/** checkVoucher: 404 (ApiError) means an invalid voucher; show KIT_MESSAGES.invalidVoucher. */
export function checkVoucher(voucher: string) {
  return apiRequest(
    '/kits/check-voucher',
    { method: 'POST', auth: 'required', body: { voucher } },
    voucherLookupSchema,
  );
}

export type RedeemBody =
  | { kitId: number; voucher: string; activate: false }
  | ({ kitId: number; voucher: string; activate: true } & ShippingAddress);

/** redeemKit / redeemKitBasic, then the access token is reissued (consumer §4 redeem flow). */
export async function redeemKit(body: RedeemBody): Promise<Kit> {
  const kit = await apiRequest('/kits/redeem', { method: 'POST', auth: 'required', body }, kitSchema);
  await refreshSession();
  return kit;
}

export type ActivateBody = ShippingAddress & { firstName?: string; lastName?: string };

/** activateKit: 'Send this kit to me now'. */
export function activateKit(kitId: number, body: ActivateBody) {
  return apiRequest(`/kits/${kitId}/activate`, { method: 'POST', auth: 'required', body }, kitSchema);
}

const giveResultSchema = z.object({ kitId: z.number(), receiverEmail: z.string() });

/** Give a kit to someone: one of mine (kitId) or straight from a voucher. */
export function giveKit(body: { receiverEmail: string; kitId?: number; voucher?: string }) {
  return apiRequest('/kits/give', { method: 'POST', auth: 'required', body }, giveResultSchema);
}

/** 'Send again': the gift email once more while not redeemed. */
export function resendGift(kitId: number) {
  return apiRequest(`/kits/sent/${kitId}/resend`, { method: 'POST', auth: 'required' }, giveResultSchema);
}
