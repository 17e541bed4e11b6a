import { describe, expect, it } from 'vitest';
import {
  parseMetaphlanProfile,
  speciesPercentile,
  speciesReference,
  TAXA_CSV_HEADER,
  taxaCsv,
  taxaCsvRows,
} from './index.ts';
import { readFixture } from './test-fixtures.ts';

const parse = (path: string) => parseMetaphlanProfile(readFixture(path));

describe('taxa CSV', () => {
  it('has one row per taxon of the profile: rank, name, NCBI taxon id, abundance, percentile', () => {
    const profile = parse('gmwi2/SRR1761667_metaphlan.txt');
    const lines = taxaCsv(profile).trimEnd().split('\r\n');
    expect(lines[0]).toBe(TAXA_CSV_HEADER.join(','));
    expect(lines).toHaveLength(profile.taxa.length + 1);
    expect(lines[1]).toBe('kingdom,Bacteria,2,29.031894900524044,');
    const adolescentis = lines.find((l) => l.startsWith('species,Bifidobacterium_adolescentis,'));
    expect(adolescentis).toMatch(/^species,Bifidobacterium_adolescentis,1680,[\d.]+,\d+(\.\d)?$/);
  });

  it('places a species among the 118 healthy people of the GMHI validation cohort (absent people at 0)', () => {
    expect(speciesReference().samples).toBe(118);
    const present = speciesReference().species.Bifidobacterium_adolescentis ?? [];
    // Above everyone's value: 100; at 0 the species is missing, like the people without it (mid-rank).
    expect(speciesPercentile('Bifidobacterium_adolescentis', 1000)).toBe(100);
    expect(speciesPercentile('Bifidobacterium_adolescentis', 0)).toBeCloseTo(
      ((118 - present.length) / 2 / 118) * 100,
      12,
    );
    expect(speciesPercentile('GGB9712_SGB15244', 5)).toBeNull();
  });

  it('reads the percentile on the classified share, with MetaPhlAn 4 names through the synonyms', () => {
    const rows = taxaCsvRows(parse('edge/metaphlan4-voct22-gmhi.txt'));
    const salivarius = rows.find((r) => r.name === 'Ligilactobacillus_salivarius');
    expect(salivarius?.referencePercentile).toBe(
      speciesPercentile('Lactobacillus_salivarius', (3 / 72.8) * 100),
    );
    expect(rows.find((r) => r.name === 'GGB9712_SGB15244')?.referencePercentile).toBeNull();
    expect(rows.find((r) => r.rank === 'genus')?.referencePercentile).toBeNull();
    expect(rows.find((r) => r.name === 'Eubacteriales_unclassified')?.ncbiTaxId).toBeNull();
  });

  it('keeps names a spreadsheet would run as formulas or split as text', () => {
    const profile = parse('edge/metaphlan3-small.txt');
    const taxon = profile.taxa[0];
    if (!taxon) throw new Error('no taxa');
    const csv = taxaCsv({ ...profile, taxa: [{ ...taxon, name: '=HYPERLINK("x"),1' }] });
    expect(csv.split('\r\n')[1]).toBe(
      `kingdom,"'=HYPERLINK(""x""),1",${taxon.ncbiTaxId},${taxon.abundance},`,
    );
  });
});
