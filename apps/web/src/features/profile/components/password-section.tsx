import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import type { ProfileValues } from '../profile-values.ts';

const SUPPORT_SESSION_PASSWORD_NOTE =
  'The password can only be changed by the account holder, not while support views this portal.';

type Props = {
  form: UseFormReturn<ProfileValues>;
  open: boolean;
  onToggle: () => void;
  /** A support user viewing this portal may not change the password (design.md §6). */
  supportView: boolean;
  ref: React.Ref<HTMLFieldSetElement>;
};

export function PasswordSection({ form, open, onToggle, supportView, ref }: Props) {
  const sectionId = useId();
  const { errors } = form.formState;
  const field = (name: 'password' | 'newPassword' | 'confirmPassword') => ({
    ...form.register(name),
    error: errors[name]?.message,
  });
  return (
    <fieldset className="card profile-section" ref={ref}>
      <legend>Password</legend>
      {supportView ? (
        <p>{SUPPORT_SESSION_PASSWORD_NOTE}</p>
      ) : (
        <Button variant="secondary" aria-expanded={open} aria-controls={sectionId} onClick={onToggle}>
          Change password
        </Button>
      )}
      <div id={sectionId} hidden={!open || supportView}>
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field('password')}
        />
        <Field label="New password" type="password" autoComplete="new-password" {...field('newPassword')} />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
      </div>
    </fieldset>
  );
}
