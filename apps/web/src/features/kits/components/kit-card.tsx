import {
  canViewReport,
  isAwaitingReport,
  KIT_MESSAGES,
  type Kit,
  kitStatusText,
  withBrand,
} from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfig } from '../../../lib/config.ts';
import { CoachBookingModal } from '../../coach/modals/coach-booking-modal.tsx';
import { CoachTile } from './coach-tile.tsx';
import { KitActions } from './kit-actions.tsx';
import { KitNameEditor } from './kit-name-editor.tsx';
import { KitNotes } from './kit-notes.tsx';
import { KitQuestionnaires } from './kit-questionnaires.tsx';
import { KitReferral } from './kit-referral.tsx';
import { KITS_TEXTS } from './kit-texts.ts';
import { KitTimeline } from './kit-timeline.tsx';
import { ReplacementRequest } from './replacement-request.tsx';

export type KitCardActions = {
  onSendNow: (kit: Kit) => void;
  onGive: (kitId: number) => void;
  onCoachInfo: () => void;
  /** The replacement order; without it the card gives the support phone number instead. */
  onRequestReplacement?: (kit: Kit) => void;
};

/** The element id of a kit's card, the value of ?scrollingPosition= that scrolls to it. */
export const kitAnchor = (kitId: number) => `kit-${kitId}`;
export const kitHeadingId = (kitId: number) => `kit-${kitId}-name`;

/** One kit: name, ids, status, timeline, coach tile, report link, actions, questionnaires, referral, notes. */
export function KitCard({
  kit,
  highlighted = false,
  ...actions
}: KitCardActions & { kit: Kit; highlighted?: boolean }) {
  const { brandName } = useConfig();
  const [bookingOpen, setBookingOpen] = useState(false);
  const headingId = kitHeadingId(kit.id);
  return (
    <article
      id={kitAnchor(kit.id)}
      className={highlighted ? 'kit-card kit-card-highlight' : 'kit-card'}
      aria-labelledby={headingId}
    >
      <KitNameEditor kit={kit} headingId={headingId} />
      <dl className="kit-facts">
        <div>
          <dt>{KITS_TEXTS.kitId}</dt>
          <dd>KIT-{kit.id}</dd>
        </div>
        <div>
          <dt>{KITS_TEXTS.sampleId}</dt>
          <dd>{kit.sampleIdentifier}</dd>
        </div>
        <div>
          <dt>{KITS_TEXTS.status}</dt>
          <dd data-status={kit.kitStatus}>{withBrand(kitStatusText(kit.kitStatus), brandName)}</dd>
        </div>
      </dl>
      <KitActions kit={kit} onSendNow={actions.onSendNow} onGive={actions.onGive} />
      <ReplacementRequest kit={kit} onRequest={actions.onRequestReplacement} />
      <section className="kit-section">
        <h3>{KITS_TEXTS.progress}</h3>
        <KitTimeline kitId={kit.id} />
        {isAwaitingReport(kit) ? <p className="field-hint">{KIT_MESSAGES.reportTiming}</p> : null}
      </section>
      {canViewReport(kit) ? (
        <p className="kit-report-link">
          <Link
            className="button button-primary"
            to={`/report?samples=${encodeURIComponent(kit.sampleIdentifier)}`}
          >
            {KITS_TEXTS.viewReport}
          </Link>
        </p>
      ) : null}
      <CoachTile kit={kit} onHowToBook={actions.onCoachInfo} onBook={() => setBookingOpen(true)} />
      {bookingOpen ? <CoachBookingModal kit={kit} open onClose={() => setBookingOpen(false)} /> : null}
      <KitQuestionnaires kit={kit} />
      <div className="kit-section">
        <KitReferral kit={kit} />
      </div>
      <div className="kit-section">
        <KitNotes kit={kit} />
      </div>
    </article>
  );
}
