import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from './password.ts';
import {
  addressMatchesSuggestion,
  dateOfBirthMismatch,
  formatDisplayDate,
  PROFILE_MESSAGES,
  parseDisplayDate,
  profileFieldsSchema,
  profileReturnPath,
  profileSaveBlocker,
  profileSchema,
} from './profile.ts';
import { isProfileComplete } from './profile-complete.ts';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'FEMALE',
  dateOfBirth: '1990-04-01',
  phoneNumber: '0412 345 678',
  addressLine1: '1 George St',
  addressLine2: '',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
  version: 1,
};

describe('profileSchema limits and messages (consumer §5, research §5)', () => {
  it('accepts a complete profile and defaults the country to AU', () => {
    const parsed = profileSchema.parse(valid);
    expect(parsed).toMatchObject({ country: 'AU', addressLine2: null, provider: null });
  });

  it.each([
    ['firstName', '', PROFILE_MESSAGES.required],
    ['firstName', 'A'.repeat(26), PROFILE_MESSAGES.maxLength(25)],
    ['lastName', 'B'.repeat(26), PROFILE_MESSAGES.maxLength(25)],
    ['gender', 'UNKNOWN', PROFILE_MESSAGES.invalidGender],
    ['dateOfBirth', '2000-02-30', PROFILE_MESSAGES.invalidDate],
    ['dateOfBirth', '2999-01-01', PROFILE_MESSAGES.futureDate],
    ['dateOfBirth', '1890-01-01', PROFILE_MESSAGES.tooOld],
    ['phoneNumber', '', PROFILE_MESSAGES.required],
    ['phoneNumber', '0'.repeat(16), PROFILE_MESSAGES.maxLength(15)],
    ['phoneNumber', 'call me', PROFILE_MESSAGES.invalidPhone],
    ['addressLine1', '', PROFILE_MESSAGES.required],
    ['addressLine1', 'x'.repeat(41), PROFILE_MESSAGES.maxLength(40)],
    ['addressLine2', 'x'.repeat(41), PROFILE_MESSAGES.maxLength(40)],
    ['suburb', '', PROFILE_MESSAGES.required],
    ['suburb', 'x'.repeat(41), PROFILE_MESSAGES.maxLength(40)],
    ['state', 'XYZ', PROFILE_MESSAGES.invalidState],
    ['postcode', '400', PROFILE_MESSAGES.invalidPostcode],
    ['postcode', '40000', PROFILE_MESSAGES.invalidPostcode],
    ['postcode', '40a0', PROFILE_MESSAGES.invalidPostcode],
  ])('%s = %j gives "%s"', (field, value, message) => {
    const result = profileSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });

  it.each(['ACT', 'NSW', 'NT', 'SA', 'TAS', 'QLD', 'VIC', 'WA'])('accepts the state %s', (state) => {
    expect(profileSchema.safeParse({ ...valid, state }).success).toBe(true);
  });

  it.each([
    ['short1!', PASSWORD_MESSAGES.tooShort],
    ['longenough1', PASSWORD_MESSAGES.noSymbol],
    ['longenough!', PASSWORD_MESSAGES.noNumber],
  ])('checks a new password %j', (newPassword, message) => {
    const result = profileSchema.safeParse({ ...valid, password: 'Current1!', newPassword });
    expect(result.error?.issues.find((i) => i.path[0] === 'newPassword')?.message).toBe(message);
  });

  it('needs the current password to change it', () => {
    const result = profileSchema.safeParse({ ...valid, newPassword: 'NewSecret1!' });
    expect(result.error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.wrongCurrent);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['a string', '1'],
    ['zero', 0],
    ['a fraction', 1.5],
  ])('needs the version the save started from (%s is refused, naming the field)', (_what, version) => {
    const result = profileSchema.safeParse({ ...valid, version });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['version', PROFILE_MESSAGES.versionRequired],
    ]);
    expect(PROFILE_MESSAGES.versionRequired).toContain('(version)');
  });

  it('checks the form the same way but for the version, which the form adds', () => {
    const { version: _v, ...fields } = valid;
    expect(profileFieldsSchema.safeParse(fields).success).toBe(true);
    expect(profileFieldsSchema.safeParse({ ...fields, postcode: '400' }).error?.issues[0]?.message).toBe(
      PROFILE_MESSAGES.invalidPostcode,
    );
    expect(
      profileFieldsSchema.safeParse({ ...fields, newPassword: 'NewSecret1!' }).error?.issues[0]?.message,
    ).toBe(PASSWORD_MESSAGES.wrongCurrent);
  });
});

