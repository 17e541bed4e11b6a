import { AUTH_MESSAGES, RESEARCH_MESSAGES } from '@portal/domain';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { returnPath } from '../../../app/guards.tsx';
import { ForgotPasswordPanel } from '../../../components/auth/forgot-password-panel.tsx';
import { LoginForm } from '../../../components/auth/login-form.tsx';
import { useLoginNotice } from '../../../components/auth/login-notice.ts';
import { RESEARCH_TEXTS } from '../../../components/research/research-texts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfig } from '../../../lib/config.ts';
import { useSession } from '../../../lib/session.ts';

/** Sign In - Research Account: the consumer sign-in with the study's wording and a pointer for customers. */
export function ResearchLoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = useLoginNotice();
  const { endReason } = useSession();
  const { consumerSignInUrl } = useConfig();
  const [forgotOpen, setForgotOpen] = useState(false);
  const panelId = useId();

  return (
    <div className="auth-card">
      <h1>{RESEARCH_TEXTS.loginTitle}</h1>
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
      {forgotOpen ? <ForgotPasswordPanel id={panelId} failureText={RESEARCH_MESSAGES.resetFailed} /> : null}
      <p className="auth-links">
        New participant? <Link to="/register">Create an account</Link>
      </p>
      <p className="auth-links">
        {RESEARCH_TEXTS.customerPointer} <a href={consumerSignInUrl}>{RESEARCH_TEXTS.customerLink}</a>
      </p>
      <p className="auth-links legal-links">
        <Link to="/terms">{RESEARCH_TEXTS.termsLink}</Link>
        <Link to="/privacy">{RESEARCH_TEXTS.privacyLink}</Link>
      </p>
    </div>
  );
}
