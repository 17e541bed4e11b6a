import { describe, expect, it } from 'vitest';
import {
  healthyReference,
  PERCENTILE_CAVEATS,
  percentileIn,
  percentileOf,
  REFERENCE_METRICS,
} from './index.ts';

describe('percentiles', () => {
  it('counts values below and half of the ties (mid-rank)', () => {
    const sorted = [1, 2, 2, 3];
    expect(percentileIn(sorted, 0)).toBe(0);
    expect(percentileIn(sorted, 1)).toBe(12.5);
    expect(percentileIn(sorted, 2)).toBe(50);
    expect(percentileIn(sorted, 2.5)).toBe(75);
    expect(percentileIn(sorted, 9)).toBe(100);
  });

  it('holds the 2,754 healthy people of the web tool reference, sorted, for every metric', () => {
    const reference = healthyReference();
    expect(reference.samples).toBe(2754);
    for (const metric of REFERENCE_METRICS) {
      const values = reference.metrics[metric];
      expect(values).toHaveLength(2754);
      expect(values.every((v, i) => i === 0 || (values[i - 1] ?? v) <= v)).toBe(true);
    }
  });

  it('places the median healthy richness near the 50th percentile and extremes at the ends', () => {
    const richness = healthyReference().metrics.richness;
    const median = richness[Math.floor(richness.length / 2)] ?? 0;
    expect(percentileOf('richness', median)).toBeGreaterThan(45);
    expect(percentileOf('richness', median)).toBeLessThan(55);
    expect(percentileOf('shannon', 100)).toBe(100);
    expect(percentileOf('gmhiWebtool', -100)).toBe(0);
  });

  it('is null without a value', () => {
    expect(percentileOf('evenness', null)).toBeNull();
    expect(percentileOf('evenness', Number.NaN)).toBeNull();
  });

  it('says for every metric how far the reference can be trusted', () => {
    for (const metric of REFERENCE_METRICS) expect(PERCENTILE_CAVEATS[metric]).toMatch(/MetaPhlAn/);
    expect(PERCENTILE_CAVEATS.richness).toMatch(/313 species/);
    expect(PERCENTILE_CAVEATS.gmhiWebtool).toMatch(/43 instead of 31/);
  });
});
