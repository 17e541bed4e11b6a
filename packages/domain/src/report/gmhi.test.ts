import { describe, expect, it } from 'vitest';
import { gmhiSpeciesOf } from './gmhi-names.ts';
import {
  gmhi,
  gmhiOfSpecies,
  gmhiSignatureSpecies,
  gmhiWebtoolOfSpecies,
  parseMergedSpeciesTable,
  parseMetaphlanProfile,
} from './index.ts';
import { readFixture } from './test-fixtures.ts';

function csvColumn(path: string, valueColumn: number): Map<string, number> {
  const rows = readFixture(path).trim().split(/\r?\n/).slice(1);
  return new Map(
    rows.map((row) => {
      const cells = row.split(',');
      return [(cells[0] ?? '').replace(/"/g, ''), Number(cells[valueColumn])];
    }),
  );
}

describe('GMHI', () => {
  it('ships the 7 health-prevalent and 43 health-scarce signature species', () => {
    const { healthPrevalent, healthScarce } = gmhiSignatureSpecies();
    expect(healthPrevalent).toHaveLength(7);
    expect(healthScarce).toHaveLength(43);
    expect(healthPrevalent).toContain('Bifidobacterium_adolescentis');
  });

  const table = parseMergedSpeciesTable(readFixture('gmhi/species_relative_abundances_22samples.csv'));
  const published = csvColumn('gmhi/GMHI_output_22samples.csv', 1);

  it('has a published value for each of the 22 samples', () => {
    expect([...published.keys()].sort()).toEqual(table.samples.map((s) => s.sample).sort());
  });

  it.each(table.samples.map((s) => [s.sample, s] as const))(
    'reproduces the published GMHI of %s',
    (sample, { species }) => {
      const expected = published.get(sample);
      expect(expected).toBeDefined();
      expect(Math.abs((gmhiOfSpecies(species) ?? Number.NaN) - (expected ?? Number.NaN))).toBeLessThanOrEqual(
        1e-9,
      );
    },
  );

  it('scores 0 for the samples without any signature species', () => {
    for (const name of ['Sample19', 'Sample20']) {
      const sample = table.samples.find((s) => s.sample === name);
      expect(gmhiOfSpecies(sample?.species ?? {})).toBe(0);
    }
  });

  it('follows GMHI.R on a hand example: ψ_MH = (R/7)·H, ψ_MN = (R/31)·H, log10 of their ratio', () => {
    const species = {
      Bifidobacterium_adolescentis: 40, // MH
      Alistipes_senegalensis: 20, // MH
      Clostridium_bolteae: 20, // MN
      Bacteroides_vulgatus: 10,
      Bacteroides_unclassified: 500, // dropped before renormalising
      Escherichia_virus_Lambda: 500, // dropped before renormalising
    };
    const x = [0.4 / 0.9, 0.2 / 0.9, 0.2 / 0.9];
    const [a = 0, b = 0, c = 0] = x;
    const psiH = (2 / 7) * -(a * Math.log(a) + b * Math.log(b));
    const psiN = (1 / 31) * -(c * Math.log(c));
    expect(gmhiOfSpecies(species)).toBeCloseTo(Math.log10((psiH + 1e-5) / (psiN + 1e-5)), 14);
    expect(gmhiWebtoolOfSpecies(species)).toBeCloseTo(
      Math.log10((psiH + 1e-5) / ((psiN * 31) / 43 + 1e-5)),
      14,
    );
  });

  it('treats species below 0.00001 of the sample as absent', () => {
    expect(gmhiOfSpecies({ Bifidobacterium_adolescentis: 0.0009, Bacteroides_vulgatus: 99.9991 })).toBe(0);
  });

  it('is null when no species can be used', () => {
    expect(gmhiOfSpecies({})).toBeNull();
    expect(gmhiOfSpecies({ Escherichia_unclassified: 60, Lactococcus_virus_bIL67: 40 })).toBeNull();
  });

  it('reproduces the web tool variant ("GMWI" column of its reference) on validation samples', () => {
    const validation = parseMergedSpeciesTable(readFixture('gmhi/validation_abundance_20samples.csv'));
    const byAccession = new Map(
      readFixture('gmhi/indicies_20samples.csv')
        .trim()
        .split('\n')
        .slice(1)
        .map((row) => row.split(','))
        .map((cells) => [cells[1] ?? '', Number(cells[2])]),
    );
    expect(byAccession.size).toBe(20);
    expect(validation.samples.map((s) => s.sample)).toEqual([...byAccession.keys()]);
    for (const { sample, species } of validation.samples) {
      const expected = byAccession.get(sample) ?? Number.NaN;
      expect(Math.abs((gmhiWebtoolOfSpecies(species) ?? Number.NaN) - expected)).toBeLessThanOrEqual(1e-6);
    }
  });

  it('applies to MetaPhlAn profiles through their species rows', () => {
    expect(Number.isFinite(gmhi(parseMetaphlanProfile(readFixture('gmwi2/SRR1761667_metaphlan.txt'))))).toBe(
      true,
    );
    // Bifidobacterium adolescentis (health-prevalent) is the only signature species in this profile.
    const x = 5 / 81.8;
    const expected = Math.log10(((1 / 7) * -x * Math.log(x) + 1e-5) / 1e-5);
    expect(gmhi(parseMetaphlanProfile(readFixture('edge/metaphlan4-sgb.txt')))).toBeCloseTo(expected, 12);
  });

  it('reads species named like what every object inherits as ordinary species', () => {
    const taxa = ['constructor', '__proto__', 'toString', 'constructor'].map((name) => ({
      lineage: `k__Bacteria|s__${name}`,
      rank: 's' as const,
      name,
      abundance: 10,
    }));
    const species = gmhiSpeciesOf({
      sample: null,
      database: null,
      markerVersion: null,
      unknownPercent: 0,
      taxa,
    });
    expect(Object.entries(species).sort()).toEqual([
      ['__proto__', 10],
      ['constructor', 20],
      ['toString', 10],
    ]);
  });
});
