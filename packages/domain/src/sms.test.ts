import { describe, expect, it } from 'vitest';
import {
  isValidMobile,
  normaliseMobile,
  personTimeZone,
  quietHoursEnd,
  SMS_MESSAGES,
  smsPhoneBodySchema,
} from './sms.ts';

describe('a mobile number for texts', () => {
  it.each([
    ['0412 345 678', '+61412345678'],
    ['0412345678', '+61412345678'],
    ['+61 412 345 678', '+61412345678'],
    ['(04) 1234-5678', '+61412345678'],
    ['+64 21 123 4567', '+64211234567'],
    ['+64 27 123 4567', '+64271234567'],
  ])('reads %s as the mobile %s', (typed, e164) => {
    expect(normaliseMobile(typed)).toBe(e164);
  });

  it.each([
    ['a Sydney landline', '02 9999 9999'],
    ['a Brisbane landline in international form', '+61 7 3000 0000'],
    ['a 1300 number', '1300 974 621'],
    ['a New Zealand landline', '+64 9 123 4567'],
    ['a United States mobile', '+1 415 555 2671'],
    ['a United Kingdom mobile', '+44 7700 900123'],
    ['too short', '0412 345'],
    ['letters', '0412 ABC 678'],
    ['nothing', '   '],
  ])('refuses %s (%s)', (_what, typed) => {
    expect(normaliseMobile(typed)).toBeNull();
    expect(isValidMobile(typed)).toBe(false);
  });

  it("refuses with the spec's message style", () => {
    const result = smsPhoneBodySchema.safeParse({ phone: '02 9999 9999' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Field Mobile number is invalid phone number.');
    expect(SMS_MESSAGES.invalidPhone).toBe('Field Mobile number is invalid phone number.');
    expect(smsPhoneBodySchema.safeParse({ phone: 42 }).error?.issues[0]?.message).toBe(
      SMS_MESSAGES.invalidPhone,
    );
  });
});

describe('quiet hours', () => {
  it("takes the person's zone from their state, New Zealand from the country, Sydney otherwise", () => {
    expect(personTimeZone('WA')).toBe('Australia/Perth');
    expect(personTimeZone(' qld ')).toBe('Australia/Brisbane');
    expect(personTimeZone('ACT')).toBe('Australia/Sydney');
    expect(personTimeZone('SA')).toBe('Australia/Adelaide');
    expect(personTimeZone(null, 'NZ')).toBe('Pacific/Auckland');
    expect(personTimeZone(null)).toBe('Australia/Sydney');
    expect(personTimeZone('Nowhere')).toBe('Australia/Sydney');
  });

  const iso = (d: Date | null) => d?.toISOString() ?? null;
  it.each([
    // Brisbane, UTC+10 all year.
    ['07:59 Brisbane', '2026-06-01T21:59:00Z', 'Australia/Brisbane', '2026-06-01T22:00:00.000Z'],
    ['08:00 Brisbane', '2026-06-01T22:00:00Z', 'Australia/Brisbane', null],
    ['20:59 Brisbane', '2026-06-01T10:59:00Z', 'Australia/Brisbane', null],
    ['21:00 Brisbane', '2026-06-01T11:00:00Z', 'Australia/Brisbane', '2026-06-01T22:00:00.000Z'],
    ['23:30 Brisbane', '2026-06-01T13:30:00Z', 'Australia/Brisbane', '2026-06-01T22:00:00.000Z'],
    ['02:00 Brisbane', '2026-06-01T16:00:00Z', 'Australia/Brisbane', '2026-06-01T22:00:00.000Z'],
    // Adelaide, half an hour off the hour (ACST, UTC+9:30 in winter).
    ['22:00 Adelaide', '2026-06-01T12:30:00Z', 'Australia/Adelaide', '2026-06-01T22:30:00.000Z'],
    // Sydney's summer (AEDT, UTC+11).
    ['21:30 Sydney in January', '2026-01-15T10:30:00Z', 'Australia/Sydney', '2026-01-15T21:00:00.000Z'],
    // The night daylight saving ends in Sydney (5 April 2026, 03:00 AEDT becomes 02:00 AEST): 08:00 AEST.
    [
      '22:00 Sydney before the clocks go back',
      '2026-04-04T11:00:00Z',
      'Australia/Sydney',
      '2026-04-04T22:00:00.000Z',
    ],
    // The night it starts (4 October 2026, 02:00 AEST becomes 03:00 AEDT): 08:00 AEDT.
    [
      '22:00 Sydney before the clocks go forward',
      '2026-10-03T12:00:00Z',
      'Australia/Sydney',
      '2026-10-03T21:00:00.000Z',
    ],
    // Auckland (NZST, UTC+12 in winter).
    ['21:15 Auckland', '2026-06-01T09:15:00Z', 'Pacific/Auckland', '2026-06-01T20:00:00.000Z'],
  ])('%s: %s waits until %s', (_what, now, zone, due) => {
    expect(iso(quietHoursEnd(new Date(now), zone))).toBe(due);
  });
});
