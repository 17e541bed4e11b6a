import {
  type Kit,
  kitDisplayName,
  orderNotifications,
  overallProgress,
  RESEARCH_NOTIFICATION_LIMIT,
  reportDelivered,
} from '@portal/domain';
import { Link } from 'react-router';
import { RESEARCH_TEXTS } from '../../../components/research/research-texts.ts';
import { useConfig } from '../../../lib/config.ts';
import { hasQuestionnairesLeft, questionnairesLink } from '../questionnaire-links.ts';
import { researchKitStatusLabel } from '../research-status.ts';
import { NotificationsEmpty } from './notifications-empty.tsx';

/** The report once there are results to see (or the coach session is done), otherwise the kit on My Research. */
export function researchKitLink(kit: Kit): string {
  return reportDelivered(kit)
    ? `/report?samples=${encodeURIComponent(kit.sampleIdentifier)}`
    : `/kits?scrollingPosition=kit-${kit.id}`;
}

/**
 * Research §2: up to 7 kits, by sample status then kit status, with the research status labels; then
 * each kit with questionnaires left to answer, leading to them (the sidebar has no Questionnaires entry
 * on the research portal).
 */
export function ResearchNotifications({ kits }: { kits: Kit[] }) {
  const { brandName } = useConfig();
  const notifications = orderNotifications(kits, RESEARCH_NOTIFICATION_LIMIT);
  const reminders = kits.filter(hasQuestionnairesLeft);
  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      {notifications.length === 0 && reminders.length === 0 ? <NotificationsEmpty /> : null}
      {notifications.length > 0 ? (
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
      ) : null}
      {reminders.length > 0 ? (
        <>
          <h3 id="questionnaires-left-title">{RESEARCH_TEXTS.questionnairesLeft}</h3>
          <ul className="notification-list" aria-labelledby="questionnaires-left-title">
            {reminders.map((kit) => {
              const name = kitDisplayName(kit);
              return (
                <li key={kit.id} className="notification">
                  <span className="notification-name">{name}</span>
                  <span className="notification-status">
                    {RESEARCH_TEXTS.questionnairesDone(overallProgress(kit.surveysStats).percent)}
                  </span>
                  <Link to={questionnairesLink(kit)}>
                    {RESEARCH_TEXTS.answerQuestionnaires} <span className="visually-hidden">{name}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
