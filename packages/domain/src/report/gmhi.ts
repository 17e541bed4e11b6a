import type { MetaphlanProfile } from './profile.ts';
import { gmhiSignatureSpecies } from './reference-data.ts';

/** Species below this fraction (after renormalising) are taken as absent. */
export const GMHI_PRESENCE_THRESHOLD = 0.00001;
/** |M_H|′ and |M_N|′: the signature-set sizes GMHI.R divides by (fixed from the training cohort). */
export const GMHI_DENOMINATORS = { healthPrevalent: 7, healthScarce: 31 } as const;
/** The GMWI web tool divides the health-scarce term by all 43 species instead of 31. */
export const GMHI_WEBTOOL_DENOMINATORS = { healthPrevalent: 7, healthScarce: 43 } as const;
const PSEUDOCOUNT = 0.00001;

type Denominators = { healthPrevalent: number; healthScarce: number };

/** Species name (without `s__`) → abundance in any unit; GMHI renormalises. */
export type SpeciesAbundances = Readonly<Record<string, number>>;

/** GMHI.R step 1–3: drop unclassified and viral rows, renormalise to fractions, zero what is below 1e-5. */
function gmhiFractions(species: SpeciesAbundances): Map<string, number> | null {
  const kept = Object.entries(species).filter(([name]) => !/unclassified|virus/i.test(name));
  const total = kept.reduce((sum, [, value]) => sum + value, 0);
  if (!(total > 0)) return null;
  const fractions = new Map<string, number>();
  for (const [name, value] of kept) {
    const x = value / total;
    if (x >= GMHI_PRESENCE_THRESHOLD) fractions.set(name, x);
  }
  return fractions;
}

/** ψ = (R / |M|′) · H, with R the signature species present and H = −Σ x ln x over them. */
function collectiveAbundance(fractions: ReadonlyMap<string, number>, set: readonly string[], size: number) {
  let present = 0;
  let entropy = 0;
  for (const name of set) {
    const x = fractions.get(name) ?? 0;
    if (x > 0) {
      present++;
      entropy -= x * Math.log(x);
    }
  }
  return (present / size) * entropy;
}

function gmhiWith(species: SpeciesAbundances, denominators: Denominators): number | null {
  const fractions = gmhiFractions(species);
  if (!fractions) return null;
  const { healthPrevalent, healthScarce } = gmhiSignatureSpecies();
  const psiH = collectiveAbundance(fractions, healthPrevalent, denominators.healthPrevalent);
  const psiN = collectiveAbundance(fractions, healthScarce, denominators.healthScarce);
  return Math.log10((psiH + PSEUDOCOUNT) / (psiN + PSEUDOCOUNT));
}

/**
 * Gut Microbiome Health Index (Gupta et al., Nat Commun 2020) as the authors' GMHI.R computes it.
 * Null when no species is left after dropping unclassified and viral rows. A sample without any
 * signature species scores 0.
 */
export function gmhiOfSpecies(species: SpeciesAbundances): number | null {
  return gmhiWith(species, GMHI_DENOMINATORS);
}

/** The GMWI web tool's variant of GMHI (its reference column "GMWI"): 43 instead of 31 for M_N. */
export function gmhiWebtoolOfSpecies(species: SpeciesAbundances): number | null {
  return gmhiWith(species, GMHI_WEBTOOL_DENOMINATORS);
}

/** Species rows of a profile by name; a name under two lineages is summed. */
export function speciesOf(profile: MetaphlanProfile): Record<string, number> {
  // A Map: names come from the lab's file, and `s__constructor` must not add to what objects inherit.
  const species = new Map<string, number>();
  for (const t of profile.taxa) {
    if (t.rank === 's') species.set(t.name, (species.get(t.name) ?? 0) + t.abundance);
  }
  return Object.fromEntries(species);
}

export function gmhi(profile: MetaphlanProfile): number | null {
  return gmhiOfSpecies(speciesOf(profile));
}
