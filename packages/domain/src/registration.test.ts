import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from './password.ts';
import {
  accountFlags,
  checkRegistration,
  REGISTRATION_MESSAGES,
  type RegistrationDraft,
  registerRequestSchema,
} from './registration.ts';

const filled: RegistrationDraft = {
  accountType: 'adult',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  confirmEmail: 'ada@example.com',
  password: 'Secret12!',
  confirmPassword: 'Secret12!',
};

describe('checkRegistration', () => {
  it('accepts a complete form', () => {
    expect(checkRegistration(filled)).toEqual({ fields: {} });
  });

  it('lists every missing item in the spec order', () => {
    const result = checkRegistration({
      accountType: null,
      firstName: ' ',
      lastName: '',
      email: '',
      confirmEmail: '',
      password: '',
      confirmPassword: '',
    });
    expect(result.form).toBe('Please fill out First name, Last name, Email, Password, Your age');
    expect(result.fields.accountType).toBe(REGISTRATION_MESSAGES.selectionRequired);
  });

  it.each([
    ['email', { email: 'not-an-email', confirmEmail: 'not-an-email' }, REGISTRATION_MESSAGES.invalidEmail],
    ['confirmEmail', { confirmEmail: 'other@example.com' }, REGISTRATION_MESSAGES.emailMismatch],
    ['password', { password: 'short', confirmPassword: 'short' }, PASSWORD_MESSAGES.tooShort],
    ['password', { password: 'longenough1', confirmPassword: 'longenough1' }, PASSWORD_MESSAGES.noSymbol],
    ['password', { password: 'longenough!', confirmPassword: 'longenough!' }, PASSWORD_MESSAGES.noNumber],
    ['confirmPassword', { confirmPassword: 'Secret12?' }, PASSWORD_MESSAGES.mismatch],
  ] as const)('flags %s', (field, change, message) => {
    expect(checkRegistration({ ...filled, ...change }).fields[field]).toBe(message);
  });

  it('compares the confirmation email without regard to case', () => {
    expect(
      checkRegistration({ ...filled, confirmEmail: 'ADA@example.com' }).fields.confirmEmail,
    ).toBeUndefined();
  });
});

describe('accountFlags', () => {
  it.each([
    ['adult', { underAge: false, guardian: false }],
    ['parent', { underAge: false, guardian: true }],
    ['minor', { underAge: true, guardian: false }],
  ] as const)('%s', (type, flags) => expect(accountFlags(type)).toEqual(flags));
});

describe('registerRequestSchema', () => {
  it('normalises the email and fills defaults', () => {
    const parsed = registerRequestSchema.parse({
      email: ' Ada@Example.COM ',
      password: 'Secret12!',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(parsed).toMatchObject({
      email: 'ada@example.com',
      underAge: false,
      guardian: false,
      userType: 'CONSUMER',
    });
  });
});
