import { describe, expect, it } from 'vitest';
import { groupSlotsByDay } from './coach-time.ts';

describe('groupSlotsByDay', () => {
  it('groups slots by their Brisbane day, in time order, whatever the UTC date', () => {
    const days = groupSlotsByDay([
      '2026-11-23T23:00:00.000Z', // Tuesday 24 November, 9:00 am in Brisbane
      '2026-11-23T06:45:00.000Z', // Monday, 4:45 pm
      '2026-11-22T23:00:00.000Z', // Monday 23 November, 9:00 am (still Sunday in UTC)
    ]);
    expect(days).toEqual([
      {
        key: '2026-11-23',
        label: 'Monday 23 November',
        slots: [
          { startsAt: '2026-11-22T23:00:00.000Z', time: '9:00 am' },
          { startsAt: '2026-11-23T06:45:00.000Z', time: '4:45 pm' },
        ],
      },
      {
        key: '2026-11-24',
        label: 'Tuesday 24 November',
        slots: [{ startsAt: '2026-11-23T23:00:00.000Z', time: '9:00 am' }],
      },
    ]);
  });

  it('has no days without slots', () => {
    expect(groupSlotsByDay([])).toEqual([]);
  });
});
