import { AUTH_MESSAGES } from '@portal/domain';
import { LoginForm } from '../../../components/auth/login-form.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { useSession } from '../../../lib/session.ts';

/** Step one at /staff: the same accounts and sign-in as the portal; the code comes next. */
export function StaffSignIn() {
  const { endReason, endMessage } = useSession();
  return (
    <div className="auth-card">
      <h1>Staff sign-in</h1>
      <p>Sign in with your staff account. You will then enter the code from your authenticator app.</p>
      {endReason === 'expired' ? <Alert tone="warning">{AUTH_MESSAGES.sessionExpired}</Alert> : null}
      {endReason === 'ended' ? (
        <Alert tone="warning" title="You were signed out">
          {endMessage ?? AUTH_MESSAGES.sessionExpired}
        </Alert>
      ) : null}
      <LoginForm onSignedIn={() => undefined} />
    </div>
  );
}
