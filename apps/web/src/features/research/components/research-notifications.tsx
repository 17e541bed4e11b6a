import { type Kit, orderNotifications, RESEARCH_NOTIFICATION_LIMIT } from '@portal/domain';
import { Link } from 'react-router';
import { KitNotification, kitLink, NotificationsEmpty } from '../../../components/kits/kit-notifications.tsx';
import { RESEARCH_TEXTS } from '../../../components/research/research-texts.ts';
import { useConfig } from '../../../lib/config.ts';
import { hasQuestionnairesLeft, questionnairesLink } from '../questionnaire-links.ts';
import { researchKitStatusLabel } from '../research-status.ts';

type QuestionnairePrompt = { projectId: number; projectName: string; left: number; to: string };

/** One prompt per project with questionnaires left: how many, leading to its first kit with some. */
export function questionnairePrompts(kits: Kit[]): QuestionnairePrompt[] {
  const prompts = new Map<number, QuestionnairePrompt>();
  for (const kit of kits.filter(hasQuestionnairesLeft)) {
    const left = kit.surveysStats.filter(
      (s) => s.totalQuestions === 0 || s.completedQuestions < s.totalQuestions,
    ).length;
    const prompt = prompts.get(kit.project.id);
    if (prompt) prompt.left += left;
    else
      prompts.set(kit.project.id, {
        projectId: kit.project.id,
        projectName: kit.project.name,
        left,
        to: questionnairesLink(kit),
      });
  }
  return [...prompts.values()];
}

/**
 * Research §2: "Notifications are capped at 7". A project with questionnaires left takes one row (the
 * sidebar has no Questionnaires entry on the research portal), then the kits fill the rest, by sample
 * status then kit status, with the research status labels.
 */
export function ResearchNotifications({ kits }: { kits: Kit[] }) {
  const { brandName } = useConfig();
  const prompts = questionnairePrompts(kits).slice(0, RESEARCH_NOTIFICATION_LIMIT);
  const notifications = orderNotifications(kits, RESEARCH_NOTIFICATION_LIMIT - prompts.length);
  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      {notifications.length === 0 && prompts.length === 0 ? (
        <NotificationsEmpty />
      ) : (
        <ul className="notification-list" aria-labelledby="notifications-title">
          {prompts.map((prompt) => (
            <li key={`project-${prompt.projectId}`} className="notification">
              <span className="notification-name">{prompt.projectName}</span>
              <span className="notification-status">
                {RESEARCH_TEXTS.questionnairesToAnswer(prompt.left)}
              </span>
              <Link to={prompt.to}>
                {RESEARCH_TEXTS.answerQuestionnaires}{' '}
                <span className="visually-hidden">{prompt.projectName}</span>
              </Link>
            </li>
          ))}
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
      )}
    </section>
  );
}
