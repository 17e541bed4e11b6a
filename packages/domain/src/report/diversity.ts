import type { MetaphlanProfile } from './profile.ts';

export type Diversity = {
  /** Number of species with abundance above 0. */
  richness: number;
  /** Shannon index, natural log, on proportions renormalised over the species. */
  shannon: number | null;
  /** 1 / Σp²: the number of equally common species that would give the same dominance. */
  inverseSimpson: number | null;
  /** Pielou's J = Shannon / ln(richness); null below two species. */
  evenness: number | null;
};

export function diversityOf(abundances: Iterable<number>): Diversity {
  const present = [...abundances].filter((a) => a > 0);
  const total = present.reduce((sum, a) => sum + a, 0);
  const richness = present.length;
  if (richness === 0) return { richness, shannon: null, inverseSimpson: null, evenness: null };
  let shannon = 0;
  let simpson = 0;
  for (const a of present) {
    const p = a / total;
    shannon -= p * Math.log(p);
    simpson += p * p;
  }
  return {
    richness,
    shannon,
    inverseSimpson: 1 / simpson,
    evenness: richness < 2 ? null : shannon / Math.log(richness),
  };
}

/** Diversity over the species rows (rank s) of a profile, bacteria, archaea, eukaryotes and viruses alike. */
export function speciesDiversity(profile: MetaphlanProfile): Diversity {
  return diversityOf(profile.taxa.filter((t) => t.rank === 's').map((t) => t.abundance));
}
