import { AUTH_MESSAGES, isParsableToken } from '@portal/domain';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LoginNotice } from '../../../components/auth/login-notice.ts';
import { NewPasswordFields, useNewPasswordForm } from '../../../components/auth/new-password.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirmPasswordReset } from '../../../lib/auth-api.ts';
import { tokenFromSearch } from '../../../lib/query-token.ts';

/** Opened from the emailed link `/reset-password?<token>`; a missing or unparsable token gets §8's text. */
export function ResetPasswordPage() {
  const found = tokenFromSearch(useLocation().search);
  const token = found && isParsableToken(found) ? found : null;
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const form = useNewPasswordForm();

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
          <NewPasswordFields form={form} label="New password" />
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
