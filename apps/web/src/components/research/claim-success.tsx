import { KIT_MESSAGES, RESEARCH_MESSAGES } from '@portal/domain';
import { KIT_MODAL_TEXTS } from '../kit-modals/kit-modal-texts.ts';
import { SuccessStep } from '../ui/success-step.tsx';
import { AddressStep } from './claim-steps.tsx';
import { RESEARCH_MODAL_TEXTS } from './research-texts.ts';
import type { ClaimOutcome, useClaimKit } from './use-claim-kit.ts';

/** The last page of a claim: a posted kit is on its way; other kits come from the study team. */
export function ClaimSuccess({ outcome, onDone }: { outcome: ClaimOutcome; onDone: () => void }) {
  return (
    <SuccessStep onDone={onDone}>
      {outcome === 'ACTIVATED' ? KIT_MODAL_TEXTS.deliveryTime : RESEARCH_MODAL_TEXTS.handedOut}
    </SuccessStep>
  );
}

/** The claim modal's title: the flow's own until success, then what the claim did. */
export function claimTitle(step: string, outcome: ClaimOutcome, title: string): string {
  if (step !== 'SUCCESS') return title;
  return outcome === 'ACTIVATED' ? KIT_MESSAGES.successActivated : KIT_MESSAGES.successRedeemed;
}

type EndProps = {
  step: string;
  claim: ReturnType<typeof useClaimKit>;
  outcome: ClaimOutcome;
  /** The step before the address. */
  onBack: () => void;
  onFinish: (result: ClaimOutcome | undefined) => void;
  onDone: () => void;
};

/**
 * The last steps of a claim, shared by the redeem and add-project modals: ADDRESS when the lab posts
 * the kit, LATER, and SUCCESS.
 */
export function ClaimEndSteps({ step, claim, outcome, onBack, onFinish, onDone }: EndProps) {
  return (
    <>
      {step === 'ADDRESS' ? (
        <AddressStep
          address={claim.address}
          onAddressChange={claim.setAddress}
          busy={claim.busy}
          error={claim.error}
          onBack={onBack}
          onProceed={() => void claim.redeem(true).then(onFinish)}
        />
      ) : null}
      {step === 'LATER' ? <SuccessStep onDone={onDone}>{RESEARCH_MESSAGES.joinLater}</SuccessStep> : null}
      {step === 'SUCCESS' ? <ClaimSuccess outcome={outcome} onDone={onDone} /> : null}
    </>
  );
}
