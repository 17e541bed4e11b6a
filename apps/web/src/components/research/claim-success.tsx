import { KIT_MODAL_TEXTS } from '../kit-modals/kit-modal-texts.ts';
import { SuccessStep } from '../ui/success-step.tsx';
import { RESEARCH_MODAL_TEXTS } from './research-texts.ts';
import type { ClaimOutcome } from './use-claim-kit.ts';

/** The last page of a claim: a posted kit is on its way; other kits come from the study team. */
export function ClaimSuccess({ outcome, onDone }: { outcome: ClaimOutcome; onDone: () => void }) {
  return (
    <SuccessStep onDone={onDone}>
      {outcome === 'ACTIVATED' ? KIT_MODAL_TEXTS.deliveryTime : RESEARCH_MODAL_TEXTS.handedOut}
    </SuccessStep>
  );
}
