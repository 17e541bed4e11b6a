import type { ShippingAddress } from '@portal/domain';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import { type AddressDraft, parseShippingAddress } from '../address/address-draft.ts';

/** What the kit dialogs' react-hook-form holds: a voucher, and the address a kit sent now goes to. */
export type KitFormValues = { voucher: string; address: AddressDraft };

/**
 * What a submit hands on once checked: the voucher trimmed, and the address as the API takes it when
 * the step sends the kit (parsed once, here), else null.
 */
export type CheckedKitForm = { voucher: string; shipping: ShippingAddress | null };

type VoucherCheck = { success: true } | { success: false; error: { issues: { message: string }[] } };

/** The rules one step's submit applies: the voucher with a domain schema of `{ voucher }`, the address. */
export type KitFormChecks = {
  voucher?: { safeParse: (input: { voucher: string }) => VoucherCheck } | undefined;
  address?: boolean | undefined;
};

/**
 * The domain's rules as react-hook-form's resolver (issue 31: react-hook-form itself, no adapter around
 * it). Which rules apply depends on the step the person is on, so they are read when the form is
 * submitted; the values come out checked, so what the submit sends is what was checked.
 */
export function kitFormResolver(
  checks: () => KitFormChecks,
): Resolver<KitFormValues, unknown, CheckedKitForm> {
  return async (values): Promise<ResolverResult<KitFormValues, CheckedKitForm>> => {
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
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    const shipping = addressCheck?.success ? addressCheck.data : null;
    return { values: { voucher: values.voucher.trim(), shipping }, errors: {} };
  };
}

/**
 * The one message a kit dialog shows: a rule the submit found broken, else the refusal the submit
 * recorded as react-hook-form's `root.server` error (cleared by the next submit).
 */
export function kitFormError(errors: FieldErrors<KitFormValues>): string | null {
  return errors.voucher?.message || errors.address?.message || errors.root?.server?.message || null;
}
