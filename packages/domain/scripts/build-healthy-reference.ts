/**
 * Builds src/report/reference/healthy-reference.json: sorted metric values of the healthy samples of
 * the GMWI web tool's reference set, so percentiles need neither the CSVs nor a parser at runtime.
 *
 *   node --import tsx packages/domain/scripts/build-healthy-reference.ts <ingest-dir>
 *   npx biome check --write packages/domain/src/report/reference
 *
 * <ingest-dir> holds gmwi_webtool_reference/{indicies.csv,isHealthy4347.csv,isHealthy679.csv}.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HealthyReference, ReferenceMetric } from '../src/report/reference-data.ts';

const COLUMNS: Record<ReferenceMetric, string> = {
  richness: 'Richness',
  shannon: 'Shannon',
  inverseSimpson: 'Inverse Simpson',
  evenness: 'Evenness',
  gmhiWebtool: 'GMWI',
};

function readCsv(path: string): Record<string, string>[] {
  const [head = '', ...rows] = readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const names = head.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((cell, i) => [names[i] ?? '', cell])));
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: build-healthy-reference.ts <ingest-dir>');
  process.exit(1);
}
const ref = join(dir, 'gmwi_webtool_reference');
const healthy = new Set<string>();
for (const row of readCsv(join(ref, 'isHealthy4347.csv'))) {
  if (row.Phenotype === 'True') healthy.add(row['Sample Accession or Sample ID'] ?? '');
}
for (const row of readCsv(join(ref, 'isHealthy679.csv'))) {
  if (row.Phenotype === 'True') healthy.add(row.Sample_ID ?? '');
}
const samples = readCsv(join(ref, 'indicies.csv')).filter((r) =>
  healthy.has(r['Sample Accession or Sample ID'] ?? ''),
);

const metrics = Object.fromEntries(
  Object.entries(COLUMNS).map(([metric, column]) => {
    const values = samples
      .map((r) => Number(r[column]))
      .filter((v) => Number.isFinite(v))
      .map((v) => Math.round(v * 1e4) / 1e4)
      .sort((a, b) => a - b);
    return [metric, values];
  }),
) as Record<ReferenceMetric, number[]>;

const reference: HealthyReference = {
  source:
    'GMWI web tool (github.com/danielchang2002/GMWI-webtool, supplementary/data/indicies.csv, MIT) joined with ' +
    'the health labels of GMHI2-Scratchpad data/clean/isHealthy4347.csv and isHealthy679.csv; values rounded to 4 decimals',
  samples: samples.length,
  metrics,
};
const out = new URL('../src/report/reference/healthy-reference.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(reference)}\n`);
console.log(`${samples.length} healthy samples → ${out.pathname}`);
