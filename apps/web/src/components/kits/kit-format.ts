import { ApiError } from '../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';

// Made on first use: a page's first Intl formatter loads the locale's data, a third of a second of a
// throttled phone's CPU, which pages importing this module without formatting a date do not pay (decision 034).
let auDate: Intl.DateTimeFormat | undefined;
const auDateFormat = () =>
  (auDate ??= new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' }));

/**
 * A date for people in Australia ('4 May 2024'). A plain YYYY-MM-DD is a calendar day and is shown as
 * that day; a full timestamp is shown in the browser's time zone.
 */
export function formatKitDate(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : auDateFormat().format(date);
}

/** The server's message for a failed call (a field's own message first), else the generic one. */
export function errorText(error: unknown, field?: string): string {
  if (!(error instanceof ApiError)) return CLIENT_MESSAGES.unexpected;
  return (field && error.fields?.[field]) || error.message;
}
