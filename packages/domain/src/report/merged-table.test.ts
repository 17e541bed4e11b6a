import { describe, expect, it } from 'vitest';
import { ProfileError, parseMergedSpeciesTable } from './index.ts';
import { readFixture } from './test-fixtures.ts';

describe('parseMergedSpeciesTable', () => {
  it('reads the GMHI table despite its BOM, CRLF line ends and missing final newline', () => {
    const text = readFixture('gmhi/species_relative_abundances_22samples.csv');
    expect(text.startsWith('\uFEFF') && text.includes('\r\n') && !text.endsWith('\n')).toBe(true);
    const table = parseMergedSpeciesTable(text);
    expect(table.database).toBeNull();
    expect(table.samples).toHaveLength(22);
    expect(table.samples[0]?.sample).toBe('Sample1');
    expect(table.samples.at(-1)?.sample).toBe('Sample24');
    for (const { species } of table.samples) expect(Object.keys(species)).toHaveLength(576);
    const total = Object.values(table.samples[0]?.species ?? {}).reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(100, 2);
  });

  it('keeps only the species rows of a merge_metaphlan_tables output with full lineages', () => {
    const table = parseMergedSpeciesTable(readFixture('edge/merged-lineage-table.tsv'));
    expect(table).toEqual({
      database: 'mpa_v30_CHOCOPhlAn_201901',
      markerVersion: 3,
      samples: [
        {
          sample: 'LAB0001',
          species: { Bacteroides_vulgatus: 30, Faecalibacterium_prausnitzii: 20, Clostridium_leptum: 10 },
        },
        {
          sample: 'LAB0002',
          species: { Bacteroides_vulgatus: 50, Faecalibacterium_prausnitzii: 50, Clostridium_leptum: 0 },
        },
      ],
    });
  });

  it.each([
    ['edge/merged-bad-cell.csv', /^Line 2: Abundance of Bacteroides_vulgatus in S2 "NA" is not a number/],
    ['edge/merged-duplicate-species.csv', /^Line 3: Species "Bacteroides_vulgatus" appears twice/],
    ['edge/empty.txt', /file is empty/],
  ])('refuses %s', (path, message) => {
    const parse = () => parseMergedSpeciesTable(readFixture(path));
    expect(parse).toThrow(ProfileError);
    expect(parse).toThrow(message);
  });

  it('refuses a table without a species header, ragged rows, no species, or columns over 100%', () => {
    expect(() => parseMergedSpeciesTable('Genus,S1\ng__X,100\n')).toThrow(/Line 1: .*"Species"/);
    expect(() => parseMergedSpeciesTable('Species,S1,S2\ns__X,100\n')).toThrow(/Line 2: Expected 3 columns/);
    expect(() => parseMergedSpeciesTable('Species,S1\ng__X,100\n')).toThrow(/no species rows/);
    expect(() => parseMergedSpeciesTable('Species,S1\ns__X,60\ns__Y,60\n')).toThrow(/S1 add up to 120\.00%/);
  });

  it('keeps species named like what every object inherits', () => {
    const table = parseMergedSpeciesTable('Species,S1\ns____proto__,40\ns__constructor,60\n');
    expect(Object.entries(table.samples[0]?.species ?? {})).toEqual([
      ['__proto__', 40],
      ['constructor', 60],
    ]);
  });
});
