import type { MetaphlanProfile } from './profile.ts';
import { cladeTree, type Rank } from './taxa.ts';

export type CompositionEntry = {
  /**
   * Clade name as in the profile (without prefix); `Other/unclassified` for the remainder. Readers show it
   * with `taxonLabel` (underscores as spaces): the label is not stored (decision 027, session 11).
   */
  name: string;
  /** Percent of the classified part of the sample (UNKNOWN left out). */
  percent: number;
};

export const COMPOSITION_RANKS = { phylum: 'p', family: 'f', genus: 'g', species: 's' } as const;
export type CompositionRank = keyof typeof COMPOSITION_RANKS;
export type Composition = Record<CompositionRank, CompositionEntry[]>;

export const OTHER_TAXA = 'Other/unclassified';

/** Below this (percentage points) a rank is taken to add up to 100 and gets no remainder entry. */
const REMAINDER_EPSILON = 0.01;

/**
 * Clades of one rank, largest first, as percent of the classified total (the kingdom rows), with an
 * `Other/unclassified` remainder when the rank does not reach 100. Clades that MetaPhlAn 3 implies but
 * does not list (some viral orders and families) are counted from their children.
 */
export function compositionAt(profile: MetaphlanProfile, rank: Rank): CompositionEntry[] {
  const nodes = [...cladeTree(profile.taxa).values()];
  const classified = nodes.filter((n) => n.rank === 'k').reduce((sum, n) => sum + n.abundance, 0);
  if (classified <= 0) return [];
  const byName = new Map<string, number>();
  for (const node of nodes) {
    if (node.rank !== rank || node.abundance <= 0) continue;
    byName.set(node.name, (byName.get(node.name) ?? 0) + (node.abundance / classified) * 100);
  }
  const entries = [...byName]
    .map(([name, percent]) => ({ name, percent }))
    .sort((a, b) => b.percent - a.percent || a.name.localeCompare(b.name));
  const remainder = 100 - entries.reduce((sum, e) => sum + e.percent, 0);
  if (remainder > REMAINDER_EPSILON) entries.push({ name: OTHER_TAXA, percent: remainder });
  return entries;
}

export function compositionOf(profile: MetaphlanProfile): Composition {
  return {
    phylum: compositionAt(profile, 'p'),
    family: compositionAt(profile, 'f'),
    genus: compositionAt(profile, 'g'),
    species: compositionAt(profile, 's'),
  };
}
