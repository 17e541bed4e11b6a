import {
  DEPENDANT_TEXTS,
  type DependantDetails,
  dependantDetailsSchema,
  PROFILE_MESSAGES,
  parseDisplayDate,
} from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { Field, FieldError } from '../ui/field.tsx';

type Errors = Partial<Record<keyof DependantDetails | 'choice', string>>;

/**
 * REDEEM_DEPENDANT (issue 33 item 23): an adult account without kits becomes the child's or dependant's
 * account only when the adult says so, with the child's name and date of birth. "No, this account is
 * mine" leads to the spec's reject step (a separate guardian account).
 */
export function DependantStep({
  onBack,
  onConfirm,
  onDecline,
}: {
  onBack: () => void;
  onConfirm: (details: DependantDetails) => void;
  onDecline: () => void;
}) {
  const name = useId();
  const [choice, setChoice] = useState<'yes' | 'no' | null>(null);
  const [values, setValues] = useState({ firstName: '', lastName: '', dateOfBirth: '' });
  const [errors, setErrors] = useState<Errors>({});
  const T = DEPENDANT_TEXTS;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (choice === null) return setErrors({ choice: T.choose });
    if (choice === 'no') return onDecline();
    const iso = values.dateOfBirth.trim() ? parseDisplayDate(values.dateOfBirth) : null;
    const parsed = dependantDetailsSchema.safeParse({ ...values, dateOfBirth: iso ?? '' });
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        found[issue.path[0] as keyof DependantDetails] ??= issue.message;
    }
    if (!values.dateOfBirth.trim()) found.dateOfBirth = PROFILE_MESSAGES.required;
    else if (!iso) found.dateOfBirth = PROFILE_MESSAGES.invalidDate;
    setErrors(found);
    if (parsed.success && Object.keys(found).length === 0) onConfirm(parsed.data);
  }

  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((now) => ({ ...now, [key]: event.target.value }));
  return (
    <form noValidate aria-label={T.question} onSubmit={submit}>
      <p>{T.explanation}</p>
      <fieldset className="choice-group" aria-describedby={errors.choice ? `${name}-error` : undefined}>
        <legend>{T.question}</legend>
        <label className="choice">
          <input type="radio" name={name} checked={choice === 'yes'} onChange={() => setChoice('yes')} />{' '}
          {T.yes}
        </label>
        <label className="choice">
          <input type="radio" name={name} checked={choice === 'no'} onChange={() => setChoice('no')} /> {T.no}
        </label>
        <FieldError id={`${name}-error`}>{errors.choice}</FieldError>
      </fieldset>
      {choice === 'yes' ? (
        <>
          <Field
            label={T.firstName}
            value={values.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
          />
          <Field
            label={T.lastName}
            value={values.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
          />
          <Field
            label={T.dateOfBirth}
            hint="DD/MM/YYYY"
            inputMode="numeric"
            value={values.dateOfBirth}
            onChange={set('dateOfBirth')}
            error={errors.dateOfBirth}
          />
        </>
      ) : null}
      <div className="form-actions">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit">Continue</Button>
      </div>
    </form>
  );
}
