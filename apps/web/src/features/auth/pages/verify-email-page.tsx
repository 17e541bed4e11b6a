import { AUTH_MESSAGES } from '@portal/domain';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
import { tokenFromSearch } from '../../../lib/query-token.ts';
import { useVerifyEmail } from '../api.ts';
import { ResendVerificationForm } from '../components/resend-verification-form.tsx';

/** Opened from the emailed link `/verify-email?<token>`. */
export function VerifyEmailPage() {
  const token = tokenFromSearch(useLocation().search);
  const navigate = useNavigate();
  const verification = useVerifyEmail(token);

  useEffect(() => {
    if (verification.isSuccess) navigate('/login?fromVerify=1', { replace: true });
  }, [verification.isSuccess, navigate]);

  return (
    <div className="auth-card">
      <h1>Verify your email</h1>
      {token === null ? <Alert tone="error">{AUTH_MESSAGES.verifyMissingToken}</Alert> : null}
      {verification.isPending && token !== null ? <Loading /> : null}
      {verification.isError ? (
        <>
          <Alert tone="error">{verification.error.message || CLIENT_MESSAGES.unexpected}</Alert>
          <ResendVerificationForm />
        </>
      ) : null}
      <p className="auth-links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </div>
  );
}
