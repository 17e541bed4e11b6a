import { COACH_TIME_ZONE } from '@portal/domain';

/** Every time the scheduler shows is the coach's (Brisbane) time, wherever the reader is. */
const TIME_ZONE = COACH_TIME_ZONE;

const DAY_KEY = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });
const DAY_LABEL = new Intl.DateTimeFormat('en-AU', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});
const TIME_LABEL = new Intl.DateTimeFormat('en-AU', {
  timeZone: TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
export type SlotDay = { key: string; label: string; slots: { startsAt: string; time: string }[] };

/** Slots grouped by their Brisbane day ('Monday 23 November'), in time order, with times like '9:00 am'. */
export function groupSlotsByDay(slots: readonly string[]): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const startsAt of [...slots].sort((a, b) => Date.parse(a) - Date.parse(b))) {
    const date = new Date(startsAt);
    const key = DAY_KEY.format(date);
    let day = days.get(key);
    if (!day) {
      day = { key, label: DAY_LABEL.format(date), slots: [] };
      days.set(key, day);
    }
    day.slots.push({ startsAt, time: TIME_LABEL.format(date) });
  }
  return [...days.values()];
}

/** The Brisbane day key ('2026-11-23') of an instant, to find a slot's day. */
export const brisbaneDayKey = (iso: string) => DAY_KEY.format(new Date(iso));
