import {
  CONSUMER_NOTIFICATION_LIMIT,
  DASHBOARD_TEXTS,
  type Kit,
  kitDisplayName,
  kitNotificationText,
  orderNotifications,
  RESEARCH_NOTIFICATION_LIMIT,
  reportDelivered,
  withBrand,
} from '@portal/domain';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { BellIllustration } from '../../../components/ui/illustrations.tsx';
import { useConfig } from '../../../lib/config.ts';

/** The empty states' next steps (the spec's texts stay as they are; these follow them). */
export const EMPTY_ACTIONS = { activate: 'Activate your kit', order: 'Order your first kit' } as const;

/** The report of a kit with results to show, otherwise the kit on the kits page. */
function kitLink(kit: Kit): string {
  return reportDelivered(kit)
    ? `/report?samples=${encodeURIComponent(kit.sampleIdentifier)}`
    : `/kits?scrollingPosition=kit-${kit.id}`;
}

/** Kit notifications in the spec's order, capped (4 on the consumer dashboard, 7 on the research one). */
export function NotificationsCard({ kits }: { kits: Kit[] }) {
  const { appType, brandName } = useConfig();
  const limit = appType === 'RESEARCH' ? RESEARCH_NOTIFICATION_LIMIT : CONSUMER_NOTIFICATION_LIMIT;
  const notifications = orderNotifications(kits, limit);
  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      {notifications.length === 0 ? (
        <EmptyState
          illustration={<BellIllustration />}
          action={
            <Link className="button button-secondary" to="/dashboard?showModal=REDEEM">
              {EMPTY_ACTIONS.activate}
            </Link>
          }
        >
          <p>{DASHBOARD_TEXTS.noNotifications}</p>
        </EmptyState>
      ) : (
        <ul className="notification-list">
          {notifications.map((kit) => {
            const name = kitDisplayName(kit);
            return (
              <li key={kit.id} className="notification">
                <span className="notification-name">{name}</span>
                <span className="notification-status">{withBrand(kitNotificationText(kit), brandName)}</span>
                <Link to={kitLink(kit)}>
                  {DASHBOARD_TEXTS.view} <span className="visually-hidden">{name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
