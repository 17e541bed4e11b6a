import { type Kit, kitDisplayName } from '@portal/domain';
import { useConfig } from '../../lib/config.ts';
import { Modal } from '../ui/modal.tsx';
import { CoachScheduler } from './coach-scheduler.tsx';
import { COACH_TEXTS } from './coach-texts.ts';

type Props = { kit: Kit; open: boolean; onClose: () => void };

/**
 * Coach booking (design §5): the external scheduling page of COACH_BOOKING_URL in a frame when it is
 * set, otherwise the built-in scheduler of free 15-minute slots that records the booking.
 */
export function CoachBookingModal({ kit, open, onClose }: Props) {
  const { coachBookingUrl } = useConfig();
  return (
    <Modal open={open} onClose={onClose} title={COACH_TEXTS.bookingTitle}>
      <p>{COACH_TEXTS.bookingIntro(kitDisplayName(kit))}</p>
      {coachBookingUrl ? <ExternalScheduler url={coachBookingUrl} /> : <CoachScheduler kit={kit} />}
    </Modal>
  );
}

function ExternalScheduler({ url }: { url: string }) {
  return (
    <>
      <iframe className="coach-booking-frame" src={url} title={COACH_TEXTS.bookingTitle} />
      {/* For browsers or settings that block third-party frames. */}
      <p>
        <a href={url} target="_blank" rel="noopener noreferrer">
          {COACH_TEXTS.openInNewTab}
        </a>
      </p>
    </>
  );
}
