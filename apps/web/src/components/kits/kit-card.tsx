import {
  type Kit,
  kitCardStatus,
  kitDisplayName,
  kitNextStep,
  kitPrimaryAction,
  withBrand,
} from '@portal/domain';
import { type ReactNode, useId, useState } from 'react';
import { useConfig } from '../../lib/config.ts';
import { CoachBookingModal } from '../coach/coach-booking-modal.tsx';
import { CoachTile } from './coach-tile.tsx';
import { KitFact, KitIdFacts } from './kit-facts.tsx';
import { KitNameEditor } from './kit-name-editor.tsx';
import { KitNotes } from './kit-notes.tsx';
import { KitPrimaryAction } from './kit-primary-action.tsx';
import { KitQuestionnaires } from './kit-questionnaires.tsx';
import { KitReferral } from './kit-referral.tsx';
import { KITS_TEXTS } from './kit-texts.ts';
import { KitTimeline } from './kit-timeline.tsx';
import { ReplacementRequest } from './replacement-request.tsx';

export type KitCardActions = {
  /** 'Select option': the choice of sending the kit now or giving it. */
  onSelectOption: (kit: Kit) => void;
  onCoachInfo: () => void;
  /** The replacement order; without it the card gives the support phone number instead. */
  onRequestReplacement?: (kit: Kit) => void;
};

/** The element id of a kit's card, the value of ?scrollingPosition= that scrolls to it. */
export const kitAnchor = (kitId: number) => `kit-${kitId}`;
export const kitHeadingId = (kitId: number) => `kit-${kitId}-name`;

type KitCardProps = KitCardActions & {
  kit: Kit;
  expanded: boolean;
  onToggle: () => void;
  highlighted?: boolean;
};

/**
 * One kit as a summary: name, status, next step and one primary action. 'Show details' opens the rest
 * (ids, rename, timeline, coach tile, questionnaires, referral, notes); the timeline is asked for then.
 */
export function KitCard({ kit, expanded, onToggle, highlighted = false, ...actions }: KitCardProps) {
  const { brandName } = useConfig();
  const headingId = kitHeadingId(kit.id);
  const detailsId = useId();
  const nextStep = kitNextStep(kit);
  return (
    <article
      id={kitAnchor(kit.id)}
      className={highlighted ? 'kit-card kit-card-highlight' : 'kit-card'}
      aria-labelledby={headingId}
    >
      <div className="kit-summary">
        <h2 id={headingId} tabIndex={-1}>
          {kitDisplayName(kit)}
        </h2>
        <dl className="kit-facts kit-summary-facts">
          <KitFact term={KITS_TEXTS.status} status={kit.kitStatus}>
            {withBrand(kitCardStatus(kit), brandName)}
          </KitFact>
          {nextStep ? (
            <KitFact term={KITS_TEXTS.nextStep} className="kit-next-step">
              {nextStep}
            </KitFact>
          ) : null}
        </dl>
        <div className="kit-summary-actions">
          <KitPrimaryAction
            kit={kit}
            onSelectOption={actions.onSelectOption}
            onRequestReplacement={actions.onRequestReplacement}
          />
          <button
            type="button"
            className="button button-secondary kit-details-toggle"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={onToggle}
          >
            {expanded ? KITS_TEXTS.hideDetails : KITS_TEXTS.showDetails}
          </button>
        </div>
      </div>
      <div id={detailsId} className="kit-details" hidden={!expanded}>
        {expanded ? <KitDetails kit={kit} actions={actions} /> : null}
      </div>
    </article>
  );
}

function KitDetails({ kit, actions }: { kit: Kit; actions: KitCardActions }): ReactNode {
  const [bookingOpen, setBookingOpen] = useState(false);
  const orderable =
    kitPrimaryAction(kit) === 'ORDER_REPLACEMENT' && actions.onRequestReplacement !== undefined;
  return (
    <>
      <dl className="kit-facts">
        <KitIdFacts kit={kit} />
      </dl>
      <KitNameEditor kit={kit} headingId={kitHeadingId(kit.id)} heading={false} />
      <ReplacementRequest kit={kit} orderable={orderable} />
      <section className="kit-section">
        <h3>{KITS_TEXTS.progress}</h3>
        <KitTimeline kit={kit} />
      </section>
      <CoachTile kit={kit} onHowToBook={actions.onCoachInfo} onBook={() => setBookingOpen(true)} />
      {bookingOpen ? <CoachBookingModal kit={kit} open onClose={() => setBookingOpen(false)} /> : null}
      <KitQuestionnaires kit={kit} />
      <div className="kit-section">
        <KitReferral kit={kit} />
      </div>
      <div className="kit-section">
        <KitNotes kit={kit} />
      </div>
    </>
  );
}
