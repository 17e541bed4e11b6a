import { type Diversity, diversityOf, speciesDiversity } from './diversity.ts';
import { gmhiExplanation } from './explain.ts';
import { gmhi, gmhiOfSpecies, type SpeciesAbundances } from './gmhi.ts';
import { gmhiSpeciesOf } from './gmhi-names.ts';
import { gmwi2 } from './gmwi2.ts';
import { parseMergedSpeciesTable } from './merged-table.ts';
import { type MetaphlanProfile, parseMetaphlanProfile } from './profile.ts';

export type SampleScores = {
  sample: string | null;
  database: string | null;
  richness: number;
  shannon: number | null;
  inverseSimpson: number | null;
  evenness: number | null;
  gmwi2: number | null;
  gmhi: number | null;
};

function scores(
  sample: string | null,
  database: string | null,
  d: Diversity,
  w: number | null,
  h: number | null,
) {
  return {
    sample,
    database,
    richness: d.richness,
    shannon: d.shannon,
    inverseSimpson: d.inverseSimpson,
    evenness: d.evenness,
    gmwi2: w,
    gmhi: h,
  } satisfies SampleScores;
}

/** What `report:score --explain` adds, so the lab can redo each index by hand. */
export type ScoreTerms = {
  /** Each present taxon with a non-zero GMWI2 coefficient, its full lineage as in the model; null without GMWI2. */
  gmwi2Contributions: { lineage: string; coefficient: number }[] | null;
  /**
   * Each GMHI signature species present (GMHI's MetaPhlAn 2 name): its abundance as in the file (percent;
   * newer names summed into it) and the renormalised fraction GMHI uses. Null when GMHI is.
   */
  gmhiSpecies:
    | { name: string; group: 'health-prevalent' | 'health-scarce'; abundance: number; fraction: number }[]
    | null;
};

function gmhiTerms(species: SpeciesAbundances): ScoreTerms['gmhiSpecies'] {
  const explained = gmhiExplanation(species);
  if (!explained) return null;
  const rows = (group: 'health-prevalent' | 'health-scarce', terms: typeof explained.healthPrevalent) =>
    terms.species.map((t) => ({
      name: t.name,
      group,
      abundance: species[t.name] ?? 0,
      fraction: t.fraction,
    }));
  return [
    ...rows('health-prevalent', explained.healthPrevalent),
    ...rows('health-scarce', explained.healthScarce),
  ];
}

function gmwi2Terms(profile: MetaphlanProfile): ScoreTerms['gmwi2Contributions'] {
  return gmwi2(profile)?.taxa.map((t) => ({ lineage: t.lineage, coefficient: t.coefficient })) ?? null;
}

/** Indices of one MetaPhlAn profile (null where an index does not apply). Throws ProfileError. */
// The plain signature last: ReturnType<typeof scoreProfile> reads the last overload.
export function scoreProfile(text: string, options: { explain: true }): SampleScores & ScoreTerms;
export function scoreProfile(text: string): SampleScores;
export function scoreProfile(
  text: string,
  options?: { explain: true },
): SampleScores | (SampleScores & ScoreTerms) {
  const profile = parseMetaphlanProfile(text);
  const result = scores(
    profile.sample,
    profile.database,
    speciesDiversity(profile),
    gmwi2(profile)?.score ?? null,
    gmhi(profile),
  );
  if (!options?.explain) return result;
  return {
    ...result,
    gmwi2Contributions: gmwi2Terms(profile),
    gmhiSpecies: gmhiTerms(gmhiSpeciesOf(profile)),
  };
}

/**
 * Indices of every sample of a merged species table. GMWI2 needs every rank of a MetaPhlAn 3 profile,
 * which a species table does not have, so it is always null here. Throws ProfileError.
 */
export function scoreMergedTable(text: string, options: { explain: true }): (SampleScores & ScoreTerms)[];
export function scoreMergedTable(text: string): SampleScores[];
export function scoreMergedTable(
  text: string,
  options?: { explain: true },
): SampleScores[] | (SampleScores & ScoreTerms)[] {
  const table = parseMergedSpeciesTable(text);
  return table.samples.map(({ sample, species }) => {
    const result = scores(
      sample,
      table.database,
      diversityOf(Object.values(species)),
      null,
      gmhiOfSpecies(species),
    );
    return options?.explain
      ? { ...result, gmwi2Contributions: null, gmhiSpecies: gmhiTerms(species) }
      : result;
  });
}
