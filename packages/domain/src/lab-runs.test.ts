import { describe, expect, it } from 'vitest';
import { nextFreeWell, normaliseWell, PLATE_SIZE, PLATE_WELLS, runHolds, runState } from './lab-runs.ts';

describe('a 96-well plate', () => {
  it('has A1–H12, filled down each column', () => {
    expect(PLATE_SIZE).toBe(96);
    expect(new Set(PLATE_WELLS).size).toBe(96);
    expect(PLATE_WELLS.slice(0, 9)).toEqual(['A1', 'B1', 'C1', 'D1', 'E1', 'F1', 'G1', 'H1', 'A2']);
    expect(PLATE_WELLS.at(-1)).toBe('H12');
  });

  it('reads a well as people type it, and nothing outside the plate', () => {
    expect(normaliseWell('a1')).toBe('A1');
    expect(normaliseWell(' H12 ')).toBe('H12');
    expect(normaliseWell('B07')).toBe('B7');
    for (const bad of ['I1', 'A13', 'A0', 'A', '12', 'AA1', '']) expect(normaliseWell(bad), bad).toBeNull();
  });

  it('gives the first empty well, or none when full', () => {
    expect(nextFreeWell([])).toBe('A1');
    expect(nextFreeWell(['A1', 'B1', 'D1'])).toBe('C1');
    expect(nextFreeWell(PLATE_WELLS)).toBeNull();
  });
});

describe("a run's state", () => {
  const blank = (passed: boolean) => ({ kind: 'BLANK', passed });
  const positive = (passed: boolean) => ({ kind: 'POSITIVE', passed });
  it('holds until both controls pass, and while one fails unless overridden', () => {
    expect(runState([], false)).toBe('PENDING');
    expect(runState([blank(true)], false)).toBe('PENDING');
    expect(runState([blank(true), positive(true)], false)).toBe('PASSED');
    expect(runState([blank(false), positive(true)], false)).toBe('FAILED');
    expect(runState([blank(false), positive(true)], true)).toBe('OVERRIDDEN');
    expect(runHolds('PENDING')).toBe(true);
    expect(runHolds('FAILED')).toBe(true);
    expect(runHolds('PASSED')).toBe(false);
    expect(runHolds('OVERRIDDEN')).toBe(false);
  });
});
