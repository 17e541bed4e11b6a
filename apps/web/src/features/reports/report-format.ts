/*
 * How the report page writes its numbers. The digits match the PDF the API makes
 * (apps/api/src/adapters/pdf/report-pdf.ts), so a number reads the same on screen and on paper.
 */

/** Decimal places per measure: richness is a count; GMWI2 and GMHI keep three as in their papers. */
export const DIGITS = {
  richness: 0,
  shannon: 2,
  inverseSimpson: 2,
  evenness: 2,
  gmwi2: 3,
  gmhi: 3,
} as const;

export function formatValue(value: number, digits: number): string {
  return value.toFixed(digits);
}

/** A change, later minus earlier, with its sign: +0.694, -46.000 (the PDF's three decimals). */
export function formatChange(change: number): string {
  return `${change >= 0 ? '+' : ''}${change.toFixed(3)}`;
}

/** Which way a change went, judged on the digits shown, so '+0.000' is never called a rise. */
export function changeDirection(change: number): 'up' | 'down' | 'unchanged' {
  const shown = Number(change.toFixed(3));
  if (shown > 0) return 'up';
  if (shown < 0) return 'down';
  return 'unchanged';
}

export function formatBrayCurtis(value: number): string {
  return value.toFixed(3);
}

/** Composition shares, one decimal as in the PDF's bars; a trace that would read 0.0% says so. */
export function formatShare(percent: number): string {
  if (percent > 0 && percent < 0.05) return '<0.1%';
  return `${percent.toFixed(1)}%`;
}

/** Shares of single taxa (notable taxa, rose and fell), two decimals as in the PDF. */
export function formatTaxonPercent(percent: number): string {
  return `${percent.toFixed(2)}%`;
}

/** The percentile the PDF prints (rounded), with an English ordinal: 1st, 2nd, 3rd, 11th, 32nd. */
export function percentileOrdinal(percentile: number): string {
  const n = Math.round(percentile);
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Where a marker sits on a 0–100 scale, kept inside the scale's ends. */
export function scalePosition(percentile: number): number {
  return Math.min(100, Math.max(0, percentile));
}

/* The sign band's scale is shared with the PDF (issue 33 item 18). */
export { SIGN_REACH, signPosition } from '@portal/domain/report/sign-scale';

/** Spec: the selected sample's label is cut at 20 characters (8 on mobile), a dropdown option's at 16. */
export const LABEL_LIMITS = { selected: 20, selectedMobile: 8, option: 16 } as const;

export function truncateLabel(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A report's display date (YYYY-MM-DD) as people in Australia write it: '1 March 2026' (what en-AU's long
 * date style gives). Written by hand: the first Intl.DateTimeFormat of a page loads the locale's data,
 * about 200 ms of a slow phone's main thread on the report page (decision 047).
 */
export function formatDisplayDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const parsed = match ? new Date(`${match[0]}T00:00:00Z`) : null;
  if (!match || !parsed || Number.isNaN(parsed.getTime())) return date;
  return `${parsed.getUTCDate()} ${MONTHS[parsed.getUTCMonth()]} ${parsed.getUTCFullYear()}`;
}
