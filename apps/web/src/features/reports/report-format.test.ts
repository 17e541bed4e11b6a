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
});

describe('truncateLabel', () => {
  it('cuts labels longer than the limit and marks the cut', () => {
    expect(truncateLabel('Abcdefghijklmnopqrstu', 20)).toBe('Abcdefghijklmnopqrst…');
    expect(truncateLabel('Abcdefghijklmnopqrst', 20)).toBe('Abcdefghijklmnopqrst');
  });
});
