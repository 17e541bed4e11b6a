/**
 * Builds src/report/reference/healthy-species-reference.json: for each species of the GMHI validation
 * cohort, the sorted non-zero abundances (percent) of its healthy people, so a sample's species can be
 * placed among them (the taxa CSV's reference percentile) without the CSVs at runtime.
 *
 *   node --import tsx packages/domain/scripts/build-species-reference.ts <ingest-dir>
 *
 * <ingest-dir> holds gmhi/{validation_abundance.csv,validation_metadata.csv}.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMergedSpeciesTable } from '../src/report/merged-table.ts';
import type { SpeciesReference } from '../src/report/species-reference.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: build-species-reference.ts <ingest-dir>');
  process.exit(1);
}
const metadata = readFileSync(join(dir, 'gmhi', 'validation_metadata.csv'), 'utf8')
  .replace(/^\uFEFF/, '')
  .trim()
  .split(/\r?\n/)
  .slice(1)
  .map((row) => row.split(','));
const healthy = new Set(metadata.filter((cells) => cells[3] === 'Healthy').map((cells) => cells[0] ?? ''));
const table = parseMergedSpeciesTable(readFileSync(join(dir, 'gmhi', 'validation_abundance.csv'), 'utf8'));
const samples = table.samples.filter((s) => healthy.has(s.sample));

const names = new Set(table.samples.flatMap((s) => Object.keys(s.species)));
const species: Record<string, number[]> = {};
for (const name of [...names].sort()) {
  species[name] = samples
    .map((s) => (Object.hasOwn(s.species, name) ? (s.species[name] as number) : 0))
    .filter((v) => v > 0)
    .map((v) => Number(v.toPrecision(4)))
    .sort((a, b) => a - b);
}
const reference: SpeciesReference = {
  source:
    'GMHI_2020 (github.com/jaeyunsung/GMHI_2020, validation_abundance.csv and validation_metadata.csv): the healthy people of the validation cohort, MetaPhlAn 2 species percent, 4 significant digits',
  samples: samples.length,
  species,
};
const out = new URL('../src/report/reference/healthy-species-reference.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(reference)}\n`);
console.log(`${samples.length} healthy samples, ${names.size} species → ${out.pathname}`);
