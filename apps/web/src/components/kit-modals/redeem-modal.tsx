import {
  becomesGuardian,
  checkVoucherSchema,
  DEPENDANT_TEXTS,
  type DependantDetails,
  dependantRedeem,
  KIT_MESSAGES,
  type RedeemStep,
  redeemOptions,
  stepAfterOption,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { type CurrentUser, currentUserQueryKey } from '../../lib/current-user.ts';
import { voucherErrorText } from '../../lib/error-text.ts';
import { activateKit, checkVoucher, redeemKit, useInvalidateKits, useKits } from '../../lib/kits-api.ts';
import { addressFromProfile, toShippingAddress } from '../address/address-draft.ts';
import { Alert } from '../ui/alert.tsx';
import { CurrentUserModal } from '../ui/current-user-modal.tsx';
import { Modal } from '../ui/modal.tsx';
import { SuccessStep } from '../ui/success-step.tsx';
import { useStepFocus } from '../ui/use-step-focus.ts';
import { AddressConfirmStep } from './address-confirm-step.tsx';
import { DependantStep } from './dependant-step.tsx';
import { GiveKitModal } from './give-modal.tsx';
import { KIT_MODAL_TEXTS } from './kit-modal-texts.ts';
import { ConsentStep, RedeemTypeStep, RejectStep, VoucherStep } from './redeem-steps.tsx';
import { useKitForm } from './use-kit-form.ts';

type Props = { open: boolean; onClose: () => void; initialVoucher?: string };

const TITLE = 'Redeem a voucher';

/**
 * Redeem/Activate (consumer §4 "Redeem flow"): choose an option, enter the voucher (with an address
 * when sending now), or the child reminder and its reject step; a voucher this person already
 * redeemed goes to the address confirm. Every opening starts afresh, since closing unmounts the flow.
 */
export function RedeemModal({ open, onClose, initialVoucher }: Props) {
  return (
    <CurrentUserModal open={open} title={TITLE} onClose={onClose}>
      {(user) => <RedeemFlow user={user} onClose={onClose} initialVoucher={initialVoucher ?? ''} />}
    </CurrentUserModal>
  );
}

type Outcome = 'ACTIVATED' | 'REDEEMED';

function RedeemFlow({
  user,
  onClose,
  initialVoucher,
}: {
  user: CurrentUser;
  onClose: () => void;
  initialVoucher: string;
}) {
  const invalidateKits = useInvalidateKits();
  const queryClient = useQueryClient();
  const kits = useKits();
  // "For my child or dependant": the voucher is redeemed for a dependant, then the address step.
  const [forDependant, setForDependant] = useState(false);
  // Whose account this becomes (issue 33 item 23), and the confirmation in words once it is theirs.
  const [dependant, setDependant] = useState<DependantDetails | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [step, setStep] = useState<RedeemStep | 'GIVE'>('REDEEM_TYPE');
  const kitForm = useKitForm({ voucher: initialVoucher, address: addressFromProfile(user) });
  const { voucher, address, busy, error } = kitForm;
  const [kitId, setKitId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>('REDEEMED');
  const stepRef = useStepFocus<HTMLDivElement>(step);

  function go(next: RedeemStep | 'GIVE') {
    kitForm.setError(null);
    setStep(next);
  }

  function finish(result: Outcome) {
    setOutcome(result);
    go('SUCCESS');
    void invalidateKits();
  }

  /** After the child reminder: one guardian account covers one dependant (dependantRedeem). */
  function continueForDependant() {
    const account = { ...user, kitsHeld: kits.data?.length ?? 0 };
    const decision = dependantRedeem(account);
    setForDependant(decision === 'VOUCHER');
    // An adult account without kits becomes the dependant's only when the adult says so, and whose.
    if (decision !== 'VOUCHER') go('REDEEM_REJECT');
    else go(becomesGuardian(account) ? 'REDEEM_DEPENDANT' : 'REDEEM_CODE');
  }

  /** The dependant's kit is redeemed to this account (which may become a guardian account), then addressed. */
  const redeemForDependant = () =>
    kitForm.submit(
      { voucher: checkVoucherSchema },
      async (values) => {
        const code = values.voucher.trim();
        const kit = await checkVoucher(code);
        if (kit.kitStatus !== 'ASSIGNED') {
          await redeemKit({
            kitId: kit.kitId,
            voucher: code,
            activate: false,
            forDependant: true,
            ...(dependant ? { dependant } : {}),
          });
          if (dependant)
            setConfirmation(
              DEPENDANT_TEXTS.confirmed(
                `${dependant.firstName} ${dependant.lastName}`,
                `${user.firstName} ${user.lastName}`,
              ),
            );
        }
        setKitId(kit.kitId);
        go('REDEEM_ADDRESS');
        void invalidateKits();
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKey(user.id) });
      },
      (caught) => {
        // The server holds the same rule: an account found holding kits meanwhile is refused.
        if (caught instanceof ApiError && caught.message === KIT_MESSAGES.rejectGuardian) go('REDEEM_REJECT');
        return voucherErrorText(caught);
      },
    );

  /** checkVoucher, then redeemKit (activate only when sending now), or the address confirm. */
  const proceedWithVoucher = (sendNow: boolean) =>
    kitForm.submit(
      { voucher: checkVoucherSchema, address: sendNow },
      async (values) => {
        const code = values.voucher.trim();
        const kit = await checkVoucher(code);
        if (kit.kitStatus === 'ASSIGNED') {
          setKitId(kit.kitId);
          go('REDEEM_ADDRESS');
          return;
        }
        const shipping = sendNow ? toShippingAddress(values.address) : null;
        if (sendNow && !shipping) return;
        await redeemKit(
          shipping
            ? { kitId: kit.kitId, voucher: code, activate: true, ...shipping }
            : { kitId: kit.kitId, voucher: code, activate: false },
        );
        finish(shipping ? 'ACTIVATED' : 'REDEEMED');
      },
      voucherErrorText,
    );

  const sendRedeemedKitNow = () =>
    kitForm.submit({ address: true }, async (values) => {
      const shipping = toShippingAddress(values.address);
      if (kitId === null || !shipping) return;
      await activateKit(kitId, { ...shipping, firstName: user.firstName, lastName: user.lastName });
      finish('ACTIVATED');
    });

  if (step === 'GIVE') {
    return <GiveKitModal open onClose={onClose} voucher={voucher.trim() || undefined} />;
  }

  const title =
    step === 'SUCCESS'
      ? outcome === 'ACTIVATED'
        ? KIT_MESSAGES.successActivated
        : KIT_MESSAGES.successRedeemed
      : TITLE;

  return (
    <Modal open onClose={onClose} title={title}>
      <div ref={stepRef} tabIndex={-1} className="modal-step">
        {step === 'REDEEM_TYPE' ? (
          <RedeemTypeStep options={redeemOptions(user)} onChoose={(option) => go(stepAfterOption(option))} />
        ) : null}
        {step === 'REDEEM_CODE' || step === 'REDEEM_CODE_WITH_ADDRESS' ? (
          <VoucherStep
            voucher={voucher}
            onVoucherChange={kitForm.setVoucher}
            address={step === 'REDEEM_CODE_WITH_ADDRESS' ? address : null}
            onAddressChange={kitForm.setAddress}
            busy={busy}
            error={error}
            onBack={() => go('REDEEM_TYPE')}
            onProceed={() =>
              void (forDependant
                ? redeemForDependant()
                : proceedWithVoucher(step === 'REDEEM_CODE_WITH_ADDRESS'))
            }
          />
        ) : null}
        {step === 'REDEEM_CONSENT' ? (
          <ConsentStep
            onBack={() => go('REDEEM_TYPE')}
            busy={kits.isPending}
            onContinue={continueForDependant}
          />
        ) : null}
        {step === 'REDEEM_DEPENDANT' ? (
          <DependantStep
            onBack={() => go('REDEEM_TYPE')}
            onDecline={() => go('REDEEM_REJECT')}
            onConfirm={(details) => {
              setDependant(details);
              go('REDEEM_CODE');
            }}
          />
        ) : null}
        {step === 'REDEEM_REJECT' ? <RejectStep onBack={() => go('REDEEM_TYPE')} onDone={onClose} /> : null}
        {step === 'REDEEM_ADDRESS' ? (
          <>
            {confirmation ? <Alert tone="success">{confirmation}</Alert> : null}
            {forDependant ? (
              <h3>{KIT_MODAL_TEXTS.dependantAddress}</h3>
            ) : (
              <Alert tone="info">{KIT_MESSAGES.alreadyRedeemed}</Alert>
            )}
            <AddressConfirmStep
              address={address}
              onAddressChange={kitForm.setAddress}
              busy={busy}
              error={error}
              onSendNow={() => void sendRedeemedKitNow()}
              onSendLater={() => finish('REDEEMED')}
            />
          </>
        ) : null}
        {step === 'SUCCESS' ? (
          <SuccessStep onDone={onClose}>
            {outcome === 'ACTIVATED' ? KIT_MODAL_TEXTS.deliveryTime : KIT_MESSAGES.sendLater}
          </SuccessStep>
        ) : null}
      </div>
    </Modal>
  );
}
