import { type Kit, kitDisplayName, reportDelivered } from '@portal/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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
