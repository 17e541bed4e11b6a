import { useId } from 'react';
import { FieldError } from '../ui/field.tsx';
import { ORDER_TEXTS } from './orders-texts.ts';

type Props = { checked: boolean; onChange: (checked: boolean) => void; error: string | null };

/** 'I agree to the Terms & Conditions'; the terms open in a new tab so the payment page stays as it is. */
export function TermsCheckbox({ checked, onChange, error }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="payment-terms">
      <div className="payment-terms-choice">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <label htmlFor={id}>
          {ORDER_TEXTS.termsBefore}
          <a href="/terms" target="_blank" rel="noreferrer">
            {ORDER_TEXTS.termsLink}
          </a>
        </label>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
