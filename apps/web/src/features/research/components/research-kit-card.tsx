import { isNotActivated, type Kit, kitDisplayName, reportDelivered } from '@portal/domain';
import { Link } from 'react-router';
import { kitAnchor, kitHeadingId } from '../../../components/kits/kit-card.tsx';
import { KitFact, KitIdFacts } from '../../../components/kits/kit-facts.tsx';
import { KitNameEditor } from '../../../components/kits/kit-name-editor.tsx';
import { kitLink } from '../../../components/kits/kit-notifications.tsx';
import { KitQuestionnaires } from '../../../components/kits/kit-questionnaires.tsx';
import { KITS_TEXTS } from '../../../components/kits/kit-texts.ts';
import { RESEARCH_MODAL_TEXTS, RESEARCH_TEXTS } from '../../../components/research/research-texts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useConfig } from '../../../lib/config.ts';
import { answersQuestionnairesHere, questionnairesLink } from '../questionnaire-links.ts';
import { researchKitStatusLabel, researchKitSteps } from '../research-status.ts';

/**
 * A kit of My Research: name (editable), ids, the research status label and the project's steps, the
 * report once results are delivered, its questionnaires once activated, and 'send now' for a kit the
 * lab posts.
 */
export function ResearchKitCard({
  kit,
  highlighted,
  onSendNow,
}: {
  kit: Kit;
  highlighted: boolean;
  onSendNow: (kit: Kit) => void;
}) {
  const { brandName } = useConfig();
  const headingId = kitHeadingId(kit.id);
  const steps = researchKitSteps(kit, brandName);
  return (
    <article
      id={kitAnchor(kit.id)}
      className={highlighted ? 'kit-card kit-card-highlight' : 'kit-card'}
      aria-labelledby={headingId}
    >
      <KitNameEditor kit={kit} headingId={headingId} />
      <dl className="kit-facts">
        {/* The title is KIT-n until the participant names the kit: the id is not said twice. */}
        {kit.name?.trim() ? (
          <KitIdFacts kit={kit} />
        ) : (
          <KitFact term={KITS_TEXTS.sampleId}>{kit.sampleIdentifier}</KitFact>
        )}
        <KitFact term={KITS_TEXTS.status} status={kit.kitStatus}>
          {researchKitStatusLabel(kit, brandName)}
        </KitFact>
      </dl>
      {isNotActivated(kit) && kit.project.logisticType === 'LAB_MANAGED' ? (
        <div className="kit-actions">
          <Button onClick={() => onSendNow(kit)}>{RESEARCH_MODAL_TEXTS.activateTitle}</Button>
        </div>
      ) : null}
      {/* Not a landmark: every card has one, and regions must be told apart (axe landmark-unique). */}
      <div className="kit-section">
        <h3 id={`${headingId}-progress`}>{RESEARCH_TEXTS.progress}</h3>
        <ol className="research-steps">
          {steps.map((step) => (
            <li
              key={step.status}
              className={step.done ? 'research-step research-step-done' : 'research-step'}
              aria-current={step.current ? 'step' : undefined}
            >
              {step.label}
              <span className="visually-hidden">
                {step.done ? ` (${KITS_TEXTS.stepDone})` : ` (${KITS_TEXTS.stepNotYet})`}
              </span>
            </li>
          ))}
        </ol>
      </div>
      {reportDelivered(kit) ? (
        <p className="kit-report-link form-actions">
          <Link className="button button-primary" to={kitLink(kit)}>
            {KITS_TEXTS.viewReport}
          </Link>
        </p>
      ) : null}
      {/* One "Questionnaires": the progress block's heading; its action opens the list at this kit. */}
      <KitQuestionnaires kit={kit}>
        {answersQuestionnairesHere(kit) ? (
          <p className="form-actions">
            <Link className="button button-secondary" to={questionnairesLink(kit)}>
              {KITS_TEXTS.openQuestionnaires}
              <span className="visually-hidden"> {kitDisplayName(kit)}</span>
            </Link>
          </p>
        ) : null}
      </KitQuestionnaires>
    </article>
  );
}
