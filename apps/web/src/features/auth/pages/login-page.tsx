import { Link, useLocation, useNavigate } from 'react-router';
import { returnPath } from '../../../app/guards.tsx';
import { SignInCard } from '../../../components/auth/sign-in-card.tsx';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();

  return (
    <SignInCard title="Sign in" onSignedIn={() => navigate(returnPath(location.state), { replace: true })}>
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
