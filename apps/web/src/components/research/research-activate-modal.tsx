import { KIT_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import type { CurrentUser } from '../../lib/current-user.ts';
import { activateKit, useInvalidateKits } from '../../lib/kits-api.ts';
import { addressFromProfile, toShippingAddress } from '../address/address-draft.ts';
import { KIT_MODAL_TEXTS } from '../kit-modals/kit-modal-texts.ts';
import { useKitForm } from '../kit-modals/use-kit-form.ts';
import { CurrentUserModal } from '../ui/current-user-modal.tsx';
import { Modal } from '../ui/modal.tsx';
import { SuccessStep } from '../ui/success-step.tsx';
import { useStepFocus } from '../ui/use-step-focus.ts';
import { AddressStep } from './claim-steps.tsx';
import { RESEARCH_MODAL_TEXTS } from './research-texts.ts';

/** The kit to send: one already in the account, named by its kit name or its voucher. */
export type ActivateTarget = {
  kitId: number;
  name?: string | undefined;
  voucher?: string | null | undefined;
};

type Step = 'REDEEM_CODE_WITH_ADDRESS' | 'KIT_READY';

/** Activate (research §2): the address for a kit the participant holds, then KIT_READY. */
export function ResearchActivateModal({ target, onClose }: { target: ActivateTarget; onClose: () => void }) {
  return (
    <CurrentUserModal title={RESEARCH_MODAL_TEXTS.activateTitle} onClose={onClose}>
      {(user) => <ActivateFlow target={target} user={user} onClose={onClose} />}
    </CurrentUserModal>
  );
}

function ActivateFlow({
  target,
  user,
  onClose,
}: {
  target: ActivateTarget;
  user: CurrentUser;
  onClose: () => void;
}) {
  const invalidateKits = useInvalidateKits();
  const [step, setStep] = useState<Step>('REDEEM_CODE_WITH_ADDRESS');
  const kitForm = useKitForm({ voucher: '', address: addressFromProfile(user) });
  const stepRef = useStepFocus<HTMLDivElement>(step);

  const send = () =>
    kitForm.submit(
      { address: true },
      async ({ address }) => {
        const shipping = toShippingAddress(address);
        if (!shipping) return;
        try {
          await activateKit(target.kitId, {
            ...shipping,
            firstName: user.firstName,
            lastName: user.lastName,
          });
          setStep('KIT_READY');
        } finally {
          void invalidateKits();
        }
      },
      (error) => {
        // Research §8: a failed activation shows no message; the lists are reloaded to show where the kit is.
        console.warn('Kit activation failed', error);
        onClose();
        return '';
      },
    );

  return (
    <Modal
      open
      onClose={onClose}
      title={step === 'KIT_READY' ? KIT_MESSAGES.successActivated : RESEARCH_MODAL_TEXTS.activateTitle}
    >
      <div ref={stepRef} tabIndex={-1} className="modal-step">
        {step === 'REDEEM_CODE_WITH_ADDRESS' ? (
          <>
            <dl className="research-contact">
              {target.name ? (
                <div>
                  <dt>{RESEARCH_MODAL_TEXTS.kit}</dt>
                  <dd>{target.name}</dd>
                </div>
              ) : null}
              {target.voucher ? (
                <div>
                  <dt>{RESEARCH_MODAL_TEXTS.voucher}</dt>
                  <dd>{target.voucher}</dd>
                </div>
              ) : null}
            </dl>
            <AddressStep
              address={kitForm.address}
              onAddressChange={kitForm.setAddress}
              busy={kitForm.busy}
              error={null}
              onProceed={() => void send()}
            />
          </>
        ) : (
          <SuccessStep onDone={onClose}>{KIT_MODAL_TEXTS.deliveryTime}</SuccessStep>
        )}
      </div>
    </Modal>
  );
}
