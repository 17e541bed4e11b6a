import { PORTAL_TIME_ZONE } from '@portal/domain';

const LOCALE = 'en-AU';

/**
 * A date and time as people in Australia write it, with its zone so that it means the same wherever the
 * reader is: '22 November 2025 at 3:00 pm AEST'.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: PORTAL_TIME_ZONE,
    timeZoneName: 'short',
  }).format(date);
}

let consoleTime: Intl.DateTimeFormat | undefined;

/**
 * A time in the staff console (issue 34 item 19, decision 057-console-times): always the portal's
 * zone (PORTAL_TIME_ZONE, Brisbane) with its name, whatever the staff member's computer is set to, so
 * two pages, or two staff members in different states, never show the same moment differently:
 * '22 Nov 2025, 3:00 pm AEST'.
 */
export function formatConsoleTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  consoleTime ??= new Intl.DateTimeFormat(LOCALE, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: PORTAL_TIME_ZONE,
    timeZoneName: 'short',
  });
  return consoleTime.format(date);
}

/** A calendar date (YYYY-MM-DD) as people in Australia write it: '1 December 2026'. */
export function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(LOCALE, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** Replaces `{name}` placeholders in a message. */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
