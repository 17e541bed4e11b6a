import { describe, expect, it } from 'vitest';
import {
  COACH_BOOKING_MESSAGES,
  COACH_TIME_ZONE,
  COACH_UTC_OFFSET_HOURS,
  coachBookingRequestSchema,
  coachWorkingSlots,
  formatCoachTime,
} from './coach.ts';
import { zoneName } from './time-zone.ts';

const HOUR = 3600 * 1000;
const brisbane = (slot: Date) => new Date(slot.getTime() + COACH_UTC_OFFSET_HOURS * HOUR);

describe('the coach time zone', () => {
  it.each(['2026-01-15T00:00:00Z', '2026-07-15T00:00:00Z'])(
    'keeps UTC+10 (AEST) at %s, so the fixed offset of the slots is right all year',
    (at) => {
      expect(zoneName(COACH_TIME_ZONE, new Date(at))).toBe('AEST');
      const wall = new Intl.DateTimeFormat('en-AU', {
        timeZone: COACH_TIME_ZONE,
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(new Date(at));
      expect(Number(wall)).toBe(COACH_UTC_OFFSET_HOURS);
    },
  );
});

describe('coachWorkingSlots', () => {
  it('offers weekday 15-minute slots between 9 and 5 Brisbane time, at least two hours ahead', () => {
    const now = new Date('2026-11-23T00:30:00Z'); // Monday 10:30 in Brisbane
    const slots = coachWorkingSlots(now);
    expect(slots[0]?.toISOString()).toBe('2026-11-23T02:30:00.000Z'); // 12:30 Brisbane
    for (const slot of slots) {
      const local = brisbane(slot);
      expect([0, 6]).not.toContain(local.getUTCDay());
      expect(local.getUTCHours()).toBeGreaterThanOrEqual(9);
      expect(local.getUTCHours()).toBeLessThan(17);
      expect(local.getUTCMinutes() % 15).toBe(0);
    }
  });

  it('starts on the Brisbane day even while it is still the day before in UTC', () => {
    // Sunday 23:30 UTC is Monday 9:30 in Brisbane: Monday's slots from 11:30 are offered.
    const slots = coachWorkingSlots(new Date('2026-11-22T23:30:00Z'));
    expect(slots[0]?.toISOString()).toBe('2026-11-23T01:30:00.000Z');
  });

  it('covers two weeks of weekdays, 32 slots a day', () => {
    const slots = coachWorkingSlots(new Date('2026-11-21T00:00:00Z')); // Saturday
    const days = new Set(slots.map((slot) => brisbane(slot).toISOString().slice(0, 10)));
    expect(days.size).toBe(10);
    expect(slots).toHaveLength(10 * 32);
  });
});

describe('formatCoachTime', () => {
  it.each([
    ['2026-11-23T04:30:00.000Z', 'Monday 23 November at 2:30 pm'],
    ['2026-11-22T23:00:00.000Z', 'Monday 23 November at 9:00 am'],
  ])('writes %s in Brisbane time as %s', (instant, text) => {
    expect(formatCoachTime(instant)).toBe(text);
    expect(formatCoachTime(new Date(instant))).toBe(text);
  });
});

describe('the booking request', () => {
  it('refuses anything but an instant with the spec message', () => {
    const result = coachBookingRequestSchema.safeParse({ startsAt: 'tomorrow' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(COACH_BOOKING_MESSAGES.notASlot);
    expect(coachBookingRequestSchema.safeParse({ startsAt: '2026-11-23T04:30:00.000Z' }).success).toBe(true);
  });
});
