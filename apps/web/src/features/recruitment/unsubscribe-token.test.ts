import { describe, expect, it } from 'vitest';
import { isDecodableToken } from './unsubscribe-token.ts';

const segment = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const signed = `${segment({ alg: 'HS256' })}.${segment({ cid: 'abc', aud: 'unsubscribe' })}.c2lnbmF0dXJl`;

describe('isDecodableToken', () => {
  it.each([
    [signed, true],
    ['', false],
    ['not-a-token', false],
    ['a.b', false],
    [`${signed}.extra`, false],
    [`${segment({ alg: 'HS256' })}.bm90IGpzb24.sig`, false],
    [`${segment({ alg: 'HS256' })}.${segment([1, 2])}.sig`, false],
    [`${segment({ alg: 'HS256' })}.${segment({ cid: 1 })}.si+g`, false],
  ])('%s is decodable: %s', (token, expected) => {
    expect(isDecodableToken(token)).toBe(expected);
  });
});
