import type { StaffKitSearch } from '@portal/domain';

/**
 * The kit search as the page's address holds it, so a search can be shared, reloaded and linked to
 * (the dashboard links here). A changed-from or -to day is a date picked in the form (YYYY-MM-DD, the
 * staff member's own day: from its start, until the end of it), or an instant a link gives as it is.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A picked day as the instant it starts (plusDays 1: the instant it ends), or an instant as given. */
export function instantOf(value: string | null, plusDays = 0): string | undefined {
  if (!value) return undefined;
  if (DAY.test(value)) {
    const date = new Date(`${value}T00:00:00`);
    date.setDate(date.getDate() + plusDays);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  }
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** The day a date field shows for the address's value (the local day of an instant). */
export function dayOf(value: string | null): string {
  if (!value) return '';
  if (DAY.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
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
