import { describe, expect, it } from 'vitest';
import { INCOMPATIBLE_REPORTS_CODE, reportsComparable, reportVersionOf } from './index.ts';

describe('report versions', () => {
  it('follow the MetaPhlAn generation of the marker database', () => {
    expect(reportVersionOf(2)).toBe('v2');
    expect(reportVersionOf(3)).toBe('v3');
    expect(reportVersionOf(4)).toBe('v4');
    expect(reportVersionOf(null)).toBe('unknown');
  });

  it.each([
    ['v3', 'v3', true],
    ['v4', 'v4', true],
    ['v3', 'v4', false],
    ['v4', 'v3', false],
    ['v2', 'v3', false],
    ['unknown', 'unknown', false],
  ] as const)('%s with %s comparable: %s', (a, b, comparable) => {
    expect(reportsComparable(a, b)).toEqual(
      comparable ? { comparable: true } : { comparable: false, code: INCOMPATIBLE_REPORTS_CODE },
    );
    expect(reportsComparable({ version: a }, { version: b }).comparable).toBe(comparable);
  });

  it('uses the support code of the incompatible-versions dialog', () => {
    expect(INCOMPATIBLE_REPORTS_CODE).toBe('V12V2');
  });
});
