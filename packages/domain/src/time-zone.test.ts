import { describe, expect, it } from 'vitest';
import { formatZonedDateTime, zoneName } from './time-zone.ts';

describe('times with their zone', () => {
  it.each([
    ['Australia/Brisbane', '2026-01-15T00:00:00Z', 'AEST'],
    ['Australia/Brisbane', '2026-07-15T00:00:00Z', 'AEST'],
    ['Australia/Sydney', '2026-01-15T00:00:00Z', 'AEDT'],
    ['Australia/Sydney', '2026-07-15T00:00:00Z', 'AEST'],
    ['Australia/Perth', '2026-07-15T00:00:00Z', 'AWST'],
  ])('%s at %s is %s', (timeZone, at, name) => {
    expect(zoneName(timeZone, new Date(at))).toBe(name);
  });

  it.each([
    ['2026-03-01T09:30:00+10:00', 'Australia/Brisbane', '01/03/2026 09:30 AEST'],
    ['2026-02-28T23:30:00Z', 'Australia/Brisbane', '01/03/2026 09:30 AEST'],
    ['2026-02-28T23:30:00Z', 'Australia/Sydney', '01/03/2026 10:30 AEDT'],
    [Date.parse('2026-12-24T13:05:00Z'), 'Australia/Perth', '24/12/2026 21:05 AWST'],
  ])('%s at a site in %s reads %s', (instant, timeZone, text) => {
    expect(formatZonedDateTime(instant, timeZone)).toBe(text);
  });

  it('gives back what is not a time', () => {
    expect(formatZonedDateTime('not a time', 'Australia/Brisbane')).toBe('not a time');
  });
});
