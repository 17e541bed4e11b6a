import { type ComponentProps, type ReactNode, useId } from 'react';

type FieldProps = ComponentProps<'input'> & {
  label: string;
  hint?: string;
  error?: string | undefined;
  /** Marks the input invalid without a message of its own (the form-level message names it). */
  invalid?: boolean;
};

/** A labelled input whose hint and error are linked with aria-describedby. */
export function Field({ label, hint, error, invalid, id, className, ...inputProps }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input
        id={inputId}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** A field's error message, announced (role alert), with the id its control's aria-describedby names; nothing without one. */
export function FieldError({ id, children }: { id?: string | undefined; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {children}
    </p>
  );
}
