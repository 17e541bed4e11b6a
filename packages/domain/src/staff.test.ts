import { describe, expect, it } from 'vitest';
import {
  holdsStaffRole,
  isStaffRole,
  RECOVERY_CODE_PATTERN,
  staffRolesOf,
  TOTP_CODE_PATTERN,
} from './staff.ts';
import { describeForPerson, describeStaffAction } from './staff-audit.ts';

describe('staff roles', () => {
  it.each([
    [['LAB'], ['LAB'], true],
    [['LAB'], ['LOGISTICS'], false],
    [['ADMIN'], ['SUPPORT'], true],
    [['IMPERSONATE'], ['SUPPORT'], false],
    [[], ['STUDY'], false],
  ])('%j opens a page for %j: %s', (authorities, roles, expected) => {
    expect(holdsStaffRole(authorities, roles as never)).toBe(expected);
  });

  it('keeps the staff roles of an account, in order, and nothing else', () => {
    expect(staffRolesOf(['IMPERSONATE', 'ADMIN', 'LAB'])).toEqual(['LAB', 'ADMIN']);
    expect(isStaffRole('MAIL_READ')).toBe(false);
  });
});

describe('codes', () => {
  it('tells a TOTP code from a recovery code', () => {
    expect(TOTP_CODE_PATTERN.test('012345')).toBe(true);
    expect(TOTP_CODE_PATTERN.test('01234')).toBe(false);
    expect(RECOVERY_CODE_PATTERN.test('7KQ4M-X2PRD')).toBe(true);
    expect(RECOVERY_CODE_PATTERN.test('7KQ4MX2PRD')).toBe(true);
    expect(RECOVERY_CODE_PATTERN.test('012345')).toBe(false);
  });
});

describe('describeStaffAction', () => {
  it('says what staff did in plain words, and something true for an action it does not know', () => {
    expect(describeStaffAction('person.password_reset.send')).toBe('Sent you a link to reset your password');
    expect(describeStaffAction('kit.something_new')).toBe('Changed a record about you');
  });

  it('names a step on a kit in plain words, and never says results exist for a withheld kit', () => {
    const entry = { entity: 'kit', entityId: '12', withheld: false };
    expect(
      describeForPerson({ ...entry, action: 'sample.receive', after: { sampleStatus: 'RECEIVED_BY_LAB' } }),
    ).toBe('Your kit KIT-12 was marked as received at the lab');
    expect(
      describeForPerson({
        ...entry,
        action: 'sample.lab-step',
        after: { sampleStatus: 'FAILED_UNDERLOADED' },
      }),
    ).toBe('The lab could not analyse the sample of your kit KIT-12');
    expect(describeForPerson({ ...entry, action: 'results.release', after: null })).toBe(
      'The results of your kit KIT-12 were released to you',
    );
    for (const action of ['results.store', 'results.release'])
      expect(describeForPerson({ ...entry, withheld: true, action, after: null })).toBe(
        'The lab finished processing your kit KIT-12',
      );
    expect(
      describeForPerson({
        ...entry,
        withheld: true,
        action: 'kit.status.set',
        after: { sampleStatus: 'RESULTS_AVAILABLE' },
      }),
    ).toBe('The lab finished processing your kit KIT-12');
  });
});
