import { type Kit, kitPrimaryAction } from '@portal/domain';
import { useState } from 'react';
import { CoachBookingModal } from '../coach/coach-booking-modal.tsx';
import { CoachTile } from './coach-tile.tsx';
import type { KitCardActions } from './kit-card.tsx';
import { KitIdFacts } from './kit-facts.tsx';
import { KitNameEditor } from './kit-name-editor.tsx';
import { KitNotes } from './kit-notes.tsx';
import { KitQuestionnaires } from './kit-questionnaires.tsx';
import { KitReferral } from './kit-referral.tsx';
import { KITS_TEXTS } from './kit-texts.ts';
import { KitTimeline } from './kit-timeline.tsx';
import { ReplacementRequest } from './replacement-request.tsx';

/**
 * What 'Show details' opens on a kit's card: the ids, rename, timeline, coach tile, questionnaires,
 * referral and notes. A chunk of its own (kit-card.tsx loads it once the cards are on screen), because
 * its forms bring react-hook-form and the coach's scheduler, which the list's first paint does not need.
 */
export function KitDetails({
  kit,
  headingId,
  actions,
}: {
  kit: Kit;
  headingId: string;
  actions: KitCardActions;
}) {
  const [bookingOpen, setBookingOpen] = useState(false);
  const orderable =
    kitPrimaryAction(kit) === 'ORDER_REPLACEMENT' && actions.onRequestReplacement !== undefined;
  return (
    <>
      <dl className="kit-facts">
        <KitIdFacts kit={kit} />
      </dl>
      <KitNameEditor kit={kit} headingId={headingId} heading={false} />
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
