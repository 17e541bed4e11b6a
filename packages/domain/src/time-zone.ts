/**
 * Times shown with their zone (issue 21): a time without one is ambiguous across Australia's zones and
 * daylight saving. Dates read DD/MM/YYYY whatever the browser's locale.
 */

/** The portal's own zone: its support line and its Microbiome Coach are in Brisbane. */
export const PORTAL_TIME_ZONE = 'Australia/Brisbane';

const parts = (date: Date, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', options).formatToParts(date).map((part) => [part.type, part.value]),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

/** The zone's short name at that instant, e.g. AEST in Brisbane, AEDT in a Sydney summer. */
export function zoneName(timeZone: string, at: Date): string {
  return parts(at, { timeZone, timeZoneName: 'short' }).timeZoneName ?? timeZone;
}

/** An instant as the zone's wall clock: '01/03/2026 09:30 AEST' (24-hour, as the forms take times). */
export function formatZonedDateTime(instant: string | number | Date, timeZone: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  const p = parts(date, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute} ${p.timeZoneName ?? timeZone}`;
}
