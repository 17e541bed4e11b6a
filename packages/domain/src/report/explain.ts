import {
  GMHI_DENOMINATORS,
  GMHI_PSEUDOCOUNT,
  gmhiFractions,
  gmhiOfSpecies,
  type SpeciesAbundances,
} from './gmhi.ts';
import { gmwi2 } from './gmwi2.ts';
import type { MetaphlanProfile } from './profile.ts';
import { GMWI2_INTERCEPT, gmhiSignatureSpecies } from './reference-data.ts';
import { lineageTaxon, type Rank, taxonLabel } from './taxa.ts';

/* Scores you can see through: the terms each index adds up, so a person (or the lab) can redo the sum. */

export type LinkedWith = 'health' | 'disease';

export const LINKED_WITH_TITLES: Record<LinkedWith, string> = {
  health: 'Linked with health',
  disease: 'Linked with disease',
};

export type Gmwi2Contribution = {
  /**
   * Full MetaPhlAn lineage, exactly as the model names the feature. Its rank and name are its last part
   * (`lineageTaxon`), not stored again (decision 027, session 11).
   */
  lineage: string;
  /**
   * What the taxon adds to the score: the model counts presence (1) times the coefficient, so this is the
   * coefficient itself, sent once (decision 027, session 11).
   */
  coefficient: number;
  /** Positive coefficient: health; negative: disease. */
  linkedWith: LinkedWith;
  /** Percent of the classified sample. */
  percent: number;
};

/** A group's heading and sum only: its taxa are the `taxa` with the same linkedWith, not stored twice. */
export type Gmwi2ContributionGroup = {
  linkedWith: LinkedWith;
  title: string;
  subtotal: number;
};

export type Gmwi2Contributions = {
  score: number;
  /** The model's intercept (0 for the published GMWI2); a line of its own in the sum. */
  intercept: number;
  /** Present taxa with a non-zero coefficient, largest effect first; intercept + Σ coefficient = score. */
  taxa: Gmwi2Contribution[];
  groups: [Gmwi2ContributionGroup, Gmwi2ContributionGroup];
};

const byEffect = (a: Gmwi2Contribution, b: Gmwi2Contribution) =>
  Math.abs(b.coefficient) - Math.abs(a.coefficient) || a.lineage.localeCompare(b.lineage);

/** GMWI2 as its terms: each present taxon with a non-zero coefficient. Null where GMWI2 does not apply. */
export function gmwi2Contributions(profile: MetaphlanProfile): Gmwi2Contributions | null {
  const result = gmwi2(profile);
  if (!result) return null;
  const taxa = result.taxa
    .map(
      (t): Gmwi2Contribution => ({
        lineage: t.lineage,
        coefficient: t.coefficient,
        linkedWith: t.coefficient > 0 ? 'health' : 'disease',
        percent: t.fraction * 100,
      }),
    )
    .sort(byEffect);
  const group = (linkedWith: LinkedWith): Gmwi2ContributionGroup => ({
    linkedWith,
    title: LINKED_WITH_TITLES[linkedWith],
    subtotal: gmwi2GroupTaxa(taxa, linkedWith).reduce((sum, t) => sum + t.coefficient, 0),
  });
  return {
    score: result.score,
    intercept: GMWI2_INTERCEPT,
    taxa,
    groups: [group('health'), group('disease')],
  };
}

/** A group's taxa, in the report's order (largest effect first). */
export function gmwi2GroupTaxa(taxa: readonly Gmwi2Contribution[], linkedWith: LinkedWith) {
  return taxa.filter((t) => t.linkedWith === linkedWith);
}

export type GmhiSpeciesTerm = {
  name: string;
  label: string;
  linkedWith: LinkedWith;
  /** Share of the species GMHI counts (unclassified and viral rows left out), as a fraction. */
  fraction: number;
  percent: number;
  /** −x ln x: the species' part of its group's diversity term. */
  entropy: number;
};

export type GmhiGroupTerm = {
  linkedWith: LinkedWith;
  title: string;
  /** Signature species of the group present in the sample (R). */
  present: number;
  /** Signature species in the published list (7 or 43). */
  listed: number;
  /** The fixed divisor GMHI.R uses for the group (7 or 31). */
  divisor: number;
  /** H = −Σ x ln x over the present species. */
  entropy: number;
  /** ψ = (R / divisor) · H: the group's diversity term. */
  psi: number;
  species: GmhiSpeciesTerm[];
};

