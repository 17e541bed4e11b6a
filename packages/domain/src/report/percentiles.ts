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
 * PERCENTILE_CAVEATS: the reference was made with MetaPhlAn 2 over the original study's 313 species.
 */
export function percentileOf(metric: ReferenceMetric, value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return percentileIn(healthyReference().metrics[metric], value);
}

/** The reference set the percentiles are read against, named with its size for the report page. */
export function referenceSet(): { name: string; size: number; percentileExplanation: string } {
  const size = healthyReference().samples;
  return {
    name: 'GMWI web tool reference set (Chang et al. 2023), healthy people',
    size,
    percentileExplanation: `A percentile says where your value falls among the ${size.toLocaleString('en-US')} healthy people of the reference set: at the 70th percentile, 70 in every 100 of them had a lower value.`,
  };
}

const REFERENCE_PEOPLE =
  'Compared with 2,754 healthy people in the reference set of the GMWI web tool (Chang et al. 2023), whose samples were profiled with an older MetaPhlAn (version 2).';

/** What a reader should know before trusting each percentile; short enough to show under the number. */
export const PERCENTILE_CAVEATS: Record<ReferenceMetric, string> = {
  richness: `${REFERENCE_PEOPLE} Their species counts include only the 313 species of the original study, while yours counts every species found, so your percentile is likely to read high.`,
  shannon: `${REFERENCE_PEOPLE} Their diversity was computed over the 313 species of the original study only, so treat this percentile as a rough guide.`,
  inverseSimpson: `${REFERENCE_PEOPLE} Their values were computed over the 313 species of the original study only, so treat this percentile as a rough guide.`,
  evenness: `${REFERENCE_PEOPLE} Their evenness was computed over the 313 species of the original study only, so treat this percentile as a rough guide.`,
  gmhiWebtool: `${REFERENCE_PEOPLE} The web tool uses a variant of GMHI (43 instead of 31 in one denominator, which lowers scores by about 0.14); we rank your sample's value of that same variant. Some of GMHI's signature species are named differently in newer MetaPhlAn databases, so the percentile is approximate.`,
};
