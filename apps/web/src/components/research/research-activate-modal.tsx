import { KIT_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CurrentUser } from '../../lib/current-user.ts';
import { useActivateKit } from '../../lib/kits-api.ts';
import { addressFromProfile } from '../address/address-draft.ts';
import { type CheckedKitForm, type KitFormValues, kitFormResolver } from '../kit-modals/kit-form.ts';
import { KIT_MODAL_TEXTS } from '../kit-modals/kit-modal-texts.ts';
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
  const [step, setStep] = useState<Step>('REDEEM_CODE_WITH_ADDRESS');
  const form = useForm<KitFormValues, unknown, CheckedKitForm>({
    defaultValues: { voucher: '', address: addressFromProfile(user) },
    resolver: kitFormResolver(() => ({ address: true })),
  });
  // The lists are reloaded either way (the mutation's onSettled), to show where the kit is.
  const activate = useActivateKit();
  const stepRef = useStepFocus<HTMLDivElement>(step);

  const send = form.handleSubmit(async ({ shipping }) => {
    if (!shipping) return;
    try {
      await activate.mutateAsync({
        kitId: target.kitId,
        body: { ...shipping, firstName: user.firstName, lastName: user.lastName },
      });
      setStep('KIT_READY');
    } catch (error) {
      // Research §8: a failed activation shows no message.
      console.warn('Kit activation failed', error);
      onClose();
    }
  });

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
              address={form.watch('address')}
              onAddressChange={(address) => form.setValue('address', address)}
              busy={form.formState.isSubmitting || activate.isPending}
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
