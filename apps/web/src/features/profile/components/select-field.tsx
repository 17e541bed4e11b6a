import { type ComponentProps, useId } from 'react';
import { FieldError } from '../../../components/ui/field.tsx';

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  error?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
};

/** A labelled select whose error is linked with aria-describedby, like Field. */
export function SelectField({ label, error, options, id, ...selectProps }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...selectProps}
      >
        <option value="">Select…</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
