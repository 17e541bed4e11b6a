import { CLOSURE_SCOPES, type ClosureScope, CLOSURE_TEXTS as T } from '@portal/domain';
import { type ComponentProps, useId } from 'react';
import { FieldError } from '../ui/field.tsx';

/**
 * The two closure scopes as radio buttons, each with its hint, and the group's error. My Profile binds
 * them with react-hook-form (`inputProps` returns `register('scope')`), the console's People with its own
 * state (name, checked, onChange), so both show the same choice.
 */
export function ClosureScopeChoice({
  legend,
  error,
  disabled,
  inputProps,
}: {
  legend: string;
  error: string | undefined;
  disabled?: boolean;
  inputProps: (scope: ClosureScope) => ComponentProps<'input'>;
}) {
  const ids = useId();
  return (
    <fieldset
      className="choice-group"
      disabled={disabled}
      aria-describedby={error ? `${ids}-scope-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      {CLOSURE_SCOPES.map((scope) => (
        <div key={scope} className="choice">
          <input
            id={`${ids}-${scope}`}
            type="radio"
            value={scope}
            aria-describedby={`${ids}-${scope}-hint`}
            {...inputProps(scope)}
          />
          <div>
            <label htmlFor={`${ids}-${scope}`}>{T.scopes[scope].label}</label>
            <p id={`${ids}-${scope}-hint`} className="field-hint">
              {T.scopes[scope].hint}
            </p>
          </div>
        </div>
      ))}
      <FieldError id={`${ids}-scope-error`}>{error}</FieldError>
    </fieldset>
  );
}
