import { isListed, isNotActivated, type Kit, kitDisplayName } from '@portal/domain';
import { KitActions } from '../../../components/kits/kit-actions.tsx';
import { SURVEY_TEXTS } from '../survey-texts.ts';
import type { SurveyKitActions } from './survey-dialogs.tsx';

/** A named kit with its id beside the name; an unnamed one is its id. */
function unsentName(kit: Kit): string {
  const name = kitDisplayName(kit);
  return kit.name?.trim() ? `${name} (KIT-${kit.id})` : name;
}

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
            <span className="survey-unsent-name">{unsentName(kit)}</span>
            <KitActions kit={kit} onSendNow={actions.onSendNow} onGive={actions.onGive} />
          </li>
        ))}
      </ul>
    </section>
  );
}
