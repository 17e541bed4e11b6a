import { gmhiSpeciesOf } from './gmhi-names.ts';
import type { MetaphlanProfile } from './profile.ts';
import { gmhiSignatureSpecies } from './reference-data.ts';

/** Species below this fraction (after renormalising) are taken as absent. */
export const GMHI_PRESENCE_THRESHOLD = 0.00001;
/** |M_H|′ and |M_N|′: the signature-set sizes GMHI.R divides by (fixed from the training cohort). */
export const GMHI_DENOMINATORS = { healthPrevalent: 7, healthScarce: 31 } as const;
/** The GMWI web tool divides the health-scarce term by all 43 species instead of 31. */
export const GMHI_WEBTOOL_DENOMINATORS = { healthPrevalent: 7, healthScarce: 43 } as const;
/** Added to both ψ so a sample without one of the groups still has a finite ratio. */
export const GMHI_PSEUDOCOUNT = 0.00001;

export type Denominators = { healthPrevalent: number; healthScarce: number };

/** Species name (without `s__`) → abundance in any unit; GMHI renormalises. */
export type SpeciesAbundances = Readonly<Record<string, number>>;

/** GMHI.R step 1–3: drop unclassified and viral rows, renormalise to fractions, zero what is below 1e-5. */
export function gmhiFractions(species: SpeciesAbundances): Map<string, number> | null {
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
  return Math.log10((psiH + GMHI_PSEUDOCOUNT) / (psiN + GMHI_PSEUDOCOUNT));
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

/** GMHI of a profile, its species under GMHI's (MetaPhlAn 2) names. */
export function gmhi(profile: MetaphlanProfile): number | null {
  return gmhiOfSpecies(gmhiSpeciesOf(profile));
}
