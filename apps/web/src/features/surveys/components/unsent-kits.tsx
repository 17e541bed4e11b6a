import { isListed, isNotActivated, type Kit } from '@portal/domain';
import { KitActions } from '../../kits/components/kit-actions.tsx';
import { SURVEY_TEXTS } from '../survey-texts.ts';
import { kitTitle } from './kit-surveys.tsx';
import type { SurveyKitActions } from './survey-dialogs.tsx';

/**
 * Kits not sent yet have no questionnaires to list (research §2), but this is where the list offers
 * to send or give them: once sent, their questionnaires appear above.
 */
export function UnsentKits({ kits, actions }: { kits: Kit[]; actions: SurveyKitActions }) {
  const unsent = kits.filter((kit) => isListed(kit) && isNotActivated(kit));
  if (unsent.length === 0) return null;
  return (
    <section className="survey-unsent" aria-labelledby="survey-unsent-title">
      <h2 id="survey-unsent-title">{SURVEY_TEXTS.unsentTitle}</h2>
      <p>{SURVEY_TEXTS.unsentText}</p>
      <ul className="survey-unsent-list">
        {unsent.map((kit) => (
          <li key={kit.id} className="survey-unsent-kit">
            <span className="survey-unsent-name">
              {kitTitle(kit)} (KIT-{kit.id})
            </span>
            <KitActions kit={kit} onSendNow={actions.onSendNow} onGive={actions.onGive} />
          </li>
        ))}
      </ul>
    </section>
  );
}
