/*
 * The words around the explained sums, for the page and the PDF alike (issue 33 item 21): a leaf module, so
 * the web imports it alone. Facts about how the index is computed, not interpretations.
 */

/** A GMHI group as the divisor sentence reads it (GmhiGroupTerm of explain.ts). */
export type GmhiDivisorGroup = { linkedWith: 'health' | 'disease'; listed: number; divisor: number };

const GMHI_LIST_NAMES = { health: 'health-prevalent', disease: 'health-scarce' } as const;

/**
 * Why a group's count of species found is divided by its divisor and not always by the length of its list.
 * GMHI.R (Gupta et al., 2020) divides by |M_H|′ = 7 and |M_N|′ = 31: the median count of each list's species
 * in 1% of the 4,347 samples GMHI was built on (the top-ranked for the health-prevalent list, the
 * bottom-ranked for the health-scarce list; the paper's Methods).
 */
export function gmhiDivisorText(group: GmhiDivisorGroup): string {
  const list = GMHI_LIST_NAMES[group.linkedWith];
  const not = group.divisor === group.listed ? '' : `, not by the ${group.listed} in the list`;
  return `The count of species found is divided by ${group.divisor}${not}: the published GMHI divides by a fixed number from the 4,347 samples it was built on, the median count of the list's species in 1% of those samples (the top-ranked for the health-prevalent list, the bottom-ranked for the health-scarce list). That number is ${group.divisor} for the ${group.listed} ${list} species.`;
}

/** How many weights make the GMWI2 score, with one and none said in words (not "The 1 weights"). */
export function gmwi2WeightsText(count: number, score: string): string {
  if (count === 0)
    return `No microbe the model weighs was found, so your score is the starting value, ${score}.`;
  if (count === 1) return `The one weight below makes your score, ${score}.`;
  return `The ${count} weights below add up to your score, ${score}.`;
}
