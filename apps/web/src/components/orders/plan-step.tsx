import { PLANS, type SubscriptionType } from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { FieldError } from '../ui/field.tsx';
import { dollars } from './order-pricing.ts';
import { ORDER_TEXTS } from './orders-texts.ts';

type Props = {
  value: SubscriptionType | null;
  onChange: (type: SubscriptionType) => void;
  onContinue: () => void;
};

/** Subscription page 0: the three plans of consumer §9 with price per kit and kits per year. */
export function PlanStep({ value, onChange, onContinue }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!value) {
      setError(ORDER_TEXTS.planRequired);
      document.getElementById(`${id}-${PLANS[0]?.type}`)?.focus();
      return;
    }
    onContinue();
  }

  return (
    <form noValidate aria-label="Choose a plan" onSubmit={onSubmit}>
      <fieldset className="choice-group plan-options" aria-describedby={error ? errorId : undefined}>
        <legend>{ORDER_TEXTS.choosePlan}</legend>
        {PLANS.map((plan) => (
          <label key={plan.type} className="choice plan-option" htmlFor={`${id}-${plan.type}`}>
            <input
              id={`${id}-${plan.type}`}
              type="radio"
              name={`${id}-plan`}
              value={plan.type}
              checked={value === plan.type}
              onChange={() => {
                setError(null);
                onChange(plan.type);
              }}
            />
            <span className="plan-option-text">
              <strong>{plan.label}</strong>
              <span>{ORDER_TEXTS.perKit(dollars(plan.priceCents))}</span>
              <span>{ORDER_TEXTS.kitsPerYear(plan.kitsPerYear)}</span>
              <span>{ORDER_TEXTS.cancelAnytime}</span>
            </span>
          </label>
        ))}
        <FieldError id={errorId}>{error}</FieldError>
      </fieldset>
      <div className="form-actions">
        <Button type="submit">{ORDER_TEXTS.continueToPayment}</Button>
      </div>
    </form>
  );
}
