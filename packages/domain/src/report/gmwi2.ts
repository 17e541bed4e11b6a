import type { MetaphlanProfile } from './profile.ts';
import { GMWI2_INTERCEPT, gmwi2Coefficients } from './reference-data.ts';
import type { Rank } from './taxa.ts';

export type Gmwi2Taxon = {
  lineage: string;
  rank: Rank;
  name: string;
  /** Abundance as a fraction of the classified sample, the value the model thresholds. */
  fraction: number;
  coefficient: number;
};

export type Gmwi2Result = {
  score: number;
  /** Taxa present in the sample with a non-zero coefficient, largest coefficient first. */
  taxa: Gmwi2Taxon[];
};

/** A feature counts as present above this fraction of the classified sample. */
export const GMWI2_PRESENCE_THRESHOLD = 0.00001;

/** GMWI2 was trained on MetaPhlAn 3.0 with this database; its features are that taxonomy's lineages. */
export function gmwi2Applies(profile: MetaphlanProfile): boolean {
  return profile.database?.startsWith('mpa_v30_') ?? false;
}

/**
 * Gut Microbiome Wellness Index 2 (Chang, Gupta et al., Nat Commun 2024): the intercept plus the
 * coefficients of the model's taxa present in the sample, where present means abundance / (100 − UNKNOWN)
 * above 0.00001. Null unless the profile uses the mpa_v30 database the model was trained on.
 */
export function gmwi2(profile: MetaphlanProfile): Gmwi2Result | null {
  if (!gmwi2Applies(profile)) return null;
  const coefficients = gmwi2Coefficients();
  const classified = 100 - profile.unknownPercent;
  const taxa: Gmwi2Taxon[] = [];
  for (const taxon of profile.taxa) {
    const coefficient = coefficients.get(taxon.lineage);
    const fraction = taxon.abundance / classified;
    if (coefficient === undefined || !(fraction > GMWI2_PRESENCE_THRESHOLD)) continue;
    taxa.push({ lineage: taxon.lineage, rank: taxon.rank, name: taxon.name, fraction, coefficient });
  }
  taxa.sort((a, b) => b.coefficient - a.coefficient);
  const score = taxa.reduce((sum, t) => sum + t.coefficient, GMWI2_INTERCEPT);
  return { score, taxa };
}
