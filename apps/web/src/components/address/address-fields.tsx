import { AU_STATES, PROFILE_LIMITS } from '@portal/domain';
import { useId, useState } from 'react';
import { Field, FieldError } from '../ui/field.tsx';
import { type AddressDraft, type AddressField, addressProblems, editAddress } from './address-draft.ts';
import { AddressFinder } from './address-finder.tsx';
import { addressFromSuggestion } from './address-suggestions.ts';

type Props = {
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
  /** Problems reported from elsewhere (the server); they win over the form's own checks. */
  errors?: Partial<Record<AddressField, string>>;
  legend?: string;
};

/**
 * The shipping address with the address finder. A field's own problem shows once the person has
 * left it, so a half-typed address is not shouted at; callers use isValidAddress() to gate Proceed.
 */
export function AddressFields({ value, onChange, errors = {}, legend = 'Shipping address' }: Props) {
  const [touched, setTouched] = useState<Partial<Record<AddressField, boolean>>>({});
  // The address the finder's id belongs to: the chosen suggestion, or the profile's own address.
  const [suggestion, setSuggestion] = useState<AddressDraft | null>(value.gnafId ? value : null);
  const problems = addressProblems(value);
  const errorOf = (field: AddressField) => errors[field] ?? (touched[field] ? problems[field] : undefined);

  const input = (field: AddressField) => ({
    value: value[field],
    error: errorOf(field),
    onChange: (event: { target: { value: string } }) =>
      onChange(editAddress(value, field, event.target.value, suggestion)),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
  });

  return (
    <fieldset className="address-fields">
      <legend>{legend}</legend>
      <AddressFinder
        onChoose={(item) => {
          const next = { ...addressFromSuggestion(item), gnafId: item.gnaf_id ?? null };
          setSuggestion(next);
          onChange(next);
        }}
      />
      <Field
        label="Address line 1"
        autoComplete="address-line1"
        maxLength={PROFILE_LIMITS.address}
        {...input('addressLine1')}
      />
      <Field
        label="Address line 2"
        autoComplete="address-line2"
        maxLength={PROFILE_LIMITS.address}
        {...input('addressLine2')}
      />
      <Field
        label="Suburb"
        autoComplete="address-level2"
        maxLength={PROFILE_LIMITS.address}
        {...input('suburb')}
      />
      <StateSelect {...input('state')} />
      <Field label="Postcode" inputMode="numeric" autoComplete="postal-code" {...input('postcode')} />
    </fieldset>
  );
}

type StateSelectProps = {
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
};

function StateSelect({ value, error, onChange, onBlur }: StateSelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>State</label>
      <select
        id={id}
        value={value}
        autoComplete="address-level1"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={onChange}
        onBlur={onBlur}
      >
        <option value="">Select…</option>
        {AU_STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </select>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
