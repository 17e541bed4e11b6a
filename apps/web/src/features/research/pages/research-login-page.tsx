import { RESEARCH_MESSAGES } from '@portal/domain';
import { Link, useLocation, useNavigate } from 'react-router';
import { returnPath } from '../../../app/guards.tsx';
import { SignInCard } from '../../../components/auth/sign-in-card.tsx';
import { RESEARCH_TEXTS } from '../../../components/research/research-texts.ts';
import { useConfig } from '../../../lib/config.ts';

/** Sign In - Research Account: the consumer sign-in with the study's wording and a pointer for customers. */
export function ResearchLoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { consumerSignInUrl } = useConfig();

  return (
    <SignInCard
      title={RESEARCH_TEXTS.loginTitle}
      onSignedIn={() => navigate(returnPath(location.state), { replace: true })}
      resetFailureText={RESEARCH_MESSAGES.resetFailed}
    >
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
    </SignInCard>
  );
}
