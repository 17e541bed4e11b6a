import { describe, expect, it } from 'vitest';
import { ageOn, canViewReports, isUnderAge, UNDER_AGE_BANNERS, underAgeBanner } from './under-age.ts';

const today = new Date(2026, 10, 22);

describe('ageOn', () => {
  it.each([
    ['2008-11-22', 18],
    ['2008-11-23', 17],
    ['2008-12-01', 17],
    ['2000-02-29', 26],
  ])('born %s is %i on 22 Nov 2026', (dob, age) => expect(ageOn(dob, today)).toBe(age));
});

describe('isUnderAge', () => {
  it('trusts the flag when there is no date of birth', () =>
    expect(isUnderAge({ underAge: true, dateOfBirth: null }, today)).toBe(true));
  // Issue 36: the rules stop on the 18th birthday, whatever a flag set at registration still says.
  it('follows the date of birth over a stale flag, from the 18th birthday on', () => {
    expect(isUnderAge({ underAge: true, dateOfBirth: '1980-01-01' }, today)).toBe(false);
    const birthday = new Date(2026, 5, 15, 9, 0);
    expect(isUnderAge({ underAge: true, dateOfBirth: '2008-06-15' }, birthday)).toBe(false);
    expect(isUnderAge({ underAge: true, dateOfBirth: '2008-06-16' }, birthday)).toBe(true);
  });
  it('derives from the date of birth', () =>
    expect(isUnderAge({ underAge: false, dateOfBirth: '2010-01-01' }, today)).toBe(true));
  it('is false without either', () =>
    expect(isUnderAge({ underAge: false, dateOfBirth: null }, today)).toBe(false));
});

describe('underAgeBanner (consumer §4 table)', () => {
  it.each([
    [true, null, 'reviewing', UNDER_AGE_BANNERS.reviewing],
    [true, false, 'missing', UNDER_AGE_BANNERS.missing],
    [true, true, null, null],
    [false, null, null, null],
  ] as const)('underAge=%s parentConsented=%s', (underAge, parentConsented, kind, text) => {
    const banner = underAgeBanner({ underAge, parentConsented });
    expect(banner?.kind ?? null).toBe(kind);
    expect(banner?.text ?? null).toBe(text);
  });

  it('lets consented minors and adults view reports only', () => {
    expect(canViewReports({ underAge: true, parentConsented: true })).toBe(true);
    expect(canViewReports({ underAge: true, parentConsented: null })).toBe(false);
    expect(canViewReports({ underAge: false, parentConsented: null })).toBe(true);
  });
});
