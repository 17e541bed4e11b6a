import { STAFF_ROLE_TEXT, STAFF_ROLES, type StaffRole } from '@portal/domain';
import { FieldError } from '../ui/field.tsx';

/** The five staff roles as checkboxes, each with what it is for. */
export function RolePicker({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: readonly StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="choice-group role-picker">
      <legend>{legend}</legend>
      {STAFF_ROLES.map((role) => (
        <label key={role} className="choice">
          <input
            type="checkbox"
            checked={value.includes(role)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? STAFF_ROLES.filter((r) => r === role || value.includes(r))
                  : value.filter((r) => r !== role),
              )
            }
          />
          <span>
            <strong>{STAFF_ROLE_TEXT[role].label}</strong> — {STAFF_ROLE_TEXT[role].duties}
          </span>
        </label>
      ))}
      <FieldError>{error}</FieldError>
    </fieldset>
  );
}
