import { KIT_MESSAGES, type Kit, kitDisplayName } from '@portal/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CurrentUser } from '../../lib/current-user.ts';
import { errorText } from '../../lib/error-text.ts';
import { useActivateKit } from '../../lib/kits-api.ts';
import { addressFromProfile } from '../address/address-draft.ts';
import { CurrentUserModal } from '../ui/current-user-modal.tsx';
import { Modal } from '../ui/modal.tsx';
import { SuccessStep } from '../ui/success-step.tsx';
import { useStepFocus } from '../ui/use-step-focus.ts';
import { AddressConfirmStep } from './address-confirm-step.tsx';
import { type CheckedKitForm, type KitFormValues, kitFormError, kitFormResolver } from './kit-form.ts';
import { KIT_MODAL_TEXTS } from './kit-modal-texts.ts';

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
  const [step, setStep] = useState<Step>('CONFIRM');
  const form = useForm<KitFormValues, unknown, CheckedKitForm>({
    defaultValues: { voucher: '', address: addressFromProfile(user) },
    resolver: kitFormResolver(() => ({ address: true })),
  });
  const activate = useActivateKit();
  const stepRef = useStepFocus<HTMLDivElement>(step);
  // Busy from the click on: the check runs before the request starts, and a second click would send twice.
  const busy = form.formState.isSubmitting || activate.isPending;

  const sendNow = form.handleSubmit(async ({ shipping }) => {
    if (!shipping) return;
    try {
      await activate.mutateAsync({
        kitId: kit.id,
        body: { ...shipping, firstName: user.firstName, lastName: user.lastName },
      });
      setStep('SENT');
    } catch (caught) {
      form.setError('root.server', { message: errorText(caught) });
    }
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
              address={form.watch('address')}
              onAddressChange={(address) => form.setValue('address', address)}
              busy={busy}
              error={kitFormError(form.formState.errors)}
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
