import {
  type DependantDetails,
  dashboardSchema,
  giveResultSchema,
  type Kit,
  type KitChanged,
  kitChangedSchema,
  kitSchema,
  referralLookupSchema,
  type ShippingAddress,
  sentKitSchema,
  timelineEventSchema,
  voucherLookupSchema,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest, refreshSession } from './api-client.ts';
import { pageRead } from './first-page-reads.ts';
import { useSession } from './session.ts';

/** Every kit query key starts with this, so one invalidation refreshes the dashboard and the kits page. */
export const kitsKeys = {
  all: (userId: string | null) => ['kits', userId] as const,
  list: (userId: string | null) => ['kits', userId, 'list'] as const,
  sent: (userId: string | null) => ['kits', userId, 'sent'] as const,
  dashboard: (userId: string | null) => ['kits', userId, 'dashboard'] as const,
  /** A timeline changes only with its kit's status, so the statuses are part of its key. */
  timeline: (userId: string | null, kit: TimelineKit) =>
    ['kits', userId, 'timeline', kit.id, kit.kitStatus, kit.sampleStatus] as const,
};

type TimelineKit = Pick<Kit, 'id' | 'kitStatus' | 'sampleStatus'>;

/** getUserKits: the person's kits, already filtered by the listing rules on the server. */
export function useKits() {
  const { userId } = useSession();
  return useQuery({
    queryKey: kitsKeys.list(userId),
    queryFn: ({ signal }) => pageRead('/kits', signal, z.array(kitSchema)),
    enabled: userId !== null,
  });
}

/** getSentKits: Kits Given to Others. */
export function useSentKits() {
  const { userId } = useSession();
  return useQuery({
    queryKey: kitsKeys.sent(userId),
    queryFn: ({ signal }) => pageRead('/kits/sent', signal, z.array(sentKitSchema)),
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

/** A failed timeline is asked for once more at most, and a refusal (4xx) not again (issue 21: no storm). */
export const TIMELINE_RETRIES = 1;

/**
 * getKitTimeline: events (eventType, date, dateTime); feed them to the domain's timelineSteps(). Asked
 * for once per kit and status: it is kept until the kit's status changes (a new key), and a card that
 * is collapsed and opened again, or a change to another kit, does not ask again.
 */
export function useKitTimeline(kit: TimelineKit) {
  const { userId } = useSession();
  return useQuery(
    queryOptions({
      queryKey: kitsKeys.timeline(userId, kit),
      queryFn: ({ signal }) =>
        apiRequest(`/kits/${kit.id}/timeline`, { auth: 'required', signal }, z.array(timelineEventSchema)),
      enabled: userId !== null,
      staleTime: Number.POSITIVE_INFINITY,
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status < 500) && failures < TIMELINE_RETRIES,
    }),
  );
}

/**
 * After any kit change: refetch this person's kits, dashboard and gifts. Timelines are left alone: the
 * kits list brings any new status, and a new status is a new timeline key.
 */
export function useInvalidateKits() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  return () =>
    queryClient.invalidateQueries({
      queryKey: kitsKeys.all(userId),
      predicate: (query) => query.queryKey[2] !== 'timeline',
    });
}

export type KitPatch = {
  name?: string | null;
  notes?: string | null;
  /** The name and notes the form showed: the server refuses the save (409) when the kit holds others. */
  was?: { name?: string | null; notes?: string | null };
  referralCode?: string | null;
  reportReceived?: true;
};

/** putKit. Errors are ApiError with the server's message (and fields.name etc. for bad input). */
export function useUpdateKit() {
  const invalidate = useInvalidateKits();
  return useMutation({
    mutationFn: ({ kitId, patch }: { kitId: number; patch: KitPatch }) =>
      apiRequest(`/kits/${kitId}`, { method: 'PUT', auth: 'required', body: patch }, kitSchema),
    // A refused save (409: changed in another window) reloads the kit too, so the form shows the latest.
    onSettled: () => invalidate(),
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
  | {
      kitId: number;
      voucher: string;
      activate: false;
      forDependant?: boolean;
      dependant?: DependantDetails;
    }
  | ({ kitId: number; voucher: string; activate: true } & ShippingAddress);

/** redeemKit / redeemKitBasic, then the access token is reissued (consumer §4 redeem flow). */
export async function redeemKit(body: RedeemBody): Promise<KitChanged> {
  const kit = await apiRequest('/kits/redeem', { method: 'POST', auth: 'required', body }, kitChangedSchema);
  await refreshSession();
  return kit;
}

export type ActivateBody = ShippingAddress & { firstName?: string; lastName?: string };

/**
 * redeemKit as one typed mutation (issue 31). The server answers only the kit's id and status; the
 * lists that show it are refetched once it settles, refused or not, so they show where the kit is.
 */
export function useRedeemKit() {
  const invalidate = useInvalidateKits();
  return useMutation<KitChanged, unknown, RedeemBody>({
    mutationFn: redeemKit,
    // Not awaited: the dialog moves on while the lists load.
    onSettled: () => void invalidate(),
  });
}

/** activateKit ('Send this kit to me now') as one typed mutation; the lists are refetched as for redeem. */
export function useActivateKit() {
  const invalidate = useInvalidateKits();
  return useMutation<KitChanged, unknown, { kitId: number; body: ActivateBody }>({
    mutationFn: ({ kitId, body }) =>
      apiRequest(`/kits/${kitId}/activate`, { method: 'POST', auth: 'required', body }, kitChangedSchema),
    onSettled: () => void invalidate(),
  });
}

/** Give a kit to someone: one of mine (kitId) or straight from a voucher. */
export function giveKit(body: { receiverEmail: string; kitId?: number; voucher?: string }) {
  return apiRequest('/kits/give', { method: 'POST', auth: 'required', body }, giveResultSchema);
}

/** 'Send again': the gift email once more while not redeemed. */
export function resendGift(kitId: number) {
  return apiRequest(`/kits/sent/${kitId}/resend`, { method: 'POST', auth: 'required' }, giveResultSchema);
}
