import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, type AccountType, REGISTRATION_MESSAGES } from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../ui/button.tsx';

type Props = { initial: AccountType | null; onNext: (type: AccountType) => void };

/** Registration step 0: who the account is for. One choice is required. */
export function AccountTypeStep({ initial, onNext }: Props) {
  const [choice, setChoice] = useState<AccountType | null>(initial);
  const [showError, setShowError] = useState(false);
  const errorId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (choice) onNext(choice);
    else setShowError(true);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Account type">
      <fieldset className="choice-group" aria-describedby={showError ? errorId : undefined}>
        <legend>Who is this account for?</legend>
        {ACCOUNT_TYPES.map((type) => (
          <label key={type} className="choice">
            <input
              type="radio"
              name="accountType"
              value={type}
              checked={choice === type}
              aria-invalid={showError || undefined}
              onChange={() => {
                setChoice(type);
                setShowError(false);
              }}
            />
            <span>{ACCOUNT_TYPE_LABELS[type]}</span>
          </label>
        ))}
      </fieldset>
      {showError ? (
        <p id={errorId} className="field-error" role="alert">
          {REGISTRATION_MESSAGES.selectionRequired}
        </p>
      ) : null}
      <div className="form-actions">
        <Button type="submit">Next</Button>
      </div>
    </form>
  );
}
