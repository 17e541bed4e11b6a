import { AUTH_MESSAGES } from '@portal/domain';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { returnPath } from '../../../app/guards.tsx';
import { ForgotPasswordPanel } from '../../../components/auth/forgot-password-panel.tsx';
import { LoginForm } from '../../../components/auth/login-form.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useHydrated } from '../../../lib/hydration.ts';
import { useSession } from '../../../lib/session.ts';

/** What a screen that sends people to sign-in can ask it to say. */
export type LoginNotice = 'resetDone';

/** The success notice of the sign-in screen: a finished password reset, or a verified account. */
export function useLoginNotice(): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  // History state survives a reload, but the server never sees it: read once the app has the page.
  const hydrated = useHydrated();
  const state = hydrated ? (location.state as { notice?: LoginNotice } | null) : null;
  if (state?.notice === 'resetDone') return AUTH_MESSAGES.resetDone;
  if (params.has('fromVerify')) return AUTH_MESSAGES.verified;
  return null;
}

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
