import { createEvent } from 'ics';

/**
 * A calendar file (.ics, RFC 5545) for one appointment, written by the `ics` package and set in the
 * appointment's own time zone: DTSTART and DTEND carry `TZID=<zone>` and the file describes the zone in
 * a VTIMEZONE, so a calendar shows the call at the right moment wherever the person is, and as
 * "10:00 Brisbane time" when they look at its details. The zone is a fixed-offset one (the portal's
 * zone, Brisbane, has kept UTC+10 without daylight saving since 1992), which is what `utcOffsetHours`
 * states; a zone with daylight saving would need its rules here.
 */
export type CalendarEvent = {
  uid: string;
  start: Date;
  minutes: number;
  title: string;
  description: string;
  /** IANA name, e.g. Australia/Brisbane. */
  timeZone: string;
  /** The zone's fixed offset from UTC in hours (+10 for Brisbane). */
  utcOffsetHours: number;
  organizer?: { name: string; email: string };
  url?: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant as the zone's wall-clock time, in iCalendar's local form (no Z). */
function wallClock(instant: Date, offsetHours: number): string {
  const t = new Date(instant.getTime() + offsetHours * 3600_000);
  return `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}T${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}`;
}

function offset(hours: number): string {
  const sign = hours < 0 ? '-' : '+';
  const abs = Math.abs(hours);
  return `${sign}${pad(Math.floor(abs))}${pad(Math.round((abs % 1) * 60))}`;
}

export function calendarEvent(event: CalendarEvent): string {
  const end = new Date(event.start.getTime() + event.minutes * 60_000);
  const { error, value } = createEvent({
    uid: event.uid,
    productId: 'microbiome-portal/ics',
    method: 'PUBLISH',
    title: event.title,
    description: event.description,
    start: event.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    ...(event.url ? { url: event.url } : {}),
    ...(event.organizer ? { organizer: event.organizer } : {}),
  });
  if (error || !value) throw error ?? new Error('calendar event not written');
  const zone = event.timeZone;
  const vtimezone = [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset(event.utcOffsetHours)}`,
    `TZOFFSETTO:${offset(event.utcOffsetHours)}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
  // The package writes UTC times; they become the zone's wall-clock times with the zone named.
  return value
    .replace(
      /^DTSTART:\d{8}T\d{6}Z$/m,
      `DTSTART;TZID=${zone}:${wallClock(event.start, event.utcOffsetHours)}`,
    )
    .replace(/^DTEND:\d{8}T\d{6}Z$/m, `DTEND;TZID=${zone}:${wallClock(end, event.utcOffsetHours)}`)
    .replace('BEGIN:VEVENT', `${vtimezone}\r\nBEGIN:VEVENT`);
}
