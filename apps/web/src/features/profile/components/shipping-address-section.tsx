import { AU_STATES, PROFILE_LIMITS } from '@portal/domain';
import type { UseFormReturn } from 'react-hook-form';
import { AddressFinder } from '../../../components/address/address-finder.tsx';
import type { AddressSuggestion } from '../../../components/address/address-suggestions.ts';
import { Field } from '../../../components/ui/field.tsx';
import type { AddressKey, ProfileValues } from '../profile-values.ts';
import { SelectField } from './select-field.tsx';

type Props = {
  form: UseFormReturn<ProfileValues>;
  onChoose: (item: AddressSuggestion) => void;
  /** After each edit of a line, so a chosen address that no longer matches loses the finder's ids. */
  onEdit: () => void;
};

export function ShippingAddressSection({ form, onChoose, onEdit }: Props) {
  const { errors } = form.formState;
  const field = (name: AddressKey, maxLength?: number) => ({
    ...form.register(name, { onChange: onEdit }),
    maxLength,
    error: errors[name]?.message,
  });
  return (
    <fieldset className="card profile-section">
      <legend>Shipping address</legend>
      <AddressFinder onChoose={onChoose} />
      <Field
        label="Address line 1"
        autoComplete="address-line1"
        {...field('addressLine1', PROFILE_LIMITS.address)}
      />
      <Field
        label="Address line 2"
        autoComplete="address-line2"
        {...field('addressLine2', PROFILE_LIMITS.address)}
      />
      <Field label="Suburb" autoComplete="address-level2" {...field('suburb', PROFILE_LIMITS.address)} />
      <SelectField
        label="State"
        options={AU_STATES.map((s) => ({ value: s, label: s }))}
        {...field('state')}
      />
      <Field label="Postcode" inputMode="numeric" autoComplete="postal-code" {...field('postcode')} />
    </fieldset>
  );
}
