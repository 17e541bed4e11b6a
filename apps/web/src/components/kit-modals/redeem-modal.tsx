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
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/api-client.ts';
import { type CurrentUser, currentUserQueryKey } from '../../lib/current-user.ts';
import { errorText, voucherErrorText } from '../../lib/error-text.ts';
import { checkVoucher, useActivateKit, useKits, useRedeemKit } from '../../lib/kits-api.ts';
import { addressFromProfile } from '../address/address-draft.ts';
import { Alert } from '../ui/alert.tsx';
import { CurrentUserModal } from '../ui/current-user-modal.tsx';
import { Modal } from '../ui/modal.tsx';
import { SuccessStep } from '../ui/success-step.tsx';
import { useStepFocus } from '../ui/use-step-focus.ts';
import { AddressConfirmStep } from './address-confirm-step.tsx';
import { DependantStep } from './dependant-step.tsx';
import { GiveKitModal } from './give-modal.tsx';
import {
  type CheckedKitForm,
  type KitFormChecks,
  type KitFormValues,
  kitFormError,
  kitFormResolver,
} from './kit-form.ts';
import { KIT_MODAL_TEXTS } from './kit-modal-texts.ts';
import { ConsentStep, RedeemTypeStep, RejectStep, VoucherStep } from './redeem-steps.tsx';

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
  const queryClient = useQueryClient();
  const kits = useKits();
  // "For my child or dependant": the voucher is redeemed for a dependant, then the address step.
  const [forDependant, setForDependant] = useState(false);
  // Whose account this becomes (issue 33 item 23), and the confirmation in words once it is theirs.
  const [dependant, setDependant] = useState<DependantDetails | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [step, setStep] = useState<RedeemStep | 'GIVE'>('REDEEM_TYPE');
  // The rules the pressed button's submit applies (a voucher, and an address when sending now).
  const checks = useRef<KitFormChecks>({});
  const form = useForm<KitFormValues, unknown, CheckedKitForm>({
    defaultValues: { voucher: initialVoucher, address: addressFromProfile(user) },
    resolver: kitFormResolver(() => checks.current),
  });
  const redeem = useRedeemKit();
  const activate = useActivateKit();
  const voucher = form.watch('voucher');
  const address = form.watch('address');
  // Busy from the click on: the check runs before a request starts, and a second click would send twice.
  const busy = form.formState.isSubmitting || redeem.isPending || activate.isPending;
  const error = kitFormError(form.formState.errors);
  const [kitId, setKitId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>('REDEEMED');
  const stepRef = useStepFocus<HTMLDivElement>(step);

  function go(next: RedeemStep | 'GIVE') {
    form.clearErrors();
    setStep(next);
  }

  function finish(result: Outcome) {
    setOutcome(result);
    go('SUCCESS');
  }

  /** Submits the form with the rules given; a refusal is shown as `describe` words it. */
  function submit(
    rules: KitFormChecks,
    task: (values: CheckedKitForm) => Promise<void>,
    describe: (caught: unknown) => string = errorText,
  ) {
    checks.current = rules;
    return form.handleSubmit(async (values) => {
      try {
        await task(values);
      } catch (caught) {
        form.setError('root.server', { message: describe(caught) });
      }
    })();
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
    submit(
      { voucher: checkVoucherSchema },
      async ({ voucher: code }) => {
        const kit = await checkVoucher(code);
        if (kit.kitStatus !== 'ASSIGNED') {
          await redeem.mutateAsync({
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
    submit(
      { voucher: checkVoucherSchema, address: sendNow },
      async ({ voucher: code, shipping }) => {
        const kit = await checkVoucher(code);
        if (kit.kitStatus === 'ASSIGNED') {
          setKitId(kit.kitId);
          go('REDEEM_ADDRESS');
          return;
        }
        await redeem.mutateAsync(
          shipping
            ? { kitId: kit.kitId, voucher: code, activate: true, ...shipping }
            : { kitId: kit.kitId, voucher: code, activate: false },
        );
        finish(shipping ? 'ACTIVATED' : 'REDEEMED');
      },
      voucherErrorText,
    );

  const sendRedeemedKitNow = () =>
    submit({ address: true }, async ({ shipping }) => {
      if (kitId === null || !shipping) return;
      await activate.mutateAsync({
        kitId,
        body: { ...shipping, firstName: user.firstName, lastName: user.lastName },
      });
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
            onVoucherChange={(next) => form.setValue('voucher', next)}
            address={step === 'REDEEM_CODE_WITH_ADDRESS' ? address : null}
            onAddressChange={(next) => form.setValue('address', next)}
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
              onAddressChange={(next) => form.setValue('address', next)}
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
