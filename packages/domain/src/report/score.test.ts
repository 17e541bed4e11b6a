import { describe, expect, it } from 'vitest';
import { ProfileError, scoreMergedTable, scoreProfile } from './index.ts';
import { profileStems, readFixture } from './test-fixtures.ts';

const KEYS = ['database', 'evenness', 'gmhi', 'gmwi2', 'inverseSimpson', 'richness', 'sample', 'shannon'];

describe('scoreProfile', () => {
  it('returns exactly the scores of a MetaPhlAn 3 profile', () => {
    const scores = scoreProfile(readFixture('gmwi2/SRR1761667_metaphlan.txt'));
    expect(Object.keys(scores).sort()).toEqual(KEYS);
    expect(scores.sample).toBeNull();
    expect(scores.database).toBe('mpa_v30_CHOCOPhlAn_201901');
    expect(scores.gmwi2).toBeCloseTo(1.4017773651306447, 12);
    expect(scores.richness).toBeGreaterThan(0);
  });

  it.each(profileStems('gmwi2/unscored'))('gives finite numbers for the unscored profile %s', (stem) => {
    const scores = scoreProfile(readFixture(`gmwi2/unscored/${stem}_metaphlan.txt`));
    for (const key of ['richness', 'shannon', 'inverseSimpson', 'evenness', 'gmwi2', 'gmhi'] as const) {
      expect(Number.isFinite(scores[key]), key).toBe(true);
    }
  });

  it('leaves GMWI2 null for a MetaPhlAn 4 profile', () => {
    expect(scoreProfile(readFixture('edge/metaphlan4-sgb.txt'))).toMatchObject({
      sample: 'LAB0042',
      database: 'mpa_vOct22_CHOCOPhlAnSGB_202212',
      richness: 8,
      gmwi2: null,
    });
  });

  it('passes on the ProfileError of a bad file', () => {
    expect(() => scoreProfile(readFixture('edge/empty.txt'))).toThrow(ProfileError);
  });
});

describe('scoreMergedTable', () => {
  it('scores every sample of a species table; GMWI2 needs a full profile so it is null', () => {
    const scores = scoreMergedTable(readFixture('gmhi/species_relative_abundances_22samples.csv'));
    expect(scores).toHaveLength(22);
    for (const s of scores) expect(Object.keys(s).sort()).toEqual(KEYS);
    expect(scores[0]).toMatchObject({ sample: 'Sample1', database: null, gmwi2: null });
    expect(scores[0]?.gmhi).toBeCloseTo(-0.631363762485936, 12);
  });

  it('with explain, lists the GMHI species of each sample with the abundance in the table', () => {
    const text = readFixture('gmhi/species_relative_abundances_22samples.csv');
    const explained = scoreMergedTable(text, { explain: true });
    const sample1 = explained[0];
    expect(sample1).toMatchObject({ sample: 'Sample1', gmwi2Contributions: null });
    const names = sample1?.gmhiSpecies?.map((s) => s.name) ?? [];
    expect(names.length).toBeGreaterThan(0);
    const table = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    for (const species of sample1?.gmhiSpecies ?? []) {
      const row = table.find(
        (line) => line.startsWith(`s__${species.name},`) || line.startsWith(`"s__${species.name}",`),
      );
      expect(Number(row?.split(',')[1]?.replace(/"/g, '')), species.name).toBe(species.abundance);
    }
  });
});
