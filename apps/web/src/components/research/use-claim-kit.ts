import { RESEARCH_MESSAGES, researchVoucherCheckSchema } from '@portal/domain';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { redeemKit, useInvalidateKits } from '../../lib/kits-api.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';
import { checkResearchVoucher, type ResearchVoucher } from '../../lib/research-api.ts';
import { addressFromProfile, toShippingAddress } from '../address/address-draft.ts';
import { useKitForm } from '../kit-modals/use-kit-form.ts';
import { useStepFocus } from '../ui/use-step-focus.ts';

export type ClaimOutcome = 'ACTIVATED' | 'REDEEMED';

/** The study voucher's own rule (the check research voucher body). */
const RESEARCH_VOUCHER_CHECK = researchVoucherCheckSchema.pick({ voucher: true });

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
  const kitForm = useKitForm({ voucher: '', address: addressFromProfile(user) });
  const [found, setFound] = useState<ResearchVoucher | null>(null);

  const check = (participantIdentifier?: string) =>
    kitForm.submit(
      { voucher: RESEARCH_VOUCHER_CHECK },
      async ({ voucher }) => {
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
    kitForm.submit(
      { voucher: RESEARCH_VOUCHER_CHECK, address: sendNow },
      async ({ voucher, address }): Promise<ClaimOutcome | undefined> => {
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

  const { voucher, setVoucher, address, setAddress, error, setError, busy, submit } = kitForm;
  return { voucher, setVoucher, found, address, setAddress, error, setError, busy, check, redeem, submit };
}

/**
 * The claim modal's steps, shared by the redeem and add-project modals: `go` moves on and clears the
 * error, `finish` shows success with what the claim did, `stepRef` takes the focus to each new step.
 */
export function useClaimSteps<Step extends string>(
  claim: Pick<ReturnType<typeof useClaimKit>, 'setError'>,
  first: Step,
) {
  const [step, setStep] = useState<Step | 'SUCCESS'>(first);
  const [outcome, setOutcome] = useState<ClaimOutcome>('REDEEMED');
  const stepRef = useStepFocus<HTMLDivElement>(step);

  function go(next: Step | 'SUCCESS') {
    claim.setError(null);
    setStep(next);
  }

  function finish(result: ClaimOutcome | undefined) {
    if (!result) return;
    setOutcome(result);
    go('SUCCESS');
  }

  return { step, go, outcome, finish, stepRef };
}
