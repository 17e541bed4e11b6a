import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { errorText } from '../../lib/error-text.ts';
import { type AddressDraft, parseShippingAddress } from '../address/address-draft.ts';

/** What the kit dialogs send: a voucher, and the address a kit sent now goes to. */
export type KitFormValues = { voucher: string; address: AddressDraft };

/** The checks one submit needs: the voucher with a domain schema of `{ voucher }`, the shipping address. */
export type KitFormChecks = {
  voucher?: { safeParse: (input: { voucher: string }) => VoucherCheck } | undefined;
  address?: boolean | undefined;
};
type VoucherCheck = { success: true } | { success: false; error: { issues: { message: string }[] } };

/** The domain's rules as react-hook-form's resolver; which ones apply is read when the form is submitted. */
function kitFormResolver(checks: () => KitFormChecks): Resolver<KitFormValues> {
  return async (values) => {
    const { voucher, address } = checks();
    const errors: FieldErrors<KitFormValues> = {};
    const voucherCheck = voucher?.safeParse({ voucher: values.voucher });
    if (voucherCheck && !voucherCheck.success) {
      errors.voucher = { type: 'validate', message: voucherCheck.error.issues[0]?.message ?? '' };
    }
    const addressCheck = address ? parseShippingAddress(values.address) : null;
    if (addressCheck && !addressCheck.success) {
      errors.address = { type: 'validate', message: addressCheck.error.issues[0]?.message ?? '' };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/**
 * The kit dialogs' form (issue 22: react-hook-form with the domain's schema and useMutation): the voucher
 * and the address live in react-hook-form, a submit checks what its step needs, and the request runs as
 * a mutation. Busy from the click on: the check runs before the mutation starts, and a second click in
 * between would send twice, so busy is react-hook-form's isSubmitting or the mutation's isPending.
 */
export function useKitForm(initial: KitFormValues) {
  const checks = useRef<KitFormChecks>({});
  const form = useForm<KitFormValues>({
    defaultValues: initial,
    resolver: kitFormResolver(() => checks.current),
  });
  const send = useMutation({ mutationFn: (task: () => Promise<unknown>) => task() });
  // A failed check or request, or a message the dialog shows itself (an already claimed kit).
  const [error, setError] = useState<string | null>(null);

  /**
   * Checks the values, then runs the task as the mutation. Resolves with the task's result, or with
   * undefined when the check or the task failed; the failure is then the error, as `describe` words it.
   */
  function submit<T>(
    need: KitFormChecks,
    task: (values: KitFormValues) => Promise<T>,
    describe: (caught: unknown) => string | null = errorText,
  ): Promise<T | undefined> {
    checks.current = need;
    setError(null);
    return new Promise((resolve) => {
      void form.handleSubmit(
        async (values) => {
          try {
            resolve((await send.mutateAsync(() => task(values))) as T);
          } catch (caught) {
            setError(describe(caught));
            resolve(undefined);
          }
        },
        (errors) => {
          setError(errors.voucher?.message ?? errors.address?.message ?? null);
          resolve(undefined);
        },
      )();
    });
  }

  return {
    voucher: form.watch('voucher'),
    setVoucher: (voucher: string) => form.setValue('voucher', voucher),
    address: form.watch('address'),
    setAddress: (address: AddressDraft) => form.setValue('address', address),
    busy: form.formState.isSubmitting || send.isPending,
    error,
    setError,
    submit,
  };
}
