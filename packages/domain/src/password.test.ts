import { describe, expect, it } from 'vitest';
import {
  newPasswordSchema,
  PASSWORD_HINT,
  PASSWORD_MESSAGES,
  PASSWORD_SYMBOLS,
  passwordProblems,
} from './password.ts';

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

  // Research §5's set, a superset of consumer §5's (which lacks the comma), for both portals.
  it.each(['!', '@', '#', '$', '%', '^', '&', '*', '(', ')', '+', '=', '.', '_', '-', ','])(
    'accepts %s as the special character',
    (symbol) => {
      expect(passwordProblems(`abcdefg1${symbol}`)).toEqual([]);
      expect(PASSWORD_SYMBOLS).toContain(symbol);
    },
  );

  it('accepts Longenough1, (the comma is the only symbol)', () => {
    expect(passwordProblems('Longenough1,')).toEqual([]);
  });

  it('names every accepted symbol in the hint, the comma included', () => {
    for (const symbol of PASSWORD_SYMBOLS) expect(PASSWORD_HINT).toContain(` ${symbol}`);
    expect(PASSWORD_HINT).toMatch(/ ,$/);
  });

  it.each(['?', '~', '<', ' ', ';'])('does not count %j as a special character', (symbol) => {
    expect(passwordProblems(`abcdefg1${symbol}`)).toEqual([PASSWORD_MESSAGES.noSymbol]);
  });

  it('rejects a very long password with a clear message', () => {
    const result = newPasswordSchema.safeParse(`${'a'.repeat(200)}1!`);
    expect(result.success).toBe(false);
  });
});
