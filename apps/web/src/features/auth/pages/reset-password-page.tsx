import {
  AUTH_MESSAGES,
  isParsableToken,
  PASSWORD_HINT,
  PASSWORD_MESSAGES,
  passwordProblems,
} from '@portal/domain';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LoginNotice } from '../../../components/auth/login-notice.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useConfirmPasswordReset } from '../../../lib/auth-api.ts';
import { tokenFromSearch } from '../../../lib/query-token.ts';

type Values = { password: string; confirmPassword: string };

const resolver: Resolver<Values> = async (values) => {
  const errors: FieldErrors<Values> = {};
  const [problem] = passwordProblems(values.password);
  if (problem) errors.password = { type: 'validate', message: problem };
  if (values.password !== values.confirmPassword) {
    errors.confirmPassword = { type: 'validate', message: PASSWORD_MESSAGES.mismatch };
  }
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

/** Opened from the emailed link `/reset-password?<token>`; a missing or unparsable token gets §8's text. */
export function ResetPasswordPage() {
  const found = tokenFromSearch(useLocation().search);
  const token = found && isParsableToken(found) ? found : null;
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const form = useForm<Values>({ resolver, defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password }) => {
    if (!token) return;
    confirm.mutate(
      { token, password },
      {
        onSuccess: () => {
          const state: { notice: LoginNotice } = { notice: 'resetDone' };
          navigate('/login', { replace: true, state });
        },
      },
    );
  });

  return (
    <div className="auth-card">
      <h1>Choose a new password</h1>
      {token === null ? (
        <Alert tone="error">{AUTH_MESSAGES.resetMissingToken}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
          {confirm.error ? <Alert tone="error">{confirm.error.message}</Alert> : null}
          <Field
            label="New password"
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
          <Button type="submit" busy={confirm.isPending}>
            Reset password
          </Button>
        </form>
      )}
      <p className="auth-links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </div>
  );
}
