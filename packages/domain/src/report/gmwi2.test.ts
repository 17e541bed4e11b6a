import { describe, expect, it } from 'vitest';
import { gmwi2, gmwi2Coefficients, parseMetaphlanProfile } from './index.ts';
import { profileStems, publishedGmwi2, readFixture } from './test-fixtures.ts';

const published = [
  ...profileStems('gmwi2').map((stem) => ['gmwi2', stem] as const),
  ...profileStems('gmwi2/kefir').map((stem) => ['gmwi2/kefir', stem] as const),
];

describe('GMWI2', () => {
  it('ships the 95 non-zero coefficients of the published model (49 positive, 46 negative)', () => {
    const values = [...gmwi2Coefficients().values()];
    expect(values).toHaveLength(95);
    expect(values.filter((v) => v > 0)).toHaveLength(49);
    expect(Math.max(...values)).toBeCloseTo(0.538146, 6);
    expect(Math.min(...values)).toBeCloseTo(-0.680591, 6);
  });

  it('covers the example and several kefir-study samples', () => {
    expect(published.length).toBeGreaterThanOrEqual(13);
  });

  it.each(published)('reproduces the published score and taxa of %s/%s', (folder, stem) => {
    const expected = publishedGmwi2(folder, stem);
    const result = gmwi2(parseMetaphlanProfile(readFixture(`${folder}/${stem}_metaphlan.txt`)));
    expect(Math.abs((result?.score ?? Number.NaN) - expected.score)).toBeLessThanOrEqual(1e-9);
    expect(result?.taxa.map((t) => t.lineage).sort()).toEqual([...expected.taxa].sort());
  });

  it('scores the example sample 1.4017773651306447, listing its taxa largest coefficient first', () => {
    const result = gmwi2(parseMetaphlanProfile(readFixture('gmwi2/SRR1761667_metaphlan.txt')));
    expect(result?.score).toBeCloseTo(1.4017773651306447, 12);
    expect(result?.taxa).toHaveLength(22);
    const coefficients = result?.taxa.map((t) => t.coefficient) ?? [];
    expect(coefficients).toEqual([...coefficients].sort((a, b) => b - a));
    expect(result?.taxa.find((t) => t.name === 'Bifidobacterium_adolescentis')).toMatchObject({
      rank: 's',
      coefficient: 0.184438966271142,
    });
  });

  it('counts a taxon only above 0.00001 of the classified sample (UNKNOWN left out)', () => {
    const lineage =
      'k__Bacteria|p__Firmicutes|c__Bacilli|o__Lactobacillales|f__Lactobacillaceae|g__Lactobacillus|s__Lactobacillus_ruminis';
    const profile = (abundance: number) =>
      parseMetaphlanProfile(
        `#mpa_v30_CHOCOPhlAn_201901\nUNKNOWN\t-1\t90\n${lineage}\t1\t${abundance}\n${lineage.replace('ruminis', 'other')}\t1\t${10 - abundance}\n`,
      );
    // 0.0001 % of a sample that is 10 % classified is 0.00001 of the classified part: not above.
    expect(gmwi2(profile(0.0001))?.score).toBe(0);
    expect(gmwi2(profile(0.00011))?.score).toBeCloseTo(0.5381460634471289, 15);
  });

  it('does not apply to other marker databases', () => {
    expect(gmwi2(parseMetaphlanProfile(readFixture('edge/metaphlan4-sgb.txt')))).toBeNull();
    expect(gmwi2(parseMetaphlanProfile(readFixture('edge/metaphlan2.txt')))).toBeNull();
  });
});
