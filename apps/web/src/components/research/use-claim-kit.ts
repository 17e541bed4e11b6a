import { RESEARCH_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { redeemKit, useInvalidateKits } from '../../lib/kits-api.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';
import { checkResearchVoucher, type ResearchVoucher } from '../../lib/research-api.ts';
import { type AddressDraft, addressFromProfile, toShippingAddress } from '../address/address-draft.ts';

export type ClaimOutcome = 'ACTIVATED' | 'REDEEMED';

/** Research §8: an unknown voucher, or (with a participant code) a voucher of another project. */
export function voucherCheckError(error: unknown, withCode: boolean): string {
  if (!(error instanceof ApiError)) return CLIENT_MESSAGES.unexpected;
  if (error.status === 404) return RESEARCH_MESSAGES.invalidVoucher;
  if (error.status === 400 && withCode) return RESEARCH_MESSAGES.mismatch;
  return error.message;
}

/** The voucher's kit is already in this person's account: it can only be sent now. */
export const isAlreadyClaimed = (found: ResearchVoucher) =>
  found.kitStatus === 'ASSIGNED' || found.kitStatus === 'REDEEMED';

/** Kits of lab-managed projects are posted, so claiming one asks for an address. */
export const postsKits = (found: ResearchVoucher) => found.researchProjectLogisticsType === 'LAB_MANAGED';

/**
 * Claiming a study kit, shared by the redeem and add-project modals: check the voucher (with the
 * participant code when there is one), then redeem it, sending it now when an address is given.
 */
export function useClaimKit(user: CurrentUser) {
  const invalidateKits = useInvalidateKits();
  const [voucher, setVoucher] = useState('');
  const [found, setFound] = useState<ResearchVoucher | null>(null);
  const [address, setAddress] = useState<AddressDraft>(() => addressFromProfile(user));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run<T>(task: () => Promise<T>, describe: (error: unknown) => string) {
    setError(null);
    setBusy(true);
    try {
      return await task();
    } catch (caught) {
      setError(describe(caught));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  const check = (participantIdentifier?: string) =>
    run(
      async () => {
        const result = await checkResearchVoucher({
          voucher: voucher.trim(),
          ...(participantIdentifier ? { participantIdentifier } : {}),
        });
        setFound(result);
        return result;
      },
      (caught) => voucherCheckError(caught, participantIdentifier !== undefined),
    );

  /**
   * Redeems the checked voucher; with `sendNow` the kit goes to the address too. A caller that redeems
   * right after `check` passes the voucher it got back: `found` is state, so it only holds the checked
   * voucher from the next render on.
   */
  const redeem = (sendNow: boolean, checked: ResearchVoucher | null = found) =>
    run(
      async (): Promise<ClaimOutcome | undefined> => {
        const shipping = sendNow ? toShippingAddress(address) : null;
        if (!checked || (sendNow && !shipping)) return undefined;
        const code = voucher.trim();
        await redeemKit(
          shipping
            ? { kitId: checked.kitId, voucher: code, activate: true, ...shipping }
            : { kitId: checked.kitId, voucher: code, activate: false },
        );
        void invalidateKits();
        return shipping ? 'ACTIVATED' : 'REDEEMED';
      },
      () => RESEARCH_MESSAGES.redeemFailed,
    );

  return { voucher, setVoucher, found, address, setAddress, error, setError, busy, check, redeem };
}
