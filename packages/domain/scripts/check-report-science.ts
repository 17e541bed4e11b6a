/**
 * Checks the report science against the whole ingest set, beyond the subset copied into test-data:
 * every MetaPhlAn profile parses (rank totals included), every published GMWI2 score and taxa list and
 * every published GMHI is reproduced, and the web tool's GMHI variant matches its reference column.
 *
 *   node --import tsx packages/domain/scripts/check-report-science.ts <ingest-dir>
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  gmhiWebtoolOfSpecies,
  gmwi2,
  parseMergedSpeciesTable,
  parseMetaphlanProfile,
  scoreMergedTable,
  scoreProfile,
} from '../src/report/index.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: check-report-science.ts <ingest-dir>');
  process.exit(1);
}
const read = (...parts: string[]) => readFileSync(join(dir, ...parts), 'utf8');
let failures = 0;
const fail = (message: string) => {
  failures++;
  console.error(`FAIL ${message}`);
};

let profiles = 0;
let published = 0;
let worst = 0;
for (const folder of ['example_SRR1761667', 'kefir_gmwi2_conda_result', 'unscored']) {
  for (const file of readdirSync(join(dir, 'gmwi2', folder)).filter((f) => f.endsWith('_metaphlan.txt'))) {
    profiles++;
    const text = read('gmwi2', folder, file);
    const scores = scoreProfile(text);
    const finite = [scores.richness, scores.shannon, scores.inverseSimpson, scores.gmwi2, scores.gmhi];
    if (!finite.every((v) => v !== null && Number.isFinite(v))) fail(`${file}: ${JSON.stringify(scores)}`);
    if (folder === 'unscored') continue;
    const stem = file.replace('_metaphlan.txt', '');
    const expected = Number(read('gmwi2', folder, `${stem}_GMWI2.txt`).trim());
    const result = gmwi2(parseMetaphlanProfile(text));
    const difference = Math.abs((result?.score ?? Number.NaN) - expected);
    worst = Math.max(worst, difference);
    if (!(difference <= 1e-9)) fail(`${stem}: GMWI2 ${result?.score} vs published ${expected}`);
    const taxa = read('gmwi2', folder, `${stem}_GMWI2_taxa.txt`)
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((l) => l.split('\t')[0])
      .sort();
    const ours = (result?.taxa ?? []).map((t) => t.lineage).sort();
    if (JSON.stringify(taxa) !== JSON.stringify(ours)) fail(`${stem}: GMWI2 taxa differ`);
    published++;
  }
}
console.log(`${profiles} profiles parsed; ${published} published GMWI2 scores, worst difference ${worst}`);

const gmhiScores = scoreMergedTable(read('gmhi', 'species_relative_abundances_22samples.csv'));
const gmhiPublished = read('gmhi', 'GMHI_output_22samples.csv').trim().split(/\r?\n/).slice(1);
worst = 0;
for (const row of gmhiPublished) {
  const [name = '', value = ''] = row.split(',');
  const sample = name.replace(/"/g, '');
  const ours = gmhiScores.find((s) => s.sample === sample)?.gmhi ?? Number.NaN;
  worst = Math.max(worst, Math.abs(ours - Number(value)));
  if (!(Math.abs(ours - Number(value)) <= 1e-9)) fail(`${sample}: GMHI ${ours} vs published ${value}`);
}
console.log(`${gmhiPublished.length} published GMHI values, worst difference ${worst}`);

const validation = parseMergedSpeciesTable(read('gmhi', 'validation_abundance.csv'));
const reference = new Map(
  read('gmwi_webtool_reference', 'indicies.csv')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split(','))
    .map((cells) => [cells[1] ?? '', Number(cells[2])]),
);
let matched = 0;
worst = 0;
for (const { sample, species } of validation.samples) {
  const expected = reference.get(sample);
  if (expected === undefined) continue;
  matched++;
  worst = Math.max(worst, Math.abs((gmhiWebtoolOfSpecies(species) ?? Number.NaN) - expected));
}
if (!(worst <= 1e-6)) fail(`web tool GMHI variant differs by up to ${worst}`);
console.log(`${matched} validation samples against the web tool's GMWI column, worst difference ${worst}`);

if (failures > 0) process.exit(1);
console.log('all checks passed');
