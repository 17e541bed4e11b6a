import {
  type CoachBooking,
  coachTileState,
  formatCoachTime,
  KIT_MESSAGES,
  type Kit,
  kitDisplayName,
  kitStatusText,
  questionnairesComplete,
  withBrand,
} from '@portal/domain';
import { COACH_TEXTS } from '../../../components/coach/coach-texts.ts';
import { CoachTile } from '../../../components/kits/coach-tile.tsx';
import { KitActions } from '../../../components/kits/kit-actions.tsx';
import { KitFact } from '../../../components/kits/kit-facts.tsx';
import { errorText } from '../../../components/kits/kit-format.ts';
import { KITS_TEXTS } from '../../../components/kits/kit-texts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useCoachBookings } from '../../../lib/coach-api.ts';
import { useConfig } from '../../../lib/config.ts';
import { useKits } from '../../../lib/kits-api.ts';

export type CoachKitActions = {
  onBook: (kit: Kit) => void;
  onCoachInfo: () => void;
  onSendNow: (kit: Kit) => void;
  onGive: (kitId: number) => void;
};

/** Kits in My Journey, as the coach sees them: each kit's coach state and its booked call. */
export function CoachKits(actions: CoachKitActions) {
  const kits = useKits();
  const bookings = useCoachBookings();
  if (kits.isPending) return <Loading />;
  if (kits.isError) return <Alert tone="error">{errorText(kits.error)}</Alert>;
  if (kits.data.length === 0) return <p>{KIT_MESSAGES.noKits}</p>;
  return (
    <div className="coach-kits">
      {kits.data.map((kit) => (
        <CoachKit
          key={kit.id}
          kit={kit}
          booking={bookings.data?.find((b) => b.kitId === kit.id)}
          {...actions}
        />
      ))}
    </div>
  );
}

function CoachKit({ kit, booking, ...actions }: CoachKitActions & { kit: Kit; booking?: CoachBooking }) {
  const { brandName } = useConfig();
  const state = coachTileState(kit, questionnairesComplete(kit.surveysStats));
  const headingId = `coach-kit-${kit.id}`;
  return (
    <article className="coach-kit" aria-labelledby={headingId}>
      <h2 id={headingId}>{kitDisplayName(kit)}</h2>
      <dl className="kit-facts">
        <KitFact term={KITS_TEXTS.kitId}>KIT-{kit.id}</KitFact>
        <KitFact term={KITS_TEXTS.status} status={kit.kitStatus}>
          {withBrand(kitStatusText(kit.kitStatus), brandName)}
        </KitFact>
      </dl>
      <KitActions kit={kit} onSendNow={actions.onSendNow} onGive={actions.onGive} />
      {state === null ? <p>{COACH_TEXTS.noResultsYet}</p> : null}
      <CoachTile kit={kit} onHowToBook={actions.onCoachInfo} onBook={() => actions.onBook(kit)} />
      {state === 'BOOK' && booking ? (
        <p className="coach-booked">
          {COACH_TEXTS.bookedFor} <time dateTime={booking.startsAt}>{formatCoachTime(booking.startsAt)}</time>{' '}
          {COACH_TEXTS.brisbaneTime}.
        </p>
      ) : null}
    </article>
  );
}
