import { healthyReference, type ReferenceMetric } from './reference-data.ts';

/** Number of leading values of an ascending array for which `before` holds. */
function countWhile(sorted: readonly number[], before: (v: number) => boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(sorted[mid] ?? Number.NaN)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Share of an ascending sample below `value`, ties counted half (the mid-rank percentile), 0–100. */
export function percentileIn(sorted: readonly number[], value: number): number {
  if (sorted.length === 0) return Number.NaN;
  const below = countWhile(sorted, (v) => v < value);
  const atOrBelow = countWhile(sorted, (v) => v <= value);
  return (100 * (below + (atOrBelow - below) / 2)) / sorted.length;
}

/**
 * Percentile of `value` among the healthy people of the GMWI web tool's reference set. Read it with
 * PERCENTILE_CAVEATS (readings.ts): the reference was made with MetaPhlAn 2 over the original study's 313 species.
 */
export function percentileOf(metric: ReferenceMetric, value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return percentileIn(healthyReference().metrics[metric], value);
}

/** The reference set the percentiles are read against, named with its size for the report page. */
export function referenceSet(): { name: string; size: number } {
  return {
    name: 'GMWI web tool reference set (Chang et al. 2023), healthy people',
    size: healthyReference().samples,
  };
}
