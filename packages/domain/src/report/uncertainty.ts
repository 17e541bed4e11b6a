/**
 * Where a value stands among healthy people, and how sure that is (issue 37, item 5). A leaf module (no
 * node:fs): the percentiles of a range are computed at import (build-report.ts) and stored.
 */

/** Below the 25th percentile a value is "lower than most", above the 75th "higher than most". */
export const USUAL_RANGE = { low: 25, high: 75 } as const;

export type PercentileBand = 'lower' | 'usual' | 'higher';

export function percentileBand(percentile: number): PercentileBand {
  if (percentile < USUAL_RANGE.low) return 'lower';
  if (percentile > USUAL_RANGE.high) return 'higher';
  return 'usual';
}

/**
 * The value ± the score's repeatability coefficient (meaningful-change.ts): where a repeat sample of the
 * same person would fall 95 times in 100, with the percentiles of both ends where the score has them.
 */
export type ValueRange = {
  low: number;
  high: number;
  percentileLow: number | null;
  percentileHigh: number | null;
  /** The range crosses a band boundary (a percentile band's, or zero for an index read by its sign). */
  couldBeEither: boolean;
};

/* Stored rounded: the report read is benchmarked, and its bytes are most of its cost (decision 027). */
const round = (v: number, digits: number) => Number(v.toFixed(digits));
const roundOrNull = (v: number | null, digits: number) => (v === null ? null : round(v, digits));

export function valueRange(
  value: number,
  coefficient: number,
  percentileOf: ((v: number) => number | null) | null,
  floor = Number.NEGATIVE_INFINITY,
): ValueRange {
  const low = round(Math.max(floor, value - coefficient), 4);
  const high = round(value + coefficient, 4);
  if (!percentileOf)
    return { low, high, percentileLow: null, percentileHigh: null, couldBeEither: low < 0 && high > 0 };
  const percentileLow = roundOrNull(percentileOf(low), 1);
  const percentileHigh = roundOrNull(percentileOf(high), 1);
  const couldBeEither =
    percentileLow !== null &&
    percentileHigh !== null &&
    percentileBand(percentileLow) !== percentileBand(percentileHigh);
  return { low, high, percentileLow, percentileHigh, couldBeEither };
}

/** What "healthy" meant in the reference the percentiles come from, for the page and the PDF. */
export const REFERENCE_DETAILS = {
  name: 'GMWI web tool reference set (Chang et al. 2023)',
  healthyMeant:
    'People the source studies listed as healthy controls: no disease that the studies looked for. They were not checked for every illness.',
} as const;
