import { PROFILE_MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  addressFromProfile,
  addressProblems,
  editAddress,
  isValidAddress,
  toShippingAddress,
} from './address-draft.ts';

const chosen = addressFromProfile({
  addressLine1: '1 Queen St',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
  gnafId: 'GAQLD1',
});

describe('address drafts', () => {
  it('accepts a complete address and sends a blank second line as null', () => {
    expect(isValidAddress(chosen)).toBe(true);
    expect(toShippingAddress(chosen)).toEqual({
      addressLine1: '1 Queen St',
      addressLine2: null,
      suburb: 'Brisbane City',
      state: 'QLD',
      postcode: '4000',
      gnafId: 'GAQLD1',
    });
  });

  it('reports each field problem with the profile rules', () => {
    const problems = addressProblems({ ...chosen, suburb: ' ', state: '', postcode: '40' });
    expect(problems).toEqual({
      suburb: PROFILE_MESSAGES.required,
      state: PROFILE_MESSAGES.invalidState,
      postcode: PROFILE_MESSAGES.invalidPostcode,
    });
    expect(toShippingAddress({ ...chosen, postcode: '40' })).toBeNull();
  });

  it("drops the finder's id once the address is edited away from the suggestion", () => {
    expect(editAddress(chosen, 'suburb', 'brisbane city', chosen).gnafId).toBe('GAQLD1');
    expect(editAddress(chosen, 'addressLine1', '2 Queen St', chosen).gnafId).toBeNull();
  });
});
