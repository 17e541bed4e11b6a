import {
  COACH_BOOKING_MESSAGES,
  COACH_SLOT_MINUTES,
  COACH_TIME_ZONE,
  COACH_UTC_OFFSET_HOURS,
  formatCoachTime,
  mailGreeting,
} from '@portal/domain';
import { calendarEvent } from '../../adapters/calendar/event.ts';
import type { MailMessage } from '../../adapters/mail/outbox.ts';
import { compose, type MailCtx } from '../../adapters/mail/templates.ts';

/**
 * The coach booking's confirmation: the booked time in words, one action (the dashboard, where the call
 * can be moved), and the call as a calendar file in Brisbane time (adapters/calendar/event.ts). The
 * file's UID is the booking's, so moving the call sends a new file for a new booking.
 */
export function coachBookingMail(
  ctx: MailCtx,
  to: { email: string; firstName: string },
  booking: { id: number | string; startsAt: Date },
  kitName: string,
): MailMessage {
  const when = formatCoachTime(booking.startsAt);
  const message = compose(
    ctx,
    to.email,
    'Your Microbiome Coach call is booked',
    [
      mailGreeting(to.firstName),
      `${COACH_BOOKING_MESSAGES.booked(when)} It is a 15-minute call about the report of ${kitName}.`,
      'Our coach will phone you on the number in your profile. To move the call, book another time in the portal.',
    ],
    { label: 'See my booking', url: `${ctx.publicUrl}/dashboard` },
  );
  const host = new URL(ctx.publicUrl).hostname;
  const ics = calendarEvent({
    uid: `coach-booking-${booking.id}@${host}`,
    start: booking.startsAt,
    minutes: COACH_SLOT_MINUTES,
    title: `${ctx.brand}: Microbiome Coach call`,
    description: `${COACH_BOOKING_MESSAGES.booked(when)} Our coach will phone you on the number in your profile.`,
    timeZone: COACH_TIME_ZONE,
    utcOffsetHours: COACH_UTC_OFFSET_HOURS,
    url: `${ctx.publicUrl}/dashboard`,
  });
  return {
    ...message,
    attachments: [{ filename: 'coach-call.ics', contentType: 'text/calendar; charset=utf-8', content: ics }],
  };
}
