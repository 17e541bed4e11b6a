import { describe, expect, it } from 'vitest';
import type { ComparedMetric } from './compare.ts';
import {
  isMeaningfulChange,
  MEANINGFUL_CHANGE,
  MEANINGFUL_CHANGE_PAIRS,
  repeatabilityCoefficient,
} from './meaningful-change.ts';
import { scoreProfile } from './score.ts';
import { profileStems, readFixture } from './test-fixtures.ts';

describe('the meaningful-change rule', () => {
  it.each<[ComparedMetric, number | null, boolean]>([
    ['richness', 59, true],
    ['richness', -59, true],
    ['richness', 58, false],
    ['shannon', 1.82, true],
    ['shannon', -1.81, false],
    ['inverseSimpson', 6.6, true],
    ['inverseSimpson', 6.5, false],
    ['evenness', -0.41, true],
    ['evenness', 0.4, false],
    ['gmwi2', 1.5, true],
    ['gmwi2', -1.49, false],
    ['gmhi', 3.08, true],
    ['gmhi', 3.07, false],
    ['gmhi', null, false],
    ['shannon', Number.NaN, false],
    // Exactly the threshold is within the usual variation.
    ['gmwi2', MEANINGFUL_CHANGE.gmwi2, false],
  ])('%s changing by %s is meaningful: %s', (metric, delta, expected) => {
    expect(isMeaningfulChange(metric, delta)).toBe(expected);
  });

  it.each<[number[], number | null]>([
    [[], null],
    [[1, -1], 1.96],
    [[2], 1.96 * 2],
    [[3, 4], 1.96 * Math.sqrt(12.5)],
  ])('the repeatability coefficient of %j is %s', (differences, expected) => {
    const value = repeatabilityCoefficient(differences);
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 12);
  });
});

describe('the thresholds, recomputed from the kefir cohort (test-data/report/gmwi2/kefir)', () => {
  it('match the stored constants (consecutive samples of each subject)', () => {
    const bySubject = new Map<string, { time: number; scores: ReturnType<typeof scoreProfile> }[]>();
    for (const stem of profileStems('gmwi2/kefir')) {
      const [, subject = '', time = ''] = /^(Subj\d+)_time(\d+)/.exec(stem) ?? [];
      const list = bySubject.get(subject) ?? [];
      list.push({
        time: Number(time),
        scores: scoreProfile(readFixture(`gmwi2/kefir/${stem}_metaphlan.txt`)),
      });
      bySubject.set(subject, list);
    }
    const pairs = [...bySubject.values()].flatMap((samples) => {
      const ordered = samples.sort((a, b) => a.time - b.time);
      return ordered.slice(1).map((later, i) => [ordered[i]?.scores, later.scores] as const);
    });
    expect(pairs).toHaveLength(MEANINGFUL_CHANGE_PAIRS);
    for (const metric of Object.keys(MEANINGFUL_CHANGE) as ComparedMetric[]) {
      const differences = pairs.map(([a, b]) => (b[metric] ?? Number.NaN) - (a?.[metric] ?? Number.NaN));
      expect(repeatabilityCoefficient(differences)).toBeCloseTo(MEANINGFUL_CHANGE[metric], 4);
    }
  });
});
