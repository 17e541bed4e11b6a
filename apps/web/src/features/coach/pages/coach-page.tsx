import { type CoachBooking, coachTileState, type Kit, questionnairesComplete } from '@portal/domain';
import { useState } from 'react';
import { CoachBookingModal } from '../../../components/coach/coach-booking-modal.tsx';
import { COACH_TEXTS } from '../../../components/coach/coach-texts.ts';
import { PhoneText } from '../../../components/coach/phone-text.tsx';
import { ActivateKitModal } from '../../../components/kit-modals/activate-modal.tsx';
import { CoachInfoModal } from '../../../components/kit-modals/coach-info-modal.tsx';
import { GiveKitModal } from '../../../components/kit-modals/give-modal.tsx';
import { GivenKits } from '../../../components/kits/given-kits.tsx';
import { KITS_TEXTS } from '../../../components/kits/kit-texts.ts';
import { ManageSubscriptionPopover } from '../../../components/orders/manage-subscription-popover.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useCoachBookings } from '../../../lib/coach-api.ts';
import { useKits } from '../../../lib/kits-api.ts';
import { CoachHelpCards } from '../components/coach-help-cards.tsx';
import { CoachKits } from '../components/coach-kits.tsx';

type Dialog =
  | { kind: 'booking'; kit: Kit }
  | { kind: 'coachInfo' }
  | { kind: 'activate'; kit: Kit }
  | { kind: 'give'; kitId: number }
  | null;

/** The kit Make Appointment books: the first bookable one without a call yet, else the first bookable. */
function nextToBook(kits: Kit[], bookings: CoachBooking[]): Kit | undefined {
  const bookable = kits.filter((k) => coachTileState(k, questionnairesComplete(k.surveysStats)) === 'BOOK');
  return bookable.find((k) => !bookings.some((b) => b.kitId === k.id)) ?? bookable[0];
}

/**
 * Microbiome Coach (research §2 "Your kits", consumer /coach): what the call is and when it can be
 * booked, four help cards, the kits with their coach state and booking, and the kits given to others.
 * On the research portal (`research`) it offers no subscription.
 */
export function CoachPage({ research = false }: { research?: boolean }) {
  const kits = useKits();
  const bookings = useCoachBookings();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const next = nextToBook(kits.data ?? [], bookings.data ?? []);

  return (
    <>
      <h1>{COACH_TEXTS.title}</h1>
      <section className="coach-intro">
        {COACH_TEXTS.intro.map((text) => (
          <p key={text}>
            <PhoneText text={text} />
          </p>
        ))}
        <div className="form-actions">
          {next ? (
            <Button onClick={() => setDialog({ kind: 'booking', kit: next })}>
              {COACH_TEXTS.makeAppointment}
            </Button>
          ) : null}
          {/* Subscriptions and ordering stay out of the research portal. */}
          {research ? null : <ManageSubscriptionPopover />}
        </div>
      </section>
      <CoachHelpCards />
      <Tabs
        label={COACH_TEXTS.tabsLabel}
        tabs={[
          {
            id: 'journey',
            label: KITS_TEXTS.journeyTab,
            panel: (
              <CoachKits
                onBook={(kit) => setDialog({ kind: 'booking', kit })}
                onCoachInfo={() => setDialog({ kind: 'coachInfo' })}
                onSendNow={(kit) => setDialog({ kind: 'activate', kit })}
                onGive={(kitId) => setDialog({ kind: 'give', kitId })}
              />
            ),
          },
          { id: 'given', label: KITS_TEXTS.givenTab, panel: <GivenKits /> },
        ]}
      />
      {dialog?.kind === 'booking' ? <CoachBookingModal kit={dialog.kit} open onClose={close} /> : null}
      <CoachInfoModal open={dialog?.kind === 'coachInfo'} onClose={close} />
      {dialog?.kind === 'activate' ? <ActivateKitModal kit={dialog.kit} open onClose={close} /> : null}
      <GiveKitModal
        open={dialog?.kind === 'give'}
        onClose={close}
        kitId={dialog?.kind === 'give' ? dialog.kitId : undefined}
      />
    </>
  );
}
