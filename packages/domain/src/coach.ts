import { z } from 'zod';
import { PORTAL_TIME_ZONE } from './time-zone.ts';

/**
 * The embedded Microbiome Coach scheduler (consumer §9): the coach's hours, the booking messages and the
 * booking's wire shape, shared by the API, the portal and the tests.
 */

/** The coach works on the portal's time (Brisbane); every offered and booked time is Brisbane time. */
export const COACH_TIME_ZONE = PORTAL_TIME_ZONE;
/** Brisbane keeps UTC+10 all year (no daylight saving); a domain test holds this to COACH_TIME_ZONE. */
export const COACH_UTC_OFFSET_HOURS = 10;
export const COACH_SLOT_MINUTES = 15;
/** The coach works 9:00–17:00 on weekdays. */
const DAY_START = 9;
const DAY_END = 17;
const DAYS_AHEAD = 14;
/** Slots start at least this far ahead, so the coach can prepare. */
const LEAD_HOURS = 2;

export const COACH_BOOKING_MESSAGES = {
  locked: 'Coach booking opens once your results are available and your questionnaires are 100% complete.',
  taken: 'That time has just been taken. Please choose another time.',
  notASlot: 'Please choose one of the times offered.',
  booked: (when: string) => `Your Microbiome Coach call is booked for ${when} (Brisbane time).`,
} as const;

const HOUR = 3600 * 1000;

/** Every 15-minute slot of the coming two weeks' working hours (not yet filtered by bookings). */
export function coachWorkingSlots(now: Date): Date[] {
  const slots: Date[] = [];
  const earliest = now.getTime() + LEAD_HOURS * HOUR;
  const local = new Date(now.getTime() + COACH_UTC_OFFSET_HOURS * HOUR);
  for (let day = 0; day <= DAYS_AHEAD; day++) {
    const y = local.getUTCFullYear();
    const m = local.getUTCMonth();
    const d = local.getUTCDate() + day;
    const weekday = new Date(Date.UTC(y, m, d)).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (let minutes = DAY_START * 60; minutes < DAY_END * 60; minutes += COACH_SLOT_MINUTES) {
      const utc = Date.UTC(y, m, d, 0, minutes) - COACH_UTC_OFFSET_HOURS * HOUR;
      if (utc >= earliest) slots.push(new Date(utc));
    }
  }
  return slots;
}

// Made on first use: a page's first Intl formatter loads the locale's data, a third of a second of a
// throttled phone's CPU, which web pages importing this module without a coach time do not pay.
let coachTime: Intl.DateTimeFormat | undefined;
const coachTimeFormat = () =>
  (coachTime ??= new Intl.DateTimeFormat('en-AU', {
    timeZone: COACH_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  }));

/** A coach time as the booking message, the confirmation email and the portal write it: 'Monday 23 November at 9:00 am'. */
export const formatCoachTime = (instant: string | Date) => coachTimeFormat().format(new Date(instant));

export const coachBookingSchema = z.object({ id: z.number(), kitId: z.number(), startsAt: z.string() });
export type CoachBooking = z.infer<typeof coachBookingSchema>;
/** The answer to a booking: the booking and its confirmation message. */
export const coachBookedSchema = coachBookingSchema.extend({ message: z.string() });
export const coachSlotsSchema = z.object({ slots: z.array(z.string()) });
/** The body of a booking: one of the offered slots. */
export const coachBookingRequestSchema = z.object({
  startsAt: z.iso.datetime({ message: COACH_BOOKING_MESSAGES.notASlot }),
});
