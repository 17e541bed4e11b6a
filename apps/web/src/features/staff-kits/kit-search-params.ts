import { PORTAL_TIME_ZONE, type StaffKitSearch } from '@portal/domain';

/**
 * The kit search as the page's address holds it, so a search can be shared, reloaded and linked to
 * (the dashboard links here). A changed-from or -to day is a date picked in the form (YYYY-MM-DD, a day
 * in the portal's zone, as every console time is (decision 057-console-times): from its start,
 * until the end of it), or an instant a link gives as it is.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const portalDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: PORTAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The portal zone's wall clock at an instant, read as if it were UTC: its offset is the difference. */
function wallClock(time: number): number {
  const p = Object.fromEntries(portalDay.formatToParts(time).map((part) => [part.type, part.value]));
  return Date.UTC(
    +(p.year ?? 0),
    +(p.month ?? 1) - 1,
    +(p.day ?? 1),
    +(p.hour ?? 0),
    +(p.minute ?? 0),
    +(p.second ?? 0),
  );
}

/** A picked day as the instant it starts in the portal's zone (plusDays 1: the instant it ends), or an instant as given. */
export function instantOf(value: string | null, plusDays = 0): string | undefined {
  if (!value) return undefined;
  if (DAY.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    // A day that is not in the calendar (2026-13-45) is no day, not the one it would roll over to.
    if (new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)).toISOString().slice(0, 10) !== value)
      return undefined;
    const midnightUtc = Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + plusDays);
    // Midnight of that day in the portal's zone: UTC midnight less the zone's offset then.
    const start = midnightUtc - (wallClock(midnightUtc) - midnightUtc);
    return new Date(start).toISOString();
  }
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** The day a date field shows for the address's value (the portal zone's day of an instant). */
export function dayOf(value: string | null): string {
  if (!value) return '';
  if (DAY.test(value)) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  return new Date(wallClock(time)).toISOString().slice(0, 10);
}

export function searchOf(params: URLSearchParams): StaffKitSearch {
  const get = (key: string) => params.get(key) || undefined;
  const project = Number(get('projectId'));
  return {
    q: get('q'),
    kitStatus: get('kitStatus') as StaffKitSearch['kitStatus'],
    sampleStatus: get('sampleStatus') as StaffKitSearch['sampleStatus'],
    projectId: Number.isInteger(project) && project > 0 ? project : undefined,
    changedFrom: instantOf(params.get('changedFrom')),
    changedTo: instantOf(params.get('changedTo'), 1),
    sort: get('sort') === 'oldest' ? 'oldest' : 'newest',
  };
}
