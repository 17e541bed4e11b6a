import { describe, expect, it } from 'vitest';
import {
  consentAnswerSchema,
  consentButtonLabel,
  expressionOfInterestSchema,
  isValidStudyPhone,
  RECRUITMENT_MESSAGES,
} from './index.ts';

describe('study phone numbers (AU and NZ only, AU by default)', () => {
  it.each([
    ['0412 345 678', true],
    ['(07) 3000 1234', true],
    ['+61 412 345 678', true],
    ['+64 21 123 4567', true],
    ['021 123 4567', true],
    ['+1 415 555 2671', false],
    ['+44 20 7946 0958', false],
    ['12345', false],
    ['', false],
  ])('%s → %s', (phone, valid) => {
    expect(isValidStudyPhone(phone)).toBe(valid);
  });
});

describe('consent answers', () => {
  const details = {
    firstName: 'Ana',
    lastName: 'Silva',
    email: 'ana@example.com',
    phoneNumber: '0412 345 678',
  };

  it('needs an agree or disagree choice', () => {
    const result = consentAnswerSchema.safeParse(details);
    expect(result.error?.issues[0]?.message).toBe(RECRUITMENT_MESSAGES.chooseOption);
    expect(consentAnswerSchema.safeParse({ ...details, consented: false }).success).toBe(true);
  });

  it('names the field in the phone message', () => {
    const result = consentAnswerSchema.safeParse({
      ...details,
      consented: true,
      phoneNumber: '+1 415 555 2671',
    });
    expect(result.error?.issues[0]?.message).toBe('Field Phone number is invalid phone number.');
  });

  it('limits names to 25 and the EOI email to 100 characters', () => {
    expect(
      consentAnswerSchema.safeParse({ ...details, consented: true, firstName: 'x'.repeat(26) }).success,
    ).toBe(false);
    const long = `${'a'.repeat(95)}@example.com`;
    expect(expressionOfInterestSchema.safeParse({ ...details, email: long, recruitmentId: 1 }).success).toBe(
      false,
    );
  });

  it('labels the button by whether a next consent exists', () => {
    expect(consentButtonLabel({ nextConsentId: 4 })).toBe('Save & Continue');
    expect(consentButtonLabel({ nextConsentId: null })).toBe('Submit');
  });
});