describe('display dates', () => {
  it.each([
    ['01/04/1990', '1990-04-01'],
    ['29/02/2000', '2000-02-29'],
    ['29/02/2001', null],
    ['1990-04-01', null],
    ['31/13/1990', null],
  ])('%s parses to %s', (input, iso) => expect(parseDisplayDate(input)).toBe(iso));
  it('formats ISO for display', () => expect(formatDisplayDate('1990-04-01')).toBe('01/04/1990'));
});

describe('dateOfBirthMismatch (consumer §5 On save)', () => {
  const today = new Date(2026, 10, 22);
  it.each([
    [{ underAge: true, guardian: false }, '1990-01-01', true],
    [{ underAge: false, guardian: false }, '2012-01-01', true],
    [{ underAge: true, guardian: false }, '2012-01-01', false],
    [{ underAge: false, guardian: false }, '1990-01-01', false],
    [{ underAge: false, guardian: true }, '2012-01-01', false],
    [{ underAge: true, guardian: true }, '1990-01-01', false],
  ])('%j born %s asks: %s', (user, dob, asks) => expect(dateOfBirthMismatch(user, dob, today)).toBe(asks));
});

describe('profileSaveBlocker', () => {
  const base = {
    underAge: false,
    parentConsented: null,
    consentSkipped: false,
    agreeToDataUsage: true,
    consentResponseGiven: false,
  };
  it.each([
    [{}, null],
    [{ underAge: true, parentConsented: false }, PROFILE_MESSAGES.supplyConsentForm],
    [{ underAge: true, parentConsented: false, consentSkipped: true }, null],
    [{ underAge: true, parentConsented: null, agreeToDataUsage: null }, null],
    [{ agreeToDataUsage: null }, PROFILE_MESSAGES.provideDataConsent],
    [{ agreeToDataUsage: null, consentResponseGiven: true }, null],
  ])('%j gives %s', (change, message) => expect(profileSaveBlocker({ ...base, ...change })).toBe(message));
});

describe('address suggestion match', () => {
  const chosen = {
    addressLine1: '1 George St',
    addressLine2: null,
    suburb: 'Brisbane City',
    state: 'QLD',
    postcode: '4000',
  };
  it('still matches with other letter case', () =>
    expect(addressMatchesSuggestion({ ...chosen, suburb: 'BRISBANE CITY' }, chosen)).toBe(true));
  it('no longer matches an edited street', () =>
    expect(addressMatchesSuggestion({ ...chosen, addressLine1: '2 George St' }, chosen)).toBe(false));
});

describe('isProfileComplete', () => {
  const user = {
    ...valid,
    underAge: false,
    guardianFirstName: null,
    guardianLastName: null,
  };
  it('is complete with every detail', () => expect(isProfileComplete(user)).toBe(true));
  it('is incomplete without a phone', () =>
    expect(isProfileComplete({ ...user, phoneNumber: null })).toBe(false));
  it('needs guardian names for a minor', () =>
    expect(isProfileComplete({ ...user, underAge: true })).toBe(false));
});

describe('profileReturnPath (the dashboard sends an incomplete profile to /profile and back)', () => {
  it.each([
    [{ returnTo: '/dashboard' }, '/dashboard'],
    [
      { returnTo: '/dashboard?showModal=REDEEM&voucher=AAAA-BBBB-CCCC' },
      '/dashboard?showModal=REDEEM&voucher=AAAA-BBBB-CCCC',
    ],
    [{ returnTo: '/kits' }, null],
    [{ returnTo: '//evil.example/dashboard' }, null],
    [{ returnTo: 'https://evil.example/dashboard' }, null],
    [{ returnTo: '/dashboardx' }, null],
    [{ returnTo: 42 }, null],
    [null, null],
    [undefined, null],
  ])('%j leads to %s', (state, expected) => {
    expect(profileReturnPath(state)).toBe(expected);
  });
});
