import { kitListLink } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { dayOf, instantOf, searchOf } from './kit-search-params.ts';

describe('the kit search in the address', () => {
  it('reads the dashboard’s links as they are', () => {
    const week = '2026-11-23T00:00:00.000Z';
    const link = kitListLink({ sampleStatus: 'FAILED_OVERLOADED', changedFrom: week });
    const search = searchOf(new URL(link, 'http://x').searchParams);
    expect(search).toMatchObject({ sampleStatus: 'FAILED_OVERLOADED', changedFrom: week, sort: 'oldest' });
    expect(dayOf(week)).toMatch(/^2026-11-2[23]$/);
  });

  it('takes a picked day from its start until its end, in the staff member’s own time', () => {
    const from = instantOf('2026-03-01');
    const to = instantOf('2026-03-01', 1);
    expect(from && to && Date.parse(to) - Date.parse(from)).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(new Date(from ?? '').getDate()).toBe(1);
  });

  it('ignores what is not a date or a project number, instead of failing', () => {
    const search = searchOf(new URLSearchParams('changedFrom=soon&changedTo=2026-13-45&projectId=abc'));
    expect(search.changedFrom).toBeUndefined();
    expect(search.changedTo).toBeUndefined();
    expect(search.projectId).toBeUndefined();
    expect(dayOf('soon')).toBe('');
  });
});
