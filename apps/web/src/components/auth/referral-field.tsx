import { REGISTRATION_REFERRAL_TEXTS } from '@portal/domain';
import { useId, useState } from 'react';
import { useRegistrationReferral } from '../../lib/referral-api.ts';
import { FieldError } from '../ui/field.tsx';

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** The server's refusal of the code when the account was created. */
  serverError?: string | undefined;
};

/**
 * The optional referral code of registration step 1. Leaving the field looks the code up (the server
 * strips REF-/REF): the practitioner's name when it is found, the server's message when it is not.
 */
export function ReferralField({ value, onChange, serverError }: Props) {
  const id = useId();
  const [checked, setChecked] = useState<string | null>(null);
  const lookup = useRegistrationReferral(checked);
  const current = checked !== null && checked === value.trim();
  const error = serverError ?? (current && lookup.isError ? lookup.error.message : undefined);
  const found = current && lookup.isSuccess ? lookup.data : null;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null, found ? `${id}-found` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{REGISTRATION_REFERRAL_TEXTS.label}</label>
      <p id={`${id}-hint`} className="field-hint">
        {REGISTRATION_REFERRAL_TEXTS.hint}
      </p>
      <input
        id={id}
        name="referralCode"
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setChecked(value.trim() || null)}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <p id={`${id}-found`} className="field-hint" role="status">
        {found ? REGISTRATION_REFERRAL_TEXTS.found(found.firstName, found.lastName) : null}
      </p>
    </div>
  );
}
