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
