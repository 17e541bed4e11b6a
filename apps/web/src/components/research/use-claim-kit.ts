import { RESEARCH_MESSAGES, researchVoucherCheckSchema } from '@portal/domain';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/api-client.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { errorText } from '../../lib/error-text.ts';
import { useRedeemKit } from '../../lib/kits-api.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';
import { checkResearchVoucher, type ResearchVoucher } from '../../lib/research-api.ts';
import { type AddressDraft, addressFromProfile } from '../address/address-draft.ts';
import {
  type CheckedKitForm,
  type KitFormChecks,
  type KitFormValues,
  kitFormError,
  kitFormResolver,
} from '../kit-modals/kit-form.ts';
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
 * participant code when there is one), then redeem it, sending it now when an address is given. The
 * voucher and address live in react-hook-form; the redeem is one typed mutation (issue 31).
 */
export function useClaimKit(user: CurrentUser) {
  // The rules the pressed button's submit applies (the voucher, and the address when sending now).
  const checks = useRef<KitFormChecks>({});
  const form = useForm<KitFormValues, unknown, CheckedKitForm>({
    defaultValues: { voucher: '', address: addressFromProfile(user) },
    resolver: kitFormResolver(() => checks.current),
  });
  const redeemKit = useRedeemKit();
  const [found, setFound] = useState<ResearchVoucher | null>(null);

  /**
   * Checks the form with the rules given, then runs the task. Resolves with the task's result, or with
   * undefined when a rule or the task failed; the failure is then shown as `describe` words it.
   */
  function submit<T>(
    rules: KitFormChecks,
    task: (values: CheckedKitForm) => Promise<T>,
    describe: (caught: unknown) => string | null = errorText,
  ): Promise<T | undefined> {
    checks.current = rules;
    let result: T | undefined;
    return form
      .handleSubmit(async (values) => {
        try {
          result = await task(values);
        } catch (caught) {
          const message = describe(caught);
          if (message) form.setError('root.server', { message });
        }
      })()
      .then(() => result);
  }

  const check = (participantIdentifier?: string) =>
    submit(
      { voucher: RESEARCH_VOUCHER_CHECK },
      async ({ voucher }) => {
        const result = await checkResearchVoucher({
          voucher,
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
    submit(
      { voucher: RESEARCH_VOUCHER_CHECK, address: sendNow },
      async ({ voucher, shipping }): Promise<ClaimOutcome | undefined> => {
        if (!checked || (sendNow && !shipping)) return undefined;
        await redeemKit.mutateAsync(
          shipping
            ? { kitId: checked.kitId, voucher, activate: true, ...shipping }
            : { kitId: checked.kitId, voucher, activate: false },
        );
        return shipping ? 'ACTIVATED' : 'REDEEMED';
      },
      () => RESEARCH_MESSAGES.redeemFailed,
    );

  /** Shows a message of the modal's own (an already claimed kit), or clears it with null. */
  const setError = (message: string | null) =>
    message ? form.setError('root.server', { message }) : form.clearErrors();

  return {
    voucher: form.watch('voucher'),
    setVoucher: (voucher: string) => form.setValue('voucher', voucher),
    address: form.watch('address'),
    setAddress: (address: AddressDraft) => form.setValue('address', address),
    found,
    // Busy from the click on: the check runs before a request starts, and a second click would send twice.
    busy: form.formState.isSubmitting || redeemKit.isPending,
    error: kitFormError(form.formState.errors),
    setError,
    check,
    redeem,
    submit,
  };
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
