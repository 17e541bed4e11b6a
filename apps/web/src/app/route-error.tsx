import { Link } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { CLIENT_MESSAGES } from '../lib/messages.ts';

/** Shown instead of a blank screen when a page fails to render. */
export function RouteError() {
  return (
    <main id="main" className="public-content">
      <div className="auth-card">
        <Alert tone="error">{CLIENT_MESSAGES.unexpected}</Alert>
        <p>
          <Link to="/">Go to the start page</Link>
        </p>
      </div>
    </main>
  );
}
