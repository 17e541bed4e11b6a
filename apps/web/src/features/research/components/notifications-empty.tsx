import { DASHBOARD_TEXTS } from '@portal/domain';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/** The empty state's next step, after the spec's text. */
export const NOTIFICATIONS_EMPTY_ACTION = 'Activate your kit';

/** A quiet bell: no notifications yet. Inline and decorative (aria-hidden), drawn in the brand's tokens. */
function BellIllustration() {
  return (
    <svg className="illustration" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="44" className="illustration-bg" />
      <path d="M30 62h36l-4-6V42a14 14 0 0 0-28 0v14Z" className="illustration-fill" />
      <circle cx="48" cy="68" r="5" className="illustration-accent" />
      <path d="M48 24v4M70 30l-3 3M26 30l3 3" className="illustration-line" />
    </svg>
  );
}

/** No notifications: the spec's text, a picture, and the way to activate a kit (the redeem dialog). */
export function NotificationsEmpty() {
  return (
    <EmptyState
      illustration={<BellIllustration />}
      action={
        <Link className="button button-secondary" to="/dashboard?showModal=REDEEM">
          {NOTIFICATIONS_EMPTY_ACTION}
        </Link>
      }
    >
      <p>{DASHBOARD_TEXTS.noNotifications}</p>
    </EmptyState>
  );
}
