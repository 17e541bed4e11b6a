import { describe, expect, it } from 'vitest';
import { researchRestriction } from './under-age.ts';

const adult = { underAge: false, dateOfBirth: '1990-01-01', parentConsented: null };
const minor = { underAge: true, dateOfBirth: '2012-01-01', parentConsented: false };

describe('research restriction (research §2 dashboard)', () => {
  it.each([
    ['CUSTOMER', adult, false, null],
    ['CUSTOMER', minor, true, null],
    ['RESEARCH', adult, false, 'PROFILE_INCOMPLETE'],
    ['RESEARCH', adult, true, null],
    ['RESEARCH', minor, true, 'PARENTAL_CONSENT'],
    ['RESEARCH', { ...minor, parentConsented: null }, true, 'PARENTAL_CONSENT'],
    ['RESEARCH', { ...minor, parentConsented: true }, true, null],
    ['RESEARCH', minor, false, 'PROFILE_INCOMPLETE'],
  ] as const)('%s %o profile complete %s → %s', (appType, user, complete, expected) => {
    expect(researchRestriction(appType, user, complete)).toBe(expected);
  });
});
