import { STAFF_MESSAGES } from '@portal/domain';
import { useLocation, useNavigate } from 'react-router';
import { NewPasswordFields, useNewPasswordForm } from '../../../components/auth/new-password.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { tokenFromSearch } from '../../../lib/query-token.ts';
import { useAcceptInvitation } from '../api.ts';

/**
 * `/staff/invitation?token=…`, the emailed (or ops-printed) link: the invitee chooses a password, is
 * signed in with it, and goes on to set up the authenticator app.
 */
export function InvitationPage() {
  const token = tokenFromSearch(useLocation().search);
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const form = useNewPasswordForm();
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
          <NewPasswordFields form={form} label="Password" />
          <Button type="submit" busy={accept.isPending || accept.isSuccess}>
            Continue
          </Button>
        </form>
      )}
    </div>
  );
}
