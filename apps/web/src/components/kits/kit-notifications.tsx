import { DASHBOARD_TEXTS, type Kit, kitDisplayName, reportDelivered } from '@portal/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../ui/empty-state.tsx';
import { BellIllustration } from '../ui/illustrations.tsx';
import { KITS_TEXTS } from './kit-texts.ts';

// The dashboards' notifications, of both portals, in one module (one small chunk rather than three:
// each chunk adds its name to the first load's preload map, and /login's budget has no room to spare).

/** Where a kit's notification leads: its report once there are results to see, else the kit on its page. */
export function kitLink(kit: Kit): string {
  return reportDelivered(kit)
    ? `/report?samples=${encodeURIComponent(kit.sampleIdentifier)}`
    : `/kits?scrollingPosition=kit-${kit.id}`;
}

/** One line of a dashboard's notifications: the kit, what is new, and a link that names the kit to screen readers. */
export function KitNotification({
  kit,
  status,
  to,
  action,
}: {
  kit: Pick<Kit, 'id' | 'name'>;
  status: ReactNode;
  to: string;
  action: string;
}) {
  const name = kitDisplayName(kit);
  return (
    <li className="notification">
      <span className="notification-name">{name}</span>
      <span className="notification-status">{status}</span>
      <Link to={to}>
        {action} <span className="visually-hidden">{name}</span>
      </Link>
    </li>
  );
}

/** An empty state's next step: the dashboard's redeem dialog, where a kit is activated. */
export function ActivateKitLink() {
  return (
    <Link className="button button-secondary" to="/dashboard?showModal=REDEEM">
      {KITS_TEXTS.activateKit}
    </Link>
  );
}

/** No notifications, on either dashboard: the spec's text, a picture, and the way to activate a kit. */
export function NotificationsEmpty() {
  return (
    <EmptyState illustration={<BellIllustration />} action={<ActivateKitLink />}>
      <p>{DASHBOARD_TEXTS.noNotifications}</p>
    </EmptyState>
  );
}
