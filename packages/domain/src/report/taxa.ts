/** Taxonomic ranks as MetaPhlAn prefixes them (`k__` … `t__`), from the top down. */
export const RANKS = ['k', 'p', 'c', 'o', 'f', 'g', 's', 't'] as const;
export type Rank = (typeof RANKS)[number];

export const RANK_NAMES: Record<Rank, string> = {
  k: 'kingdom',
  p: 'phylum',
  c: 'class',
  o: 'order',
  f: 'family',
  g: 'genus',
  s: 'species',
  t: 'strain',
};

export type Taxon = {
  /** Full clade name as in the profile, e.g. `k__Bacteria|p__Firmicutes`. */
  lineage: string;
  rank: Rank;
  /** The last clade of the lineage without its prefix, e.g. `Firmicutes`. */
  name: string;
  /** Percent of the whole sample, as MetaPhlAn reports it (UNKNOWN included in the 100). */
  abundance: number;
  /** The clade's own NCBI taxon id (last of the NCBI_tax_id column); absent in MetaPhlAn 2 or when MetaPhlAn gives none. */
  ncbiTaxId?: string;
};

export function isRank(value: string): value is Rank {
  return (RANKS as readonly string[]).includes(value);
}

export function rankIndex(rank: Rank): number {
  return RANKS.indexOf(rank);
}

/** `Bacteroides_vulgatus` → `Bacteroides vulgatus`, for people to read. */
export function taxonLabel(name: string): string {
  return name.replace(/_/g, ' ');
}

/**
 * The taxon a MetaPhlAn lineage ends with: `k__Bacteria|…|s__Bacteroides_vulgatus` → rank `s`, name
 * `Bacteroides_vulgatus`. The report stores GMWI2's taxa as lineages only (decision 027, session 11).
 */
export function lineageTaxon(lineage: string): { rank: Rank; name: string } {
  const last = lineage.slice(lineage.lastIndexOf('|') + 1);
  const rank = last[0] ?? '';
  return isRank(rank) && last[1] === '_' && last[2] === '_'
    ? { rank, name: last.slice(3) }
    : { rank: 't', name: last };
}

/** Drops a leading `s__`-style prefix: `s__Bacteroides_vulgatus` → `Bacteroides_vulgatus`. */
export function stripRankPrefix(name: string): string {
  return /^[kpcofgst]__/.test(name) ? name.slice(3) : name;
}

export type CladeNode = Taxon & { inferred: boolean };

/**
 * Every clade of the profile, including ancestors that the profile implies but does not list.
 * MetaPhlAn 3 leaves out some intermediate rows of viral lineages (e.g. `o__Caudovirales` appears only
 * inside the names of its families); such a clade gets the sum of its direct children and `inferred: true`.
 */
export function cladeTree(taxa: readonly Taxon[]): Map<string, CladeNode> {
  const listed = new Map(taxa.map((t) => [t.lineage, t]));
  const children = new Map<string, Set<string>>();
  const all = new Set<string>();
  for (const taxon of taxa) {
    const parts = taxon.lineage.split('|');
    for (let depth = 1; depth <= parts.length; depth++) {
      const lineage = parts.slice(0, depth).join('|');
      all.add(lineage);
      if (depth > 1) {
        const parent = parts.slice(0, depth - 1).join('|');
        const set = children.get(parent) ?? new Set<string>();
        set.add(lineage);
        children.set(parent, set);
      }
    }
  }
  const tree = new Map<string, CladeNode>();
  const resolve = (lineage: string): number => {
    const known = tree.get(lineage);
    if (known) return known.abundance;
    const taxon = listed.get(lineage);
    const last = lineage.slice(lineage.lastIndexOf('|') + 1);
    const abundance = taxon
      ? taxon.abundance
      : [...(children.get(lineage) ?? [])].reduce((sum, child) => sum + resolve(child), 0);
    tree.set(lineage, {
      lineage,
      rank: last.charAt(0) as Rank,
      name: last.slice(3),
      abundance,
      inferred: !taxon,
    });
    return abundance;
  };
  for (const lineage of all) resolve(lineage);
  return tree;
}

/** Sum of abundances per rank over the clade tree (listed and inferred clades). */
export function rankTotals(tree: ReadonlyMap<string, CladeNode>): Record<Rank, number> {
  const totals = Object.fromEntries(RANKS.map((r) => [r, 0])) as Record<Rank, number>;
  for (const node of tree.values()) totals[node.rank] += node.abundance;
  return totals;
}
