import { describe, expect, it } from 'vitest';
import {
  changeDirection,
  formatChange,
  formatDisplayDate,
  formatShare,
  percentileOrdinal,
  truncateLabel,
} from './report-format.ts';

describe('report number formats', () => {
  it.each([
    [0.6941251601633073, '+0.694', 'up'],
    [-46, '-46.000', 'down'],
    [0, '+0.000', 'unchanged'],
    [0.0001, '+0.000', 'unchanged'],
  ] as const)('writes the change %d as %s (%s), as the PDF does', (change, text, direction) => {
    expect(formatChange(change)).toBe(text);
    expect(changeDirection(change)).toBe(direction);
  });

  it.each([
    [48.67887, '48.7%'],
    [0.08224, '0.1%'],
    [0.02, '<0.1%'],
    [0, '0.0%'],
  ])('writes the share %d as %s', (percent, text) => {
    expect(formatShare(percent)).toBe(text);
  });

  it.each([
    [31.55, '32nd'],
    [1.2, '1st'],
    [3, '3rd'],
    [11.4, '11th'],
    [100, '100th'],
  ])('rounds the percentile %d as the PDF does: %s', (percentile, text) => {
    expect(percentileOrdinal(percentile)).toBe(text);
  });

  it('writes display dates the Australian way', () => {
    expect(formatDisplayDate('2026-03-01')).toBe('1 March 2026');
  });

  it('writes every date as en-AU long dates do, without Intl (decision 047)', () => {
    const intl = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'UTC' });
    for (const date of ['2026-01-31', '2024-02-29', '2025-12-09', '1999-07-04', '2026-11-30T10:00:00Z'])
      expect(formatDisplayDate(date)).toBe(intl.format(new Date(`${date.slice(0, 10)}T00:00:00Z`)));
    expect(formatDisplayDate('not a date')).toBe('not a date');
    expect(formatDisplayDate('2026-02-30')).toBe('2 March 2026');
  });
});

describe('truncateLabel', () => {
  it('cuts labels longer than the limit and marks the cut', () => {
    expect(truncateLabel('Abcdefghijklmnopqrstu', 20)).toBe('Abcdefghijklmnopqrst…');
    expect(truncateLabel('Abcdefghijklmnopqrst', 20)).toBe('Abcdefghijklmnopqrst');
  });
});
