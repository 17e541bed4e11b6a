import type { ReportListItem } from '@portal/domain';

/**
 * The sample identifiers asked for in the query: `?samples=A&samples=B` or `?samples=A,B`,
 * upper-cased as the spec says, blanks dropped.
 */
export function requestedSamples(params: URLSearchParams): string[] {
  return params
    .getAll('samples')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().toUpperCase())
    .filter((value) => value.length > 0);
}

export type Selection = { primary: ReportListItem | null; secondary: ReportListItem | null };

/** Reports listed after this one: the list is in display-date order, so these are the later ones. */
export function laterReports(list: readonly ReportListItem[], primary: ReportListItem | null) {
  if (!primary) return [];
  return list.slice(list.indexOf(primary) + 1);
}

/**
 * Which reports the page shows. The primary is the earlier report and the secondary a later one; the
 * query's first known sample (or the kit of /report/:kitId) is the primary and its second the secondary.
 * Two given latest-first are put in order, so the secondary is always the later report.
 */
export function selectReports(
  list: readonly ReportListItem[],
  samples: readonly string[],
  kitId?: number,
): Selection {
  const known = samples
    .map((sample) => list.find((item) => item.sampleIdentifier.toUpperCase() === sample))
    .filter((item): item is ReportListItem => item !== undefined);
  const first = known[0] ?? list.find((item) => kitId !== undefined && item.kitId === kitId) ?? null;
  const second = known.find((item) => item !== first) ?? null;
  if (!first || !second) return { primary: first, secondary: null };
  return list.indexOf(first) < list.indexOf(second)
    ? { primary: first, secondary: second }
    : { primary: second, secondary: first };
}

/**
 * What was asked for but is not among the person's reports: a mistyped or unknown sample of ?samples=,
 * or the kit of /report/:kitId. The page says so rather than silently showing the picker.
 */
export function missingReports(
  list: readonly ReportListItem[],
  samples: readonly string[],
  kitId?: number,
): string[] {
  const missing = samples.filter(
    (sample) => !list.some((item) => item.sampleIdentifier.toUpperCase() === sample),
  );
  if (kitId !== undefined && samples.length === 0 && !list.some((item) => item.kitId === kitId))
    missing.push(`KIT-${kitId}`);
  return missing;
}

/** The query that shows this selection. */
export function samplesQuery(selection: Selection): string {
  const params = new URLSearchParams();
  for (const item of [selection.primary, selection.secondary])
    if (item) params.append('samples', item.sampleIdentifier);
  const query = params.toString();
  return query ? `?${query}` : '';
}
