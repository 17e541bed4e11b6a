import { kitListLink } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { dayOf, instantOf, searchOf } from './kit-search-params.ts';

describe('the kit search in the address', () => {
  it('reads the dashboard’s links as they are', () => {
    const week = '2026-11-23T00:00:00.000Z';
    const link = kitListLink({ sampleStatus: 'FAILED_OVERLOADED', changedFrom: week });
    const search = searchOf(new URL(link, 'http://x').searchParams);
    expect(search).toMatchObject({ sampleStatus: 'FAILED_OVERLOADED', changedFrom: week, sort: 'oldest' });
    expect(dayOf(week)).toBe('2026-11-23');
  });

  it('takes a picked day from its start until its end in the portal’s zone, whatever the computer’s', () => {
    // Brisbane is UTC+10 all year: 1 March starts at 14:00 UTC on 28 February.
    expect(instantOf('2026-03-01')).toBe('2026-02-28T14:00:00.000Z');
    expect(instantOf('2026-03-01', 1)).toBe('2026-03-01T14:00:00.000Z');
    expect(dayOf('2026-02-28T14:00:00.000Z')).toBe('2026-03-01');
    expect(dayOf('2026-02-28T13:59:00.000Z')).toBe('2026-02-28');
  });

  it('ignores what is not a date or a project number, instead of failing', () => {
    const search = searchOf(new URLSearchParams('changedFrom=soon&changedTo=2026-13-45&projectId=abc'));
    expect(search.changedFrom).toBeUndefined();
    expect(search.changedTo).toBeUndefined();
    expect(search.projectId).toBeUndefined();
    expect(dayOf('soon')).toBe('');
  });
});
