import { type Kit, orderNotifications, overallProgress, RESEARCH_NOTIFICATION_LIMIT } from '@portal/domain';
import { KitNotification, kitLink, NotificationsEmpty } from '../../../components/kits/kit-notifications.tsx';
import { RESEARCH_TEXTS } from '../../../components/research/research-texts.ts';
import { useConfig } from '../../../lib/config.ts';
import { hasQuestionnairesLeft, questionnairesLink } from '../questionnaire-links.ts';
import { researchKitStatusLabel } from '../research-status.ts';

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
          {notifications.map((kit) => (
            <KitNotification
              key={kit.id}
              kit={kit}
              status={researchKitStatusLabel(kit, brandName)}
              to={kitLink(kit)}
              action="View"
            />
          ))}
        </ul>
      ) : null}
      {reminders.length > 0 ? (
        <>
          <h3 id="questionnaires-left-title">{RESEARCH_TEXTS.questionnairesLeft}</h3>
          <ul className="notification-list" aria-labelledby="questionnaires-left-title">
            {reminders.map((kit) => (
              <KitNotification
                key={kit.id}
                kit={kit}
                status={RESEARCH_TEXTS.questionnairesDone(overallProgress(kit.surveysStats).percent)}
                to={questionnairesLink(kit)}
                action={RESEARCH_TEXTS.answerQuestionnaires}
              />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
