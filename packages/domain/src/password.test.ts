import { describe, expect, it } from 'vitest';
import { newPasswordSchema, PASSWORD_MESSAGES, PASSWORD_SYMBOLS, passwordProblems } from './password.ts';

describe('passwordProblems', () => {
  it.each([
    ['Abcdef1!', []],
    ['short1!', [PASSWORD_MESSAGES.tooShort]],
    ['abcdefgh1', [PASSWORD_MESSAGES.noSymbol]],
    ['abcdefgh!', [PASSWORD_MESSAGES.noNumber]],
    ['abc', [PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.noSymbol, PASSWORD_MESSAGES.noNumber]],
    ['', [PASSWORD_MESSAGES.tooShort, PASSWORD_MESSAGES.noSymbol, PASSWORD_MESSAGES.noNumber]],
  ])('%j breaks %j', (password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
  });

  it.each([...PASSWORD_SYMBOLS])('accepts %s as the special character', (symbol) => {
    expect(passwordProblems(`abcdefg1${symbol}`)).toEqual([]);
  });

  it.each(['?', '~', '<', ' ', ','])('does not count %j as a special character', (symbol) => {
    expect(passwordProblems(`abcdefg1${symbol}`)).toEqual([PASSWORD_MESSAGES.noSymbol]);
  });

  it('rejects a very long password with a clear message', () => {
    const result = newPasswordSchema.safeParse(`${'a'.repeat(200)}1!`);
    expect(result.success).toBe(false);
  });
});
