import { DASHBOARD_TEXTS } from '@portal/domain';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { BellIllustration } from '../../../components/ui/illustrations.tsx';

/** The empty state's next step, after the spec's text. */
export const NOTIFICATIONS_EMPTY_ACTION = 'Activate your kit';

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
