import { describe, expect, it } from 'vitest';
import { atAGlance, MAX_FINDINGS, type ReportSummary } from './at-a-glance.ts';
import { buildReport } from './build-report.ts';
import { parseMetaphlanProfile } from './profile.ts';
import { STATEMENTS } from './statements.ts';
import { profileStems, readFixture } from './test-fixtures.ts';

const build = (path: string, options = {}) => buildReport(parseMetaphlanProfile(readFixture(path)), options);

/** The 45 GMWI2 profiles of the ingest set: the example, the 41 kefir samples and the three unscored. */
const PROFILES = [
  'gmwi2/SRR1761667_metaphlan.txt',
  ...profileStems('gmwi2/kefir').map((stem) => `gmwi2/kefir/${stem}_metaphlan.txt`),
  ...profileStems('gmwi2/unscored').map((stem) => `gmwi2/unscored/${stem}_metaphlan.txt`),
];

const brief = (summary: ReportSummary) => summary.findings.map((f) => [f.key, f.means, f.couldBeEither]);

describe('at a glance on the 45 published GMWI2 profiles', () => {
  it('has all 45', () => {
    expect(PROFILES).toHaveLength(45);
  });

  it.each(PROFILES)('%s: three to five findings, each a registry statement with a section', (path) => {
    const { summary, diversity, indices } = build(path);
    expect(summary.interpretable).toBe(true);
    expect(summary.findings.length).toBeGreaterThanOrEqual(3);
    expect(summary.findings.length).toBeLessThanOrEqual(MAX_FINDINGS);
    for (const finding of summary.findings) {
      expect(STATEMENTS).toHaveProperty(finding.means);
      expect(finding.found).toMatch(/\.$/);
      expect(finding.section).toMatch(/^report-/);
    }
    // Richness and GMWI2 come from the person's own values: every one of these profiles has both.
    const richness = summary.findings.find((f) => f.key === 'richness');
    expect(richness?.found).toContain(`We found ${diversity.richness.value} species`);
    const gmwi2 = summary.findings.find((f) => f.key === 'gmwi2');
    expect(gmwi2?.found).toContain((indices.gmwi2.value ?? Number.NaN).toFixed(2));
  });

  /*
   * Written by hand from each profile's values (UNKNOWN share, largest species' share of the named part,
   * richness and Shannon percentiles, GMWI2, GMHI):
   * UNKNOWN ≥ 80% and one species ≥ 50% come first; then richness, GMWI2, Shannon, GMHI; five at most.
   */
  it('SRR1761667 (71% UNKNOWN, E. coli 40%, 54 species at the 18th, Shannon 8th, GMWI2 1.40, GMHI 1.31)', () => {
    expect(brief(build('gmwi2/SRR1761667_metaphlan.txt').summary)).toEqual([
      ['richness', 'diversity.low', true],
      ['gmwi2', 'gmwi2.above', true],
      ['shannon', 'diversity.low', true],
      ['gmhi', 'gmhi.above', true],
    ]);
  });

  it('Subj030_time3_S20 (94% UNKNOWN, a phage at 68%, 20 species, GMWI2 −0.36): five, GMHI left out', () => {
    const { summary } = build('gmwi2/kefir/Subj030_time3_S20_metaphlan.txt');
    expect(brief(summary)).toEqual([
      ['unknown', 'unknown.high', false],
      ['dominant', 'dominant.one', false],
      ['richness', 'diversity.low', true],
      ['gmwi2', 'gmwi2.below', true],
      ['shannon', 'diversity.low', true],
    ]);
    expect(summary.findings[0]?.found).toBe('We could match only 6% of your sample to known microbes.');
    expect(summary.findings[1]?.found).toBe(
      'One microbe, Lactococcus phage jm3, makes up 68% of the named part of your sample.',
    );
  });

  it('Subj017_time1_ReExtract_S44 (Candida albicans 62%, 52 species, GMWI2 −1.26, GMHI −3.12)', () => {
    const { summary } = build('gmwi2/kefir/Subj017_time1_ReExtract_S44_metaphlan.txt');
    expect(brief(summary)).toEqual([
      ['dominant', 'dominant.one', false],
      ['richness', 'diversity.low', true],
      ['gmwi2', 'gmwi2.below', true],
      ['shannon', 'diversity.low', true],
      // −3.12 ± 3.08 stays below zero.
      ['gmhi', 'gmhi.below', false],
    ]);
    expect(summary.findings[0]?.found).toContain('Candida albicans');
  });

  it('Subj035_time1_S26 (93 species at the 93rd, Shannon 3.19 at the 81st, GMWI2 −0.35, GMHI −3.98)', () => {
    expect(brief(build('gmwi2/kefir/Subj035_time1_S26_metaphlan.txt').summary)).toEqual([
      ['richness', 'diversity.high', true],
      ['gmwi2', 'gmwi2.below', true],
      ['shannon', 'diversity.high', true],
      ['gmhi', 'gmhi.below', false],
    ]);
  });

  it('Subj003_time1_S3 (106 species, Shannon 2.92 at the 55th: the usual range, GMHI −0.02)', () => {
    const { summary } = build('gmwi2/kefir/Subj003_time1_S3_metaphlan.txt');
    expect(brief(summary)).toEqual([
      ['richness', 'diversity.high', true],
      ['gmwi2', 'gmwi2.below', true],
      ['shannon', 'diversity.usual', true],
      ['gmhi', 'gmhi.below', true],
    ]);
    expect(summary.findings[2]?.found).toBe(
      'Your Shannon diversity is 2.92. That is in the middle half of healthy people in our reference (the 55th percentile).',
    );
  });

  it('says a meaningful change since the previous sample (Subj001, time 1 then time 2)', () => {
    const before = build('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');
    const values = {
      richness: before.diversity.richness.value,
      shannon: before.diversity.shannon.value,
      inverseSimpson: before.diversity.inverseSimpson.value,
      evenness: before.diversity.evenness.value,
      gmwi2: before.indices.gmwi2.value,
      gmhi: before.indices.gmhi.value,
    };
    const after = build('gmwi2/kefir/Subj001_time2_S2_metaphlan.txt', {
      previous: { displayDate: '10 January 2025', values },
    });
    const change = after.summary.findings.find((f) => f.key === 'change');
    // 61 → 15 species is 46, within the 59 of the repeatability coefficient; no score moved more.
    expect(change).toMatchObject({ means: 'change.notMeaningful', section: 'report-journey' });
    expect(change?.found).toBe(
      'None of your scores changed more than usual since your sample of 10 January 2025.',
    );
  });
});

describe('a sample that cannot be interpreted', () => {
  it('has no findings and says why', () => {
    const none = { value: null, percentile: null, range: null };
    const summary = atAGlance({
      unknownPercent: 100,
      species: [],
      richness: { value: 0, percentile: 0, range: null },
      shannon: none,
      gmwi2: none,
      gmhi: none,
    });
    expect(summary).toEqual({ interpretable: false, reason: 'cannot.interpret', findings: [] });
  });
});
