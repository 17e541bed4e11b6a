import { describe, expect, it } from 'vitest';
import { brayCurtis, buildReport, compareReports, parseMetaphlanProfile } from './index.ts';
import { readFixture } from './test-fixtures.ts';

const report = (path: string) => buildReport(parseMetaphlanProfile(readFixture(path)));

describe('brayCurtis', () => {
  it('is Σ|a−b| / Σ(a+b): (4 + 0 + 4) / 20 = 0.4 on a hand example', () => {
    expect(brayCurtis({ x: 6, y: 4 }, { x: 2, y: 4, z: 4 })).toBeCloseTo(0.4, 15);
  });

  it('is 0 for identical profiles and 1 for profiles with nothing in common', () => {
    expect(brayCurtis({ x: 0.3, y: 0.7 }, { y: 0.7, x: 0.3 })).toBe(0);
    expect(brayCurtis({ x: 1 }, { y: 1 })).toBe(1);
    expect(brayCurtis({}, {})).toBe(0);
  });

  it('counts a species named like an inherited property (constructor, toString) as absent from the other', () => {
    expect(brayCurtis({ constructor: 1 }, { toString: 1 })).toBe(1);
  });
});

describe('compareReports', () => {
  const earlier = report('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');
  const later = report('gmwi2/kefir/Subj001_time2_S2_metaphlan.txt');

  it('finds nothing changed between a report and itself', () => {
    const same = compareReports(earlier, earlier);
    if (!same.comparable) throw new Error('expected comparable');
    expect(same.brayCurtis).toBe(0);
    expect(same.rose).toEqual([]);
    expect(same.fell).toEqual([]);
    expect(Object.values(same.deltas)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('gives later − earlier deltas, the top risers and fallers, and a dissimilarity in 0..1', () => {
    const result = compareReports(earlier, later, 3);
    if (!result.comparable) throw new Error('expected comparable');
    expect(result.deltas.gmwi2).toBeCloseTo(0.046697530898725984 - -0.6474276292645814, 12);
    expect(result.deltas.richness).toBe(
      (later.diversity.richness.value ?? 0) - (earlier.diversity.richness.value ?? 0),
    );
    expect(result.rose.length).toBeLessThanOrEqual(3);
    expect(result.fell).toHaveLength(3);
    expect(result.rose.every((c) => c.change > 0 && c.after - c.before === c.change)).toBe(true);
    const falls = result.fell.map((c) => c.change);
    expect(falls).toEqual([...falls].sort((a, b) => a - b));
    expect(result.brayCurtis).toBeGreaterThan(0);
    expect(result.brayCurtis).toBeLessThanOrEqual(1);
  });

  it('says what moved GMWI2: the taxa that appeared or left, summing to the GMWI2 delta', () => {
    const result = compareReports(earlier, later);
    if (!result.comparable) throw new Error('expected comparable');
    const moved = result.gmwi2Movers;
    expect(moved?.movers.length).toBeGreaterThan(0);
    const sum = moved?.movers.reduce((s, m) => s + m.delta, 0) ?? Number.NaN;
    expect(Math.abs(sum - (result.deltas.gmwi2 ?? Number.NaN))).toBeLessThanOrEqual(1e-12);
    const v4 = report('edge/metaphlan4-vjan21.txt');
    const alsoV4 = report('edge/metaphlan4-voct22-gmhi.txt');
    const noGmwi2 = compareReports(v4, alsoV4);
    expect(noGmwi2.comparable && noGmwi2.gmwi2Movers).toBeNull();
  });

  it('refuses reports of different versions with the V12V2 code', () => {
    const v4 = report('edge/metaphlan4-sgb.txt');
    expect(compareReports(earlier, v4)).toEqual({ comparable: false, code: 'V12V2' });
  });
});
