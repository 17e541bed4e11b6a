import { type Diversity, diversityOf, speciesDiversity } from './diversity.ts';
import { gmhi, gmhiOfSpecies } from './gmhi.ts';
import { gmwi2 } from './gmwi2.ts';
import { parseMergedSpeciesTable } from './merged-table.ts';
import { parseMetaphlanProfile } from './profile.ts';

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

/** Indices of one MetaPhlAn profile (null where an index does not apply). Throws ProfileError. */
export function scoreProfile(text: string): SampleScores {
  const profile = parseMetaphlanProfile(text);
  return scores(
    profile.sample,
    profile.database,
    speciesDiversity(profile),
    gmwi2(profile)?.score ?? null,
    gmhi(profile),
  );
}

/**
 * Indices of every sample of a merged species table. GMWI2 needs every rank of a MetaPhlAn 3 profile,
 * which a species table does not have, so it is always null here. Throws ProfileError.
 */
export function scoreMergedTable(text: string): SampleScores[] {
  const table = parseMergedSpeciesTable(text);
  return table.samples.map(({ sample, species }) =>
    scores(sample, table.database, diversityOf(Object.values(species)), null, gmhiOfSpecies(species)),
  );
}
