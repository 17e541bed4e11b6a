import { describe, expect, it } from 'vitest';
import { diversityOf, parseMetaphlanProfile, speciesDiversity } from './index.ts';
import { readFixture } from './test-fixtures.ts';

describe('diversityOf', () => {
  it('two equal species: H = ln 2, inverse Simpson 2, evenness 1', () => {
    const d = diversityOf([1, 1]);
    expect(d.richness).toBe(2);
    expect(d.shannon).toBeCloseTo(Math.LN2, 12);
    expect(d.inverseSimpson).toBeCloseTo(2, 12);
    expect(d.evenness).toBeCloseTo(1, 12);
  });

  it('50/25/25: H = 1.5 ln 2, 1/Σp² = 1/0.375, J = H / ln 3', () => {
    const d = diversityOf([50, 25, 25]);
    expect(d.richness).toBe(3);
    expect(d.shannon).toBeCloseTo(1.0397207708399179, 12);
    expect(d.inverseSimpson).toBeCloseTo(8 / 3, 12);
    expect(d.evenness).toBeCloseTo(1.0397207708399179 / Math.log(3), 12);
  });

  it('renormalises: counts in any unit give the same indices, zeros are ignored', () => {
    expect(diversityOf([2, 1, 0, 1])).toEqual(diversityOf([50, 25, 25]));
  });

  it('one species: H = 0, inverse Simpson 1, evenness undefined (null)', () => {
    expect(diversityOf([12.5])).toEqual({ richness: 1, shannon: 0, inverseSimpson: 1, evenness: null });
  });

  it('no species: richness 0 and the rest null', () => {
    expect(diversityOf([])).toEqual({ richness: 0, shannon: null, inverseSimpson: null, evenness: null });
    expect(diversityOf([0, 0])).toEqual(diversityOf([]));
  });
});

describe('speciesDiversity', () => {
  it('uses only the species rows, viruses included, renormalised over species', () => {
    const profile = parseMetaphlanProfile(readFixture('edge/metaphlan3-small.txt'));
    // species 30, 20, 10 → p = 1/2, 1/3, 1/6
    const h = -(0.5 * Math.log(0.5) + (1 / 3) * Math.log(1 / 3) + (1 / 6) * Math.log(1 / 6));
    const d = speciesDiversity(profile);
    expect(d.richness).toBe(3);
    expect(d.shannon).toBeCloseTo(h, 12);
    expect(d.inverseSimpson).toBeCloseTo(1 / (1 / 4 + 1 / 9 + 1 / 36), 12);
    expect(d.evenness).toBeCloseTo(h / Math.log(3), 12);
  });

  it('ignores t__ strain rows of MetaPhlAn 4', () => {
    const d = speciesDiversity(parseMetaphlanProfile(readFixture('edge/metaphlan4-sgb.txt')));
    expect(d.richness).toBe(8);
  });
});
