import { describe, expect, it } from 'vitest';
import { tokenFromSearch } from './query-token.ts';

describe('tokenFromSearch', () => {
  it.each([
    ['', null],
    ['?', null],
    ['?abc123', 'abc123'],
    ['?abc123=', 'abc123'],
    ['?abc123&utm_source=mail', 'abc123'],
    ['?token=xyz', 'xyz'],
    ['?token=', null],
  ])('reads %j as %j', (search, token) => {
    expect(tokenFromSearch(search)).toBe(token);
  });
});
