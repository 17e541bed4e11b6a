import { KIT_MESSAGES, RESEARCH_MESSAGES } from '@portal/domain';
import type { ReactNode } from 'react';
import { KIT_MODAL_TEXTS } from '../kit-modals/kit-modal-texts.ts';
import { Modal } from '../ui/modal.tsx';
import { SuccessStep } from '../ui/success-step.tsx';
import { AddressStep } from './claim-steps.tsx';
import { RESEARCH_MODAL_TEXTS } from './research-texts.ts';
import type { ClaimOutcome, useClaimKit, useClaimSteps } from './use-claim-kit.ts';

/** The last page of a claim: a posted kit is on its way; other kits come from the study team. */
function ClaimSuccess({ outcome, onDone }: { outcome: ClaimOutcome; onDone: () => void }) {
  return (
    <SuccessStep onDone={onDone}>
      {outcome === 'ACTIVATED' ? KIT_MODAL_TEXTS.deliveryTime : RESEARCH_MODAL_TEXTS.handedOut}
    </SuccessStep>
  );
}

/** The claim modal's title: the flow's own until success, then what the claim did. */
function claimTitle(step: string, outcome: ClaimOutcome, title: string): string {
  if (step !== 'SUCCESS') return title;
  return outcome === 'ACTIVATED' ? KIT_MESSAGES.successActivated : KIT_MESSAGES.successRedeemed;
}

type ClaimModalProps = {
  /** The flow's own title, until success names what the claim did. */
  title: string;
  claim: ReturnType<typeof useClaimKit>;
  steps: Pick<ReturnType<typeof useClaimSteps>, 'step' | 'outcome' | 'finish' | 'stepRef'>;
  /** Back from the address: the step before it. */
  onAddressBack: () => void;
  onClose: () => void;
  /** The flow's own first steps. */
  children: ReactNode;
};

/**
 * A claim modal, shared by the redeem and add-project modals: the flow's own first steps, then the
 * common end: ADDRESS when the lab posts the kit, LATER, and SUCCESS. Focus goes to each new step.
 */
export function ClaimModal({ title, claim, steps, onAddressBack, onClose, children }: ClaimModalProps) {
  const { step, outcome, finish, stepRef } = steps;
  return (
    <Modal open onClose={onClose} title={claimTitle(step, outcome, title)}>
      <div ref={stepRef} tabIndex={-1} className="modal-step">
        {children}
        {step === 'ADDRESS' ? (
          <AddressStep
            address={claim.address}
            onAddressChange={claim.setAddress}
            busy={claim.busy}
            error={claim.error}
            onBack={onAddressBack}
            onProceed={() => void claim.redeem(true).then(finish)}
          />
        ) : null}
        {step === 'LATER' ? <SuccessStep onDone={onClose}>{RESEARCH_MESSAGES.joinLater}</SuccessStep> : null}
        {step === 'SUCCESS' ? <ClaimSuccess outcome={outcome} onDone={onClose} /> : null}
      </div>
    </Modal>
  );
}
