import {
  CONSUMER_NOTIFICATION_LIMIT,
  DASHBOARD_TEXTS,
  type Kit,
  kitNotificationText,
  orderNotifications,
  RESEARCH_NOTIFICATION_LIMIT,
  withBrand,
} from '@portal/domain';
import { KitNotification, kitLink, NotificationsEmpty } from '../../../components/kits/kit-notifications.tsx';
import { useConfig } from '../../../lib/config.ts';

/** The empty states' next steps (the spec's texts stay as they are; these follow them). */
export const EMPTY_ACTIONS = { order: 'Order your first kit' } as const;

/** Kit notifications in the spec's order, capped (4 on the consumer dashboard, 7 on the research one). */
export function NotificationsCard({ kits }: { kits: Kit[] }) {
  const { appType, brandName } = useConfig();
  const limit = appType === 'RESEARCH' ? RESEARCH_NOTIFICATION_LIMIT : CONSUMER_NOTIFICATION_LIMIT;
  const notifications = orderNotifications(kits, limit);
  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      {notifications.length === 0 ? (
        <NotificationsEmpty />
      ) : (
        <ul className="notification-list">
          {notifications.map((kit) => (
            <KitNotification
              key={kit.id}
              kit={kit}
              status={withBrand(kitNotificationText(kit), brandName)}
              to={kitLink(kit)}
              action={DASHBOARD_TEXTS.view}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
