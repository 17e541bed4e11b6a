import { readFileSync } from 'node:fs';
import { percentileIn } from './percentiles.ts';

export type SpeciesReference = {
  source: string;
  /** Healthy people in the reference; a species missing from one of them counts as 0 there. */
  samples: number;
  /** MetaPhlAn 2 species name → its non-zero abundances (percent) among them, ascending. */
  species: Record<string, number[]>;
};

let reference: SpeciesReference | undefined;

/** The healthy people of GMHI's validation cohort (built by scripts/build-species-reference.ts). */
export function speciesReference(): SpeciesReference {
  reference ??= JSON.parse(
    readFileSync(new URL('./reference/healthy-species-reference.json', import.meta.url), 'utf8'),
  ) as SpeciesReference;
  return reference;
}

/**
 * Mid-rank percentile of a species' abundance (percent of the classified sample) among the healthy
 * people of the reference, those without the species counted at 0. Null for a species the reference
 * does not list (name under GMHI's MetaPhlAn 2 naming; see gmhiSpeciesName).
 */
export function speciesPercentile(gmhiName: string, percent: number): number | null {
  const { samples, species } = speciesReference();
  if (!Object.hasOwn(species, gmhiName)) return null;
  const present = species[gmhiName] ?? [];
  return percentileIn([...new Array<number>(samples - present.length).fill(0), ...present], percent);
}
