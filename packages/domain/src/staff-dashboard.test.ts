import { describe, expect, it } from 'vitest';
import { kitListLink, portalDayAndWeek } from './staff-dashboard.ts';

describe('portalDayAndWeek', () => {
  it('starts the day and the week (Monday) at midnight in Brisbane', () => {
    // Thursday 2026-03-05 08:30 in Brisbane (UTC+10) is 2026-03-04 22:30 UTC.
    const { today, week } = portalDayAndWeek(new Date('2026-03-04T22:30:00Z'));
    expect(today.toISOString()).toBe('2026-03-04T14:00:00.000Z');
    expect(week.toISOString()).toBe('2026-03-01T14:00:00.000Z');
  });

  it('keeps a Monday as its own week start', () => {
    const { today, week } = portalDayAndWeek(new Date('2026-03-02T01:00:00Z'));
    expect(week.toISOString()).toBe(today.toISOString());
  });
});

describe('kitListLink', () => {
  it('links the kits list filtered, oldest first', () => {
    expect(kitListLink({ sampleStatus: 'SEQUENCING' })).toBe(
      '/staff/kits?sampleStatus=SEQUENCING&sort=oldest',
    );
  });
});
