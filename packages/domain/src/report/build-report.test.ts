import { describe, expect, it } from 'vitest';
import {
  buildReport,
  formatCount,
  OTHER_TAXA,
  parseMetaphlanProfile,
  percentileExplanation,
  percentileSentence,
  scoreNotes,
} from './index.ts';
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
      expect(reading.reading).toMatch(
        /healthy people in our reference\. It is about the \d+(st|nd|rd|th) percentile\./,
      );
      expect(reading).not.toHaveProperty('percentileCaveat');
      expect(scoreNotes(report, metric).percentileCaveat).toMatch(/reference/);
    }
    expect(report.diversity.richness.reading).toMatch(/^We found \d+ species in your sample\./);
  });

  it('gives GMWI2 (no reference percentile) and GMHI (percentile of the web tool variant)', () => {
    expect(report.indices.gmwi2).toMatchObject({ percentile: null });
    expect(report.indices.gmwi2.value).toBeCloseTo(1.4017773651306447, 12);
    expect(report.indices.gmwi2.reading).toMatch(/^Your score is 1\.40, above zero/);
    expect(report.indices.gmhi.percentile).toEqual(expect.any(Number));
    // The fixed texts are looked up by score and database, not stored (decision 027, session 11).
    expect(Object.keys(report.indices.gmhi)).toEqual(['value', 'percentile', 'reading', 'range']);
    expect(scoreNotes(report, 'gmwi2')).toMatchObject({ percentileCaveat: null });
    expect(scoreNotes(report, 'gmwi2').citation).toMatch(/10\.1038\/s41467-024-51651-9/);
    expect(scoreNotes(report, 'gmhi').caveat).toMatch(/older species names/);
    expect(scoreNotes(report, 'gmhi').percentileCaveat).toMatch(/43 instead of 31/);
  });

  it('stores each taxon once: groups without their taxa, no separate notable list (decision 027)', () => {
    expect(report).not.toHaveProperty('notableTaxa');
    for (const group of report.gmwi2Contributions?.groups ?? []) expect(group).not.toHaveProperty('taxa');
    expect(report.gmwi2Contributions?.taxa).toHaveLength(22);
    expect(report.gmwi2Contributions?.taxa[0]).not.toHaveProperty('contribution');
    // 13.1 KB before issue 37; the at-a-glance findings, the ranges and the protocol add about 1.4 KB.
    expect(JSON.stringify(report).length).toBeLessThan(14_600);
  });

  it('explains why GMWI2 is missing for a MetaPhlAn 4 profile', () => {
    const v4 = build('edge/metaphlan4-sgb.txt');
    expect(v4.version).toBe('v4');
    expect(v4.indices.gmwi2.value).toBeNull();
    expect(v4.indices.gmwi2.reading).toMatch(/mpa_v30/);
    expect(v4.gmwi2Contributions).toBeNull();
    expect(v4.composition.species.map((e) => e.name)).toContain('GGB9712_SGB15244');
  });

  it.each([
    ['edge/metaphlan4-vjan21.txt', 'mpa_vJan21_CHOCOPhlAnSGB_202103'],
    ['edge/metaphlan4-voct22-gmhi.txt', 'mpa_vOct22_CHOCOPhlAnSGB_202212'],
  ])('builds a MetaPhlAn 4 report from %s: diversity, composition and GMHI, no GMWI2', (path, database) => {
    const v4 = build(path);
    expect(v4).toMatchObject({ version: 'v4', markerVersion: 4, database, gmwi2Contributions: null });
    for (const metric of ['richness', 'shannon', 'inverseSimpson', 'evenness'] as const)
      expect(v4.diversity[metric].value).toEqual(expect.any(Number));
    expect(v4.composition.phylum.reduce((s, e) => s + e.percent, 0)).toBeCloseTo(100, 6);
    expect(v4.indices.gmwi2.value).toBeNull();
    expect(v4.indices.gmwi2.reading).toBe(
      `GMWI2 is not computed for this lab version: this profile was made with MetaPhlAn 4 (database ${database}). GMWI2 was built on taxa exactly as MetaPhlAn 3's mpa_v30 database names and divides them, and other databases name and divide many of them differently, so the score would not mean what the index means.`,
    );
    expect(v4.indices.gmhi.value).toEqual(expect.any(Number));
    expect(v4.gmhiExplanation?.score).toBe(v4.indices.gmhi.value);
  });

  it('carries the GMWI2 contributions, the GMHI explanation and the reference set it is read against', () => {
    expect(report.gmwi2Contributions?.score).toBe(report.indices.gmwi2.value);
    expect(report.gmwi2Contributions?.taxa).toHaveLength(22);
    expect(report.gmhiExplanation?.score).toBe(report.indices.gmhi.value);
    expect(report.reference).toEqual({
      name: 'GMWI web tool reference set (Chang et al. 2023), healthy people',
      size: 2754,
    });
    expect(percentileExplanation(report.reference.size)).toBe(
      'A percentile says where your value falls among the 2,754 healthy people of the reference set: at the 70th percentile, 70 in every 100 of them had a lower value.',
    );
  });
});

describe('formatCount', () => {
  it.each([0, 7, 313, 999, 1000, 2754, 12345, 999999, 1000000, 1234567890, -2754])(
    'writes %d as en-AU and en-US do',
    (count) => {
      expect(formatCount(count)).toBe(count.toLocaleString('en-AU'));
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    },
  );
});

describe('percentileSentence', () => {
  it.each([
    [null, ''],
    [10, ' That is lower than most healthy people in our reference. It is about the 10th percentile.'],
    [52, ' That is in the usual range for healthy people in our reference. It is about the 52nd percentile.'],
    [99.9, ' That is higher than most healthy people in our reference. It is about the 99th percentile.'],
    [0, ' That is lower than most healthy people in our reference. It is about the 1st percentile.'],
    [13, ' That is lower than most healthy people in our reference. It is about the 13th percentile.'],
  ])('%s → %s', (percentile, sentence) => {
    expect(percentileSentence(percentile)).toBe(sentence);
  });
});
