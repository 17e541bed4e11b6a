import type { ReportListItem } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  laterReports,
  missingReports,
  requestedSamples,
  samplesQuery,
  selectReports,
} from './report-selection.ts';

const item = (kitId: number, sampleIdentifier: string, displayDate: string): ReportListItem => ({
  kitId,
  sampleIdentifier,
  name: `KIT-${kitId}`,
  displayDate,
  version: 'v3',
});
const first = item(1, 'MBA1', '2025-01-10');
const second = item(2, 'MBB2', '2025-06-10');
const third = item(3, 'MBC3', '2026-01-10');
const LIST = [first, second, third];

describe('requestedSamples', () => {
  it.each([
    ['samples=mba1', ['MBA1']],
    ['samples=mba1&samples=MbB2', ['MBA1', 'MBB2']],
    ['samples=mba1,%20mbb2,', ['MBA1', 'MBB2']],
    ['', []],
  ])('reads "%s" upper-cased', (query, expected) => {
    expect(requestedSamples(new URLSearchParams(query))).toEqual(expected);
  });
});

describe('selectReports', () => {
  it('takes the first sample as the primary and the second as the secondary', () => {
    expect(selectReports(LIST, ['MBA1', 'MBC3'])).toEqual({ primary: first, secondary: third });
  });

  it('keeps the secondary the later report when the samples come latest first', () => {
    expect(selectReports(LIST, ['MBC3', 'MBA1'])).toEqual({ primary: first, secondary: third });
  });

  it('ignores samples that are not among the reports', () => {
    expect(selectReports(LIST, ['NOPE', 'MBB2'])).toEqual({ primary: second, secondary: null });
    expect(selectReports(LIST, ['NOPE'])).toEqual({ primary: null, secondary: null });
  });

  it('preselects the kit of /report/:kitId when the query names no sample', () => {
    expect(selectReports(LIST, [], 2)).toEqual({ primary: second, secondary: null });
    expect(selectReports(LIST, [], 99)).toEqual({ primary: null, secondary: null });
  });

  it('selects nothing by itself', () => {
    expect(selectReports(LIST, [])).toEqual({ primary: null, secondary: null });
  });
});

describe('laterReports', () => {
  it('offers only reports after the primary', () => {
    expect(laterReports(LIST, first)).toEqual([second, third]);
    expect(laterReports(LIST, third)).toEqual([]);
    expect(laterReports(LIST, null)).toEqual([]);
  });
});

describe('samplesQuery', () => {
  it('writes the primary, then the secondary', () => {
    expect(samplesQuery({ primary: first, secondary: third })).toBe('?samples=MBA1&samples=MBC3');
    expect(samplesQuery({ primary: first, secondary: null })).toBe('?samples=MBA1');
    expect(samplesQuery({ primary: null, secondary: null })).toBe('');
  });
});

describe('missingReports', () => {
  it.each([
    [['MBA1'], undefined, []],
    [['MBX9'], undefined, ['MBX9']],
    [['MBA1', 'MBX9'], undefined, ['MBX9']],
    [[], 2, []],
    [[], 7, ['KIT-7']],
    [['MBA1'], 7, []],
    [[], undefined, []],
  ] as const)('samples %j, kit %s → %j', (samples, kitId, expected) => {
    expect(missingReports(LIST, samples, kitId)).toEqual(expected);
  });
});
