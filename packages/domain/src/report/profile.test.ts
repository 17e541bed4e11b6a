import { describe, expect, it } from 'vitest';
import { markerVersionOf, ProfileError, parseMetaphlanProfile } from './index.ts';
import { profileStems, readFixture } from './test-fixtures.ts';

const realProfiles = [
  ...profileStems('gmwi2').map((s) => `gmwi2/${s}_metaphlan.txt`),
  ...profileStems('gmwi2/kefir').map((s) => `gmwi2/kefir/${s}_metaphlan.txt`),
  ...profileStems('gmwi2/unscored').map((s) => `gmwi2/unscored/${s}_metaphlan.txt`),
];

describe('parseMetaphlanProfile', () => {
  it('reads a MetaPhlAn 3 profile with its database, UNKNOWN row and every rank', () => {
    const profile = parseMetaphlanProfile(readFixture('gmwi2/SRR1761667_metaphlan.txt'));
    expect(profile.database).toBe('mpa_v30_CHOCOPhlAn_201901');
    expect(profile.markerVersion).toBe(3);
    expect(profile.sample).toBeNull();
    expect(profile.unknownPercent).toBe(70.84224);
    expect(profile.taxa).toHaveLength(139);
    expect(profile.taxa[0]).toEqual({
      lineage: 'k__Bacteria',
      rank: 'k',
      name: 'Bacteria',
      abundance: 29.031894900524044,
      ncbiTaxId: '2',
    });
    expect(new Set(profile.taxa.map((t) => t.rank))).toEqual(new Set(['k', 'p', 'c', 'o', 'f', 'g', 's']));
  });

  it("keeps each clade's own NCBI taxon id, none where MetaPhlAn gives none or has no such column", () => {
    const mpa3 = parseMetaphlanProfile(readFixture('gmwi2/SRR1761667_metaphlan.txt'));
    const adolescentis = mpa3.taxa.find((t) => t.name === 'Bifidobacterium_adolescentis');
    expect(adolescentis?.ncbiTaxId).toBe('1680');
    const mpa4 = parseMetaphlanProfile(readFixture('edge/metaphlan4-sgb.txt'));
    expect(mpa4.taxa.find((t) => t.name === 'Eubacteriales_unclassified')?.ncbiTaxId).toBeUndefined();
    expect(mpa4.taxa.find((t) => t.name === 'Firmicutes')?.ncbiTaxId).toBe('1239');
    const mpa2 = parseMetaphlanProfile(readFixture('edge/metaphlan2.txt'));
    expect(mpa2.taxa.every((t) => t.ncbiTaxId === undefined)).toBe(true);
  });

  it.each(realProfiles)('accepts the real profile %s (every rank adds up with UNKNOWN)', (path) => {
    expect(parseMetaphlanProfile(readFixture(path)).taxa.length).toBeGreaterThan(0);
  });

  it('accepts viral lineages whose order rows MetaPhlAn 3 leaves out', () => {
    const profile = parseMetaphlanProfile(readFixture('gmwi2/kefir/Subj032_time1_S22_metaphlan.txt'));
    const viruses = profile.taxa.filter((t) => t.lineage.startsWith('k__Viruses'));
    expect(viruses.some((t) => t.rank === 's' && t.name === 'Lactococcus_phage_jm3')).toBe(true);
    expect(viruses.some((t) => t.rank === 'o')).toBe(false);
  });

  it('reads MetaPhlAn 4: UNCLASSIFIED row, sample id, SGB species and t__ strain rows', () => {
    const profile = parseMetaphlanProfile(readFixture('edge/metaphlan4-sgb.txt'));
    expect(profile).toMatchObject({
      sample: 'LAB0042',
      database: 'mpa_vOct22_CHOCOPhlAnSGB_202212',
      markerVersion: 4,
      unknownPercent: 18.2,
    });
    const strains = profile.taxa.filter((t) => t.rank === 't');
    expect(strains.map((t) => t.name)).toContain('SGB15318');
    expect(profile.taxa.find((t) => t.name === 'GGB9712_SGB15244')?.rank).toBe('s');
  });

  it('reads MetaPhlAn 2 two-column profiles without a database line', () => {
    const profile = parseMetaphlanProfile(readFixture('edge/metaphlan2.txt'));
    expect(profile).toMatchObject({ sample: null, database: null, markerVersion: 2, unknownPercent: 0 });
    expect(profile.taxa.find((t) => t.rank === 't' && t.name === 'PRJNA14092')?.abundance).toBe(5);
  });

  it('copes with a BOM, CRLF line ends, space-separated columns and no final newline', () => {
    const text = readFixture('edge/metaphlan3-small.txt');
    const mangled = `\uFEFF${text.trim().replace(/\n/g, '\r\n').replace(/\t/g, '   ')}`;
    const profile = parseMetaphlanProfile(mangled);
    expect(profile).toEqual(parseMetaphlanProfile(text));
    expect(profile.unknownPercent).toBe(40);
  });

  it('takes a profile without an UNKNOWN row as fully classified', () => {
    const text = readFixture('edge/metaphlan3-small.txt')
      .split('\n')
      .filter((l) => !l.startsWith('UNKNOWN'))
      .map((l) => l.replace(/\t(50|30|20|10)\.0\t/, (_, v) => `\t${(Number(v) / 0.6).toString()}\t`))
      .join('\n');
    expect(parseMetaphlanProfile(text).unknownPercent).toBe(0);
  });

  it.each([
    ['edge/empty.txt', /file is empty/, null],
    ['edge/header-only.txt', /no taxa rows/, null],
    ['edge/bad-abundance.txt', /"n\/a" is not a number/, 23],
    ['edge/negative-abundance.txt', /-20\.0 is negative/, 23],
    ['edge/unknown-rank.txt', /"x__Faecalibacterium_prausnitzii".*known rank prefix/, 23],
    ['edge/duplicate-clade.txt', /appears twice \(first at line 22\)/, 25],
    ['edge/missing-column.txt', /Expected tab-separated columns/, 23],
    ['edge/not-100.txt', /species-level abundances add up to 80\.00%.*line 22/, null],
  ])('refuses %s with a message that says what and where', (path, message, line) => {
    const parse = () => parseMetaphlanProfile(readFixture(path));
    expect(parse).toThrow(ProfileError);
    expect(parse).toThrow(message);
    try {
      parse();
    } catch (error) {
      expect((error as ProfileError).line).toBe(line);
      if (line !== null) expect((error as Error).message).toMatch(new RegExp(`^Line ${line}: `));
    }
  });

  it('refuses lineages that skip the kingdom or run upwards', () => {
    expect(() => parseMetaphlanProfile('p__Firmicutes\t1239\t100\n')).toThrow(/must run from k__ downwards/);
    expect(() => parseMetaphlanProfile('k__Bacteria|g__X|f__Y\t1\t100\n')).toThrow(/Line 1: /);
  });

  it('refuses abundances above 100 and a second UNKNOWN row', () => {
    expect(() => parseMetaphlanProfile('k__Bacteria\t2\t150\n')).toThrow(/above 100/);
    expect(() => parseMetaphlanProfile('UNKNOWN\t-1\t10\nUNKNOWN\t-1\t10\nk__Bacteria\t2\t80\n')).toThrow(
      /Line 2: A second UNKNOWN row/,
    );
  });

  it('tolerates rounding: rank totals within 1.5 points of 100 pass, beyond fail', () => {
    const species = 'k__Bacteria|p__A|c__B|o__C|f__D|g__E|s__F';
    expect(() => parseMetaphlanProfile(`UNKNOWN\t-1\t10\n${species}\t2\t88.6\n`)).not.toThrow();
    expect(() => parseMetaphlanProfile(`UNKNOWN\t-1\t10\n${species}\t2\t88.4\n`)).toThrow(
      /kingdom-level abundances add up to 98\.40%/,
    );
  });
});

describe('markerVersionOf', () => {
  it.each([
    ['mpa_v20_m200', 2],
    ['mpa_v296_CHOCOPhlAn_201901', 3],
    ['mpa_v30_CHOCOPhlAn_201901', 3],
    ['mpa_v31_CHOCOPhlAn_201901', 3],
    ['mpa_vJan21_CHOCOPhlAnSGB_202103', 4],
    ['mpa_vOct22_CHOCOPhlAnSGB_202212', 4],
    ['mpa_vJun23_CHOCOPhlAnSGB_202403', 4],
    ['something_else', null],
    [null, null],
  ] as const)('%s → %s', (database, version) => {
    expect(markerVersionOf(database)).toBe(version);
  });
});
