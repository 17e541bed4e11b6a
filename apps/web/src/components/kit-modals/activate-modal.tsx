import { KIT_MESSAGES, type Kit, kitDisplayName } from '@portal/domain';
import { useState } from 'react';
import type { CurrentUser } from '../../lib/current-user.ts';
import { activateKit, useInvalidateKits } from '../../lib/kits-api.ts';
import { addressFromProfile, toShippingAddress } from '../address/address-draft.ts';
import { CurrentUserModal } from '../ui/current-user-modal.tsx';
import { Modal } from '../ui/modal.tsx';
import { SuccessStep } from '../ui/success-step.tsx';
import { useStepFocus } from '../ui/use-step-focus.ts';
import { AddressConfirmStep } from './address-confirm-step.tsx';
import { KIT_MODAL_TEXTS } from './kit-modal-texts.ts';
import { useKitForm } from './use-kit-form.ts';

type Props = { kit: Kit; open: boolean; onClose: () => void };

const TITLE = 'Send this kit to me now';

/** Address confirm for a kit the person holds: send it now to this address, or keep it for later. */
export function ActivateKitModal({ kit, open, onClose }: Props) {
  return (
    <CurrentUserModal open={open} title={TITLE} onClose={onClose}>
      {(user) => <ActivateFlow kit={kit} user={user} onClose={onClose} />}
    </CurrentUserModal>
  );
}

type Step = 'CONFIRM' | 'SENT' | 'LATER';

function ActivateFlow({ kit, user, onClose }: { kit: Kit; user: CurrentUser; onClose: () => void }) {
  const invalidateKits = useInvalidateKits();
  const [step, setStep] = useState<Step>('CONFIRM');
  const kitForm = useKitForm({ voucher: '', address: addressFromProfile(user) });
  const stepRef = useStepFocus<HTMLDivElement>(step);

  const sendNow = () =>
    kitForm.submit({ address: true }, async ({ address }) => {
      const shipping = toShippingAddress(address);
      if (!shipping) return;
      await activateKit(kit.id, { ...shipping, firstName: user.firstName, lastName: user.lastName });
      setStep('SENT');
      void invalidateKits();
    });

  return (
    <Modal open onClose={onClose} title={step === 'SENT' ? KIT_MESSAGES.successActivated : TITLE}>
      <div ref={stepRef} tabIndex={-1} className="modal-step">
        {step === 'CONFIRM' ? (
          <>
            <p>
              Kit: <strong>{kitDisplayName(kit)}</strong>
            </p>
            <AddressConfirmStep
              address={kitForm.address}
              onAddressChange={kitForm.setAddress}
              busy={kitForm.busy}
              error={kitForm.error}
              onSendNow={() => void sendNow()}
              onSendLater={() => setStep('LATER')}
            />
          </>
        ) : null}
        {step === 'SENT' ? <SuccessStep onDone={onClose}>{KIT_MODAL_TEXTS.deliveryTime}</SuccessStep> : null}
        {step === 'LATER' ? <SuccessStep onDone={onClose}>{KIT_MESSAGES.sendLater}</SuccessStep> : null}
      </div>
    </Modal>
  );
}
