import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReport } from './build-report.ts';
import { isMergedTable, SPECIES_ONLY_TABLE, splitMergedProfiles } from './merged-profiles.ts';
import { parseMetaphlanProfile } from './profile.ts';
import { ProfileError } from './profile-error.ts';

const read = (name: string) =>
  fs.readFileSync(new URL(`../../test-data/report/${name}`, import.meta.url), 'utf8');
const A = read('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');
const B = read('gmwi2/kefir/Subj003_time1_S3_metaphlan.txt');

/** What merge_metaphlan_tables.py writes for these profiles: every clade, a column per sample. */
function merge(profiles: Record<string, string>): string {
  const rows = new Map<string, { taxId: string; values: Record<string, string> }>();
  let database = '';
  for (const [sample, text] of Object.entries(profiles))
    for (const line of text.split('\n')) {
      if (line.startsWith('#mpa_')) database = line;
      if (line.startsWith('#') || line.trim() === '') continue;
      const [clade = '', taxId = '', value = ''] = line.split('\t');
      const row = rows.get(clade) ?? { taxId, values: {} };
      row.values[sample] = value;
      rows.set(clade, row);
    }
  const samples = Object.keys(profiles);
  return [
    database,
    ['clade_name', 'NCBI_tax_id', ...samples].join('\t'),
    ...[...rows].map(([clade, row]) =>
      [clade, row.taxId, ...samples.map((s) => row.values[s] ?? '0.0')].join('\t'),
    ),
  ].join('\n');
}

describe('merged tables', () => {
  it('tells a merged table from a profile', () => {
    expect(isMergedTable(A)).toBe(false);
    expect(isMergedTable(merge({ S1: A, S3: B }))).toBe(true);
    expect(isMergedTable('\uFEFFSpecies,Sample1\ns__A,1')).toBe(true);
  });

  it('splits a merged table into the profiles it was merged from: the same reports', () => {
    const split = splitMergedProfiles(merge({ MB1: A, MB3: B }));
    expect(split.map((s) => s.column)).toEqual(['MB1', 'MB3']);
    const [one, three] = split.map((s) => buildReport(parseMetaphlanProfile(s.text)));
    expect(one?.diversity).toEqual(buildReport(parseMetaphlanProfile(A)).diversity);
    expect(three?.indices).toEqual(buildReport(parseMetaphlanProfile(B)).indices);
    expect(one?.database).toBe('mpa_v30_CHOCOPhlAn_201901');
  });

  it('refuses a species-only table with the reason', () => {
    expect(() => splitMergedProfiles('Species,S1\ns__A,50\ns__B,50')).toThrow(SPECIES_ONLY_TABLE);
  });

  it('refuses a row with a missing column, naming the line', () => {
    expect(() => splitMergedProfiles('clade_name\tNCBI_tax_id\tS1\tS2\nk__Bacteria\t2\t100')).toThrow(
      new ProfileError('Expected 4 columns like the header row, found 3.', 2),
    );
  });
});
