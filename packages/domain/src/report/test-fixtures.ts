import { readdirSync, readFileSync } from 'node:fs';

/* Reads the test data in packages/domain/test-data/report (see its README). Used by the tests only. */

const root = new URL('../../test-data/report/', import.meta.url);

export function readFixture(path: string): string {
  return readFileSync(new URL(path, root), 'utf8');
}

/** Sample stems (`Subj001_time1_S1`) of the `<stem>_metaphlan.txt` files in a fixture folder. */
export function profileStems(folder: string): string[] {
  return readdirSync(new URL(`${folder}/`, root))
    .filter((f) => f.endsWith('_metaphlan.txt'))
    .map((f) => f.replace('_metaphlan.txt', ''))
    .sort();
}

/** The published GMWI2 score and contributing taxa of a sample of the GMWI2 fixtures. */
export function publishedGmwi2(folder: string, stem: string): { score: number; taxa: string[] } {
  const taxa = readFixture(`${folder}/${stem}_GMWI2_taxa.txt`)
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split('\t')[0] ?? '');
  return { score: Number(readFixture(`${folder}/${stem}_GMWI2.txt`).trim()), taxa };
}
