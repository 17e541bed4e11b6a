import { Component, type ReactNode } from 'react';
import { Link, type Location } from 'react-router';
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

type BoundaryProps = { location: Location; children: ReactNode };
type BoundaryState = { failed: boolean; location: Location };

/** Catches a page that throws while rendering; going to another address renders the routes again. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
