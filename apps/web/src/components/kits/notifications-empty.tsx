import { DASHBOARD_TEXTS } from '@portal/domain';
import { EmptyState } from '../ui/empty-state.tsx';
import { BellIllustration } from '../ui/illustrations.tsx';
import { ActivateKitLink } from './activate-kit-link.tsx';

/** No notifications, on either dashboard: the spec's text, a picture, and the way to activate a kit. */
export function NotificationsEmpty() {
  return (
    <EmptyState illustration={<BellIllustration />} action={<ActivateKitLink />}>
      <p>{DASHBOARD_TEXTS.noNotifications}</p>
    </EmptyState>
  );
}
