import { COACH_TIME_ZONE } from '@portal/domain';

/** Every time the scheduler shows is the coach's (Brisbane) time, wherever the reader is. */
const TIME_ZONE = COACH_TIME_ZONE;

// Made on first use: a page's first Intl formatter loads the locale's data, a third of a second of a
// throttled phone's CPU, which pages importing this module without formatting a date do not pay (decision 034).
let formats:
  | { dayKey: Intl.DateTimeFormat; dayLabel: Intl.DateTimeFormat; time: Intl.DateTimeFormat }
  | undefined;
const coachFormats = () =>
  (formats ??= {
    dayKey: new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }),
    dayLabel: new Intl.DateTimeFormat('en-AU', {
      timeZone: TIME_ZONE,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    }),
    time: new Intl.DateTimeFormat('en-AU', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }),
  });
export type SlotDay = { key: string; label: string; slots: { startsAt: string; time: string }[] };

/** Slots grouped by their Brisbane day ('Monday 23 November'), in time order, with times like '9:00 am'. */
export function groupSlotsByDay(slots: readonly string[]): SlotDay[] {
  const days = new Map<string, SlotDay>();
  const { dayKey, dayLabel, time } = coachFormats();
  for (const startsAt of [...slots].sort((a, b) => Date.parse(a) - Date.parse(b))) {
    const date = new Date(startsAt);
    const key = dayKey.format(date);
    let day = days.get(key);
    if (!day) {
      day = { key, label: dayLabel.format(date), slots: [] };
      days.set(key, day);
    }
    day.slots.push({ startsAt, time: time.format(date) });
  }
  return [...days.values()];
}

/** The Brisbane day key ('2026-11-23') of an instant, to find a slot's day. */
export const brisbaneDayKey = (iso: string) => coachFormats().dayKey.format(new Date(iso));
