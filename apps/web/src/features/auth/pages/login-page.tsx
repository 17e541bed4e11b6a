import { AUTH_MESSAGES } from '@portal/domain';
import { Link, useLocation, useNavigate } from 'react-router';
import { returnPath } from '../../../app/guards.tsx';
import { SignInCard } from '../../../components/auth/sign-in-card.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { giftVoucherOf } from '../../../lib/gift-voucher.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const gift = giftVoucherOf(location.state) !== null;

  return (
    <SignInCard
      title="Sign in"
      intro={gift ? <Alert tone="info">{AUTH_MESSAGES.giftSignIn}</Alert> : null}
      onSignedIn={() => navigate(returnPath(location.state), { replace: true })}
    >
      <p className="auth-links">
        {/* The page to return to (a gift email's redeem link) goes along to registration. */}
        New here?{' '}
        <Link to="/register" state={location.state}>
          Create an account
        </Link>
      </p>
    </SignInCard>
  );
}
