import {
  type StaffPromoCreate,
  type StaffReferralCreate,
  staffPromoPageSchema,
  staffPromoRowSchema,
  staffReferralPageSchema,
  staffReferralRowSchema,
} from '@portal/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { keysetPages, useChangeThenReread } from '../../lib/list-queries.ts';
import { staffRequest } from '../../lib/staff.ts';

type Kind = 'promo-codes' | 'referral-codes';

const listUrl = (kind: Kind, q: string, after: string) =>
  `/${kind}?${new URLSearchParams({ ...(q ? { q } : {}), ...(after ? { after } : {}) }).toString()}`;

/** Promo codes A to Z, optionally those starting with `q`, a page at a time (keyset: next). */
export function usePromoCodes(q: string) {
  return useInfiniteQuery({
    queryKey: ['staff', 'promo-codes', q],
    queryFn: ({ pageParam }) => staffRequest(listUrl('promo-codes', q, pageParam), {}, staffPromoPageSchema),
    ...keysetPages,
  });
}

export function useReferralCodes(q: string) {
  return useInfiniteQuery({
    queryKey: ['staff', 'referral-codes', q],
    queryFn: ({ pageParam }) =>
      staffRequest(listUrl('referral-codes', q, pageParam), {}, staffReferralPageSchema),
    ...keysetPages,
  });
}

/** A change to a list of codes; the list is read again afterwards. */
const useCodeChange = <V, R>(kind: Kind, send: (value: V) => Promise<R>) =>
  useChangeThenReread(['staff', kind], send);

export const useCreatePromo = () =>
  useCodeChange('promo-codes', (body: StaffPromoCreate) =>
    staffRequest('/promo-codes', { method: 'POST', body }, staffPromoRowSchema),
  );

export const useDisablePromo = () =>
  useCodeChange('promo-codes', (code: string) =>
    staffRequest(`/promo-codes/${encodeURIComponent(code)}/disable`, { method: 'POST' }, staffPromoRowSchema),
  );

export const useCreateReferral = () =>
  useCodeChange('referral-codes', (body: StaffReferralCreate) =>
    staffRequest('/referral-codes', { method: 'POST', body }, staffReferralRowSchema),
  );

export const useDeactivateReferral = () =>
  useCodeChange('referral-codes', (code: string) =>
    staffRequest(
      `/referral-codes/${encodeURIComponent(code)}/deactivate`,
      { method: 'POST' },
      staffReferralRowSchema,
    ),
  );