export type GmhiExplanation = {
  score: number;
  /** Added to both ψ before the ratio, so a missing group does not divide by zero. */
  pseudocount: number;
  healthPrevalent: GmhiGroupTerm;
  healthScarce: GmhiGroupTerm;
};

function groupTerm(
  fractions: ReadonlyMap<string, number>,
  set: readonly string[],
  divisor: number,
  linkedWith: LinkedWith,
): GmhiGroupTerm {
  const species: GmhiSpeciesTerm[] = [];
  let entropy = 0;
  // The same order and arithmetic as gmhiOfSpecies, so ψ and the score agree to the last bit.
  for (const name of set) {
    const x = fractions.get(name) ?? 0;
    if (!(x > 0)) continue;
    const term = -x * Math.log(x);
    entropy += term;
    species.push({ name, label: taxonLabel(name), linkedWith, fraction: x, percent: x * 100, entropy: term });
  }
  species.sort((a, b) => b.fraction - a.fraction || a.name.localeCompare(b.name));
  return {
    linkedWith,
    title: LINKED_WITH_TITLES[linkedWith],
    present: species.length,
    listed: set.length,
    divisor,
    entropy,
    psi: (species.length / divisor) * entropy,
    species,
  };
}

/**
 * GMHI as its terms: the health-prevalent and health-scarce species present with their shares, and the
 * two diversity terms ψ whose ratio is the score: GMHI = log10((ψ_MH + 1e-5) / (ψ_MN + 1e-5)).
 * Species under GMHI's names (see gmhiSpeciesOf). Null when GMHI is.
 */
export function gmhiExplanation(species: SpeciesAbundances): GmhiExplanation | null {
  const fractions = gmhiFractions(species);
  const score = gmhiOfSpecies(species);
  if (!fractions || score === null) return null;
  const { healthPrevalent, healthScarce } = gmhiSignatureSpecies();
  return {
    score,
    pseudocount: GMHI_PSEUDOCOUNT,
    healthPrevalent: groupTerm(fractions, healthPrevalent, GMHI_DENOMINATORS.healthPrevalent, 'health'),
    healthScarce: groupTerm(fractions, healthScarce, GMHI_DENOMINATORS.healthScarce, 'disease'),
  };
}

export type Gmwi2Mover = {
  lineage: string;
  label: string;
  rank: Rank;
  coefficient: number;
  linkedWith: LinkedWith;
  change: 'appeared' | 'disappeared';
  /** What the change did to the score: +coefficient when it appeared, −coefficient when it left. */
  delta: number;
};

export type Gmwi2Movers = {
  before: number;
  after: number;
  /** after − before; equals Σ delta (the intercept cancels). */
  difference: number;
  /** Largest effect first. */
  movers: Gmwi2Mover[];
};

/**
 * What moved GMWI2 from an earlier sample to a later one. The model counts presence only, so a taxon's
 * rise or fall in abundance changes nothing unless it crosses the presence cut-off: the movers are the
 * taxa with a non-zero coefficient that appeared or disappeared.
 */
export function gmwi2Movers(earlier: Gmwi2Contributions, later: Gmwi2Contributions): Gmwi2Movers {
  const before = new Map(earlier.taxa.map((t) => [t.lineage, t]));
  const after = new Map(later.taxa.map((t) => [t.lineage, t]));
  const mover = (t: Gmwi2Contribution, change: Gmwi2Mover['change']): Gmwi2Mover => ({
    lineage: t.lineage,
    label: taxonLabel(lineageTaxon(t.lineage).name),
    rank: lineageTaxon(t.lineage).rank,
    coefficient: t.coefficient,
    linkedWith: t.linkedWith,
    change,
    delta: change === 'appeared' ? t.coefficient : -t.coefficient,
  });
  const movers = [
    ...later.taxa.filter((t) => !before.has(t.lineage)).map((t) => mover(t, 'appeared')),
    ...earlier.taxa.filter((t) => !after.has(t.lineage)).map((t) => mover(t, 'disappeared')),
  ].sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.lineage.localeCompare(b.lineage));
  return { before: earlier.score, after: later.score, difference: later.score - earlier.score, movers };
}
