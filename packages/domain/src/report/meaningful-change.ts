import type { ComparedMetric } from './compare.ts';
import { statementText } from './statements.ts';

/**
 * When a change between two consecutive samples of one person counts as meaningful: only when it is
 * larger than the repeatability coefficient of that score (Bland & Altman), the difference that 95% of
 * repeat samples of the same person stay within.
 *
 * RC = 1.96 × √2 × Sw, where Sw² = Σd² / 2n is the within-person variance of n pairs of consecutive
 * samples (d = later − earlier). The pairs are the 14 consecutive samples of the 12 subjects with more
 * than one profile in the GMWI2 authors' kefir cohort (MetaPhlAn 3, mpa_v30). meaningful-change.test.ts
 * recomputes these numbers from the cohort's profiles in test-data/report/gmwi2/kefir.
 */
export const MEANINGFUL_CHANGE: Record<ComparedMetric, number> = {
  richness: 58.9747,
  shannon: 1.8192,
  inverseSimpson: 6.5502,
  evenness: 0.4059,
  gmwi2: 1.4946,
  gmhi: 3.0781,
};

export const MEANINGFUL_CHANGE_PAIRS = 14;

/** The rule as the journey shows it: a registry statement, then how the gap is computed. */
export const MEANINGFUL_CHANGE_RULE = `${statementText('change.rule')} The gap is the repeatability coefficient: 1.96 × √2 × the within-person standard deviation (Bland and Altman, BMJ 1996;313:744).`;

export const MEANINGFUL_CHANGE_SOURCE =
  `Computed from ${MEANINGFUL_CHANGE_PAIRS} pairs of consecutive samples of 12 people in the kefir cohort ` +
  'published with GMWI2 (Chang, Gupta et al., Nat Commun 2024; github.com/danielchang2002/GMWI2, ' +
  'manuscript_raw/data/raw/kefir_metaphlan3_results). Those people drank kefir between samples, so ' +
  'the thresholds may be on the generous side.';

/** The repeatability coefficient of a list of within-person differences; null without any. */
export function repeatabilityCoefficient(differences: readonly number[]): number | null {
  if (differences.length === 0) return null;
  const withinVariance = differences.reduce((sum, d) => sum + d * d, 0) / (2 * differences.length);
  return 1.96 * Math.SQRT2 * Math.sqrt(withinVariance);
}

/** A change is meaningful when its size exceeds the score's threshold; an unknown change never is. */
export function isMeaningfulChange(metric: ComparedMetric, delta: number | null): boolean {
  return delta !== null && Number.isFinite(delta) && Math.abs(delta) > MEANINGFUL_CHANGE[metric];
}
