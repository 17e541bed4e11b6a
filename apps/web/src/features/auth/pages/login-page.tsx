import { AUTH_MESSAGES } from '@portal/domain';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { returnPath } from '../../../app/guards.tsx';
import { ForgotPasswordPanel } from '../../../components/auth/forgot-password-panel.tsx';
import { LoginForm } from '../../../components/auth/login-form.tsx';
import { useLoginNotice } from '../../../components/auth/login-notice.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = useLoginNotice();
  const { endReason } = useSession();
  const [forgotOpen, setForgotOpen] = useState(false);
  const panelId = useId();

  return (
    <div className="auth-card">
      <h1>Sign in</h1>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {endReason === 'expired' ? <Alert tone="warning">{AUTH_MESSAGES.sessionExpired}</Alert> : null}
      <LoginForm onSignedIn={() => navigate(returnPath(location.state), { replace: true })} />
      <p className="auth-links">
        <Button
          variant="link"
          aria-expanded={forgotOpen}
          aria-controls={panelId}
          onClick={() => setForgotOpen((open) => !open)}
        >
          Forgot password?
        </Button>
      </p>
      {forgotOpen ? <ForgotPasswordPanel id={panelId} /> : null}
      <p className="auth-links">
        {/* The page to return to (a gift email's redeem link) goes along to registration. */}
        New here?{' '}
        <Link to="/register" state={location.state}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
