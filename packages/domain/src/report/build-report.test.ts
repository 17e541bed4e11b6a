import { describe, expect, it } from 'vitest';
import { buildReport, OTHER_TAXA, parseMetaphlanProfile, percentileSentence } from './index.ts';
import { readFixture } from './test-fixtures.ts';

const build = (path: string) => buildReport(parseMetaphlanProfile(readFixture(path)));

describe('buildReport', () => {
  const report = build('gmwi2/SRR1761667_metaphlan.txt');

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('carries version, database and the UNKNOWN share', () => {
    expect(report).toMatchObject({
      version: 'v3',
      database: 'mpa_v30_CHOCOPhlAn_201901',
      markerVersion: 3,
      unknownPercent: 70.84224,
    });
  });

  it('gives composition by phylum, family, genus and species, each adding up to 100', () => {
    for (const rank of ['phylum', 'family', 'genus', 'species'] as const) {
      const entries = report.composition[rank];
      expect(entries.reduce((s, e) => s + e.percent, 0)).toBeCloseTo(100, 3);
      const named = entries.filter((e) => e.name !== OTHER_TAXA).map((e) => e.percent);
      expect(named).toEqual([...named].sort((a, b) => b - a));
    }
    expect(report.composition.phylum[0]?.name).toBe('Firmicutes');
  });

  it('reads each diversity measure against the healthy reference, with its caveat', () => {
    for (const metric of ['richness', 'shannon', 'inverseSimpson', 'evenness'] as const) {
      const reading = report.diversity[metric];
      expect(reading.value).not.toBeNull();
      expect(reading.percentile).toBeGreaterThanOrEqual(0);
      expect(reading.percentile).toBeLessThanOrEqual(100);
      expect(reading.reading).toMatch(/percentile of healthy people/);
      expect(reading.percentileCaveat).toMatch(/reference/);
    }
    expect(report.diversity.richness.reading).toMatch(/^We found \d+ species in your sample\./);
  });

  it('gives GMWI2 (no reference percentile) and GMHI (percentile of the web tool variant)', () => {
    expect(report.indices.gmwi2).toMatchObject({ percentile: null, percentileCaveat: null });
    expect(report.indices.gmwi2.value).toBeCloseTo(1.4017773651306447, 12);
    expect(report.indices.gmwi2.reading).toMatch(/^Your score is 1\.40, above zero/);
    expect(report.indices.gmwi2.citation).toMatch(/10\.1038\/s41467-024-51651-9/);
    expect(report.indices.gmhi.percentile).toEqual(expect.any(Number));
    expect(report.indices.gmhi.caveat).toMatch(/named differently/);
  });

  it('lists GMWI2 contributing taxa by effect size, then GMHI signature species present', () => {
    const gmwi2 = report.notableTaxa.filter((t) => t.index === 'GMWI2');
    expect(gmwi2).toHaveLength(22);
    const effects = gmwi2.map((t) => Math.abs(t.coefficient ?? 0));
    expect(effects).toEqual([...effects].sort((a, b) => b - a));
    expect(gmwi2.every((t) => (t.coefficient ?? 0) > 0 === (t.linkedWith === 'health'))).toBe(true);
    expect(
      report.notableTaxa.find((t) => t.index === 'GMHI' && t.name === 'Bifidobacterium_adolescentis'),
    ).toMatchObject({
      linkedWith: 'health',
      coefficient: null,
      label: 'Bifidobacterium adolescentis',
    });
  });

  it('explains why GMWI2 is missing for a MetaPhlAn 4 profile', () => {
    const v4 = build('edge/metaphlan4-sgb.txt');
    expect(v4.version).toBe('v4');
    expect(v4.indices.gmwi2.value).toBeNull();
    expect(v4.indices.gmwi2.reading).toMatch(/mpa_v30/);
    expect(v4.notableTaxa.every((t) => t.index === 'GMHI')).toBe(true);
    expect(v4.composition.species.map((e) => e.name)).toContain('GGB9712_SGB15244');
  });
});

describe('percentileSentence', () => {
  it.each([
    [null, ''],
    [10, ' That is lower than most: about the 10th percentile of healthy people in the reference set.'],
    [
      52,
      ' That is within the usual range: about the 52nd percentile of healthy people in the reference set.',
    ],
    [99.9, ' That is higher than most: about the 99th percentile of healthy people in the reference set.'],
    [0, ' That is lower than most: about the 1st percentile of healthy people in the reference set.'],
    [13, ' That is lower than most: about the 13th percentile of healthy people in the reference set.'],
  ])('%s → %s', (percentile, sentence) => {
    expect(percentileSentence(percentile)).toBe(sentence);
  });
});
