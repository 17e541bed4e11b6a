import { afterEach, describe, expect, it } from 'vitest';
import { endSession, getSessionSnapshot, startSession, tokenActor } from './session.ts';

/** An unsigned token with the given claims; the browser reads claims, the server checks signatures. */
const token = (claims: Record<string, unknown>) =>
  [
    'e30',
    btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'),
    'sig',
  ].join('.');

afterEach(() => endSession(null));

describe('session actor', () => {
  it('names the support user of an impersonation token', () => {
    const actor = '6f1c2d3e-0000-4000-8000-000000000001';
    startSession({
      access_token: token({ sub: 'x', act: actor }),
      refresh_token: '',
      expires_in: 60,
      user_id: 'x',
    });
    expect(getSessionSnapshot()).toMatchObject({ status: 'signedIn', userId: 'x', actorId: actor });
  });

  it.each([
    ['a token without an act claim', token({ sub: 'x' })],
    ['a token that is not a JWT', 'opaque'],
    ['a token with a broken payload', 'a.%%%.c'],
  ])('has no actor for %s', (_, accessToken) => {
    expect(tokenActor(accessToken)).toBeNull();
  });
});
