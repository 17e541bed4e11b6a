import { PASSWORD_HINT, PASSWORD_MESSAGES, passwordProblems } from '@portal/domain';
import { type FieldErrors, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { Field } from '../ui/field.tsx';

export type NewPasswordValues = { password: string; confirmPassword: string };

/** The password rules (passwordProblems) and the two entries matching, as the server checks them. */
const resolver: Resolver<NewPasswordValues> = async (values) => {
  const errors: FieldErrors<NewPasswordValues> = {};
  const [problem] = passwordProblems(values.password);
  if (problem) errors.password = { type: 'validate', message: problem };
  if (values.password !== values.confirmPassword)
    errors.confirmPassword = { type: 'validate', message: PASSWORD_MESSAGES.mismatch };
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

/** A form that chooses a password, typed twice (a reset link, a staff invitation). */
export const useNewPasswordForm = () =>
  useForm<NewPasswordValues>({ resolver, defaultValues: { password: '', confirmPassword: '' } });

/** The new password with the rules as its hint, and its confirmation. */
export function NewPasswordFields({
  form,
  label,
}: {
  form: UseFormReturn<NewPasswordValues>;
  /** The first field's label. */
  label: string;
}) {
  const { errors } = form.formState;
  return (
    <>
      <Field
        label={label}
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Field
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
    </>
  );
}
