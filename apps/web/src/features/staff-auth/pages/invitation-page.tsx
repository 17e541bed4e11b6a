import { PASSWORD_HINT, PASSWORD_MESSAGES, passwordProblems, STAFF_MESSAGES } from '@portal/domain';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { tokenFromSearch } from '../../../lib/query-token.ts';
import { useAcceptInvitation } from '../api.ts';

type Values = { password: string; confirmPassword: string };

const resolver: Resolver<Values> = async (values) => {
  const errors: FieldErrors<Values> = {};
  const [problem] = passwordProblems(values.password);
  if (problem) errors.password = { type: 'validate', message: problem };
  if (values.password !== values.confirmPassword)
    errors.confirmPassword = { type: 'validate', message: PASSWORD_MESSAGES.mismatch };
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

/**
 * `/staff/invitation?token=…`, the emailed (or ops-printed) link: the invitee chooses a password, is
 * signed in with it, and goes on to set up the authenticator app.
 */
export function InvitationPage() {
  const token = tokenFromSearch(useLocation().search);
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const form = useForm<Values>({ resolver, defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ password }) => {
    if (!token) return;
    accept.mutate({ token, password }, { onSuccess: () => navigate('/staff', { replace: true }) });
  });

  return (
    <div className="auth-card">
      <h1>Set up your staff account</h1>
      {token === null ? (
        <Alert tone="error">{STAFF_MESSAGES.invitationInvalid}</Alert>
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate aria-label="Choose your password">
          <p>Choose a password. Next, you will set up an authenticator app on your phone.</p>
          {accept.error ? <Alert tone="error">{accept.error.message}</Alert> : null}
          <Field
            label="Password"
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
          <Button type="submit" busy={accept.isPending || accept.isSuccess}>
            Continue
          </Button>
        </form>
      )}
    </div>
  );
}
