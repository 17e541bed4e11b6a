import { useId } from 'react';
import { Field, FieldError } from '../ui/field.tsx';
import type { CardDetails } from './card-tokenizer.ts';
import { ORDER_TEXTS } from './orders-texts.ts';

type Props = {
  value: CardDetails;
  onChange: (next: CardDetails) => void;
  /** The §5 incomplete-card text; it describes all three inputs. */
  error: string | null;
};

/**
 * The embedded provider's card entry: number, expiry and security code with the browser's card
 * autofill. The page says plainly that it is a test payment page taking Stripe's test cards.
 */
export function CardFields({ value, onChange, error }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const expiryId = `${id}-expiry`;
  const describedBy = (own?: string) => [own, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const set = (field: keyof CardDetails) => (event: { target: { value: string } }) =>
    onChange({ ...value, [field]: event.target.value });

  return (
    <fieldset className="payment-card">
      <legend>{ORDER_TEXTS.card}</legend>
      <p id={noteId} className="payment-test-note">
        {ORDER_TEXTS.testPayment}
      </p>
      <Field
        label={ORDER_TEXTS.cardNumber}
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        spellCheck={false}
        maxLength={23}
        value={value.number}
        onChange={set('number')}
        invalid={Boolean(error)}
        aria-describedby={describedBy(noteId)}
      />
      <div className="payment-card-row">
        <Field
          id={expiryId}
          label={ORDER_TEXTS.cardExpiry}
          hint={ORDER_TEXTS.cardExpiryHint}
          name="exp-date"
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={7}
          value={value.expiry}
          onChange={set('expiry')}
          invalid={Boolean(error)}
          aria-describedby={describedBy(`${expiryId}-hint`)}
        />
        <Field
          label={ORDER_TEXTS.cardCvc}
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          value={value.cvc}
          onChange={set('cvc')}
          invalid={Boolean(error)}
          aria-describedby={describedBy()}
        />
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
