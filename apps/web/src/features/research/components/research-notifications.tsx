import {
  DASHBOARD_TEXTS,
  type Kit,
  kitDisplayName,
  orderNotifications,
  RESEARCH_NOTIFICATION_LIMIT,
} from '@portal/domain';
import { Link } from 'react-router';
import { useConfig } from '../../../lib/config.ts';
import { hasResultsToShow, researchKitStatusLabel } from '../research-status.ts';

/** The report once there are results to see (or the coach session is done), otherwise the kit on My Research. */
export function researchKitLink(kit: Kit): string {
  return hasResultsToShow(kit)
    ? `/report?samples=${encodeURIComponent(kit.sampleIdentifier)}`
    : `/kits?scrollingPosition=kit-${kit.id}`;
}

/** Research §2: up to 7 kits, by sample status then kit status, with the research status labels. */
export function ResearchNotifications({ kits }: { kits: Kit[] }) {
  const { brandName } = useConfig();
  const notifications = orderNotifications(kits, RESEARCH_NOTIFICATION_LIMIT);
  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      {notifications.length === 0 ? (
        <p>{DASHBOARD_TEXTS.noNotifications}</p>
      ) : (
        <ul className="notification-list">
          {notifications.map((kit) => {
            const name = kitDisplayName(kit);
            return (
              <li key={kit.id} className="notification">
                <span className="notification-name">{name}</span>
                <span className="notification-status">{researchKitStatusLabel(kit, brandName)}</span>
                <Link to={researchKitLink(kit)}>
                  View <span className="visually-hidden">{name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
