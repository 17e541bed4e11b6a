import { readFileSync } from 'node:fs';
import { stripRankPrefix } from './taxa.ts';

/*
 * Reference data shipped beside the code in ./reference (see its README for sources and licences).
 * Read with node:fs: this subpath runs on the server and in tests, never in the browser bundle.
 */

function readReference(file: string): string {
  return readFileSync(new URL(`./reference/${file}`, import.meta.url), 'utf8');
}

function nonEmptyLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

let coefficients: ReadonlyMap<string, number> | undefined;

/** GMWI2's 95 non-zero logistic-regression coefficients, keyed by full mpa_v30 lineage. */
export function gmwi2Coefficients(): ReadonlyMap<string, number> {
  if (!coefficients) {
    const rows = nonEmptyLines(readReference('gmwi2_coefficients_nonzero.tsv')).slice(1);
    coefficients = new Map(
      rows.map((row) => {
        const [feature = '', value = ''] = row.split('\t');
        return [feature, Number(value)];
      }),
    );
  }
  return coefficients;
}

/** GMWI2's intercept (`intercept_` of the published model; see gmwi2_model_params.txt). */
export const GMWI2_INTERCEPT = 0;

let signatures: { healthPrevalent: readonly string[]; healthScarce: readonly string[] } | undefined;

/** GMHI's signature species (names without `s__`): 7 health-prevalent (MH) and 43 health-scarce (MN). */
export function gmhiSignatureSpecies(): {
  healthPrevalent: readonly string[];
  healthScarce: readonly string[];
} {
  if (!signatures) {
    signatures = {
      healthPrevalent: nonEmptyLines(readReference('gmhi_MH_species.txt')).map(stripRankPrefix),
      healthScarce: nonEmptyLines(readReference('gmhi_MN_species.txt')).map(stripRankPrefix),
    };
  }
  return signatures;
}

export const REFERENCE_METRICS = [
  'richness',
  'shannon',
  'inverseSimpson',
  'evenness',
  'gmhiWebtool',
] as const;
export type ReferenceMetric = (typeof REFERENCE_METRICS)[number];

export type HealthyReference = {
  source: string;
  samples: number;
  /** Ascending values of each metric over the healthy samples. */
  metrics: Record<ReferenceMetric, number[]>;
};

let healthy: HealthyReference | undefined;

/** Healthy people of the GMWI web tool's reference set (built by scripts/build-healthy-reference.ts). */
export function healthyReference(): HealthyReference {
  healthy ??= JSON.parse(readReference('healthy-reference.json')) as HealthyReference;
  return healthy;
}
