import { AUTH_MESSAGES } from '@portal/domain';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useVerifyEmail } from '../../../lib/auth-api.ts';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
import { tokenFromSearch } from '../../../lib/query-token.ts';
import { useSession } from '../../../lib/session.ts';
import { ResendVerificationForm } from '../components/resend-verification-form.tsx';

/** Said to someone signed in on this browser who opens a verification link (of any account). */
export const VERIFIED_WHILE_SIGNED_IN = 'This email address has been verified.';

/**
 * Opened from the emailed link `/verify-email?<token>`. The page is for people who are signed out
 * (research §2); someone signed in is sent on, except that a link they open still verifies its email
 * first and says how that went.
 */
export function VerifyEmailPage() {
  const token = tokenFromSearch(useLocation().search);
  const signedIn = useSession().status === 'signedIn';
  if (signedIn && token === null) return <Navigate to="/dashboard" replace />;
  return <Verification token={token} signedIn={signedIn} />;
}

function Verification({ token, signedIn }: { token: string | null; signedIn: boolean }) {
  const navigate = useNavigate();
  const verification = useVerifyEmail(token);

  // Signed out, the sign-in screen says the account is verified; signed in, this page says it.
  useEffect(() => {
    if (verification.isSuccess && !signedIn) navigate('/login?fromVerify=1', { replace: true });
  }, [verification.isSuccess, signedIn, navigate]);

  return (
    <div className="auth-card">
      <h1>Verify your email</h1>
      {token === null ? <Alert tone="error">{AUTH_MESSAGES.verifyMissingToken}</Alert> : null}
      {verification.isPending && token !== null ? <Loading /> : null}
      {verification.isSuccess && signedIn ? <Alert tone="success">{VERIFIED_WHILE_SIGNED_IN}</Alert> : null}
      {verification.isError ? (
        <>
          <Alert tone="error">{verification.error.message || CLIENT_MESSAGES.unexpected}</Alert>
          {signedIn ? null : <ResendVerificationForm />}
        </>
      ) : null}
      <p className="auth-links">
        {signedIn ? (
          <Link to="/dashboard">Go to your dashboard</Link>
        ) : (
          <Link to="/login">Back to sign in</Link>
        )}
      </p>
    </div>
  );
}
