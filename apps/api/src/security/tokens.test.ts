import { apiErrorSchema, ERROR_CODES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { bearer, createTestApp, signedInUser, TEST_JWT_SECRET, type TestApp } from '../test/helpers.ts';

/**
 * Hostile access and refresh tokens (design.md §6). Rotation, reuse detection and logout are covered
 * beside the code in features/auth/sessions.routes.test.ts; these are the forgeries and leftovers.
 */
let t: TestApp;
let person: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  person = await signedInUser(t.app);
});
afterAll(() => t.close());

const key = (secret: string) => new TextEncoder().encode(secret);
const claims = () => ({ user_id: person.id, authorities: ['ADMIN', 'IMPERSONATE'] });
const signed = (alg: string, opts: { aud?: string; exp?: string; nbf?: string; secret?: string } = {}) => {
  const jwt = new SignJWT(claims()).setProtectedHeader({ alg }).setExpirationTime(opts.exp ?? '5m');
  if (opts.aud !== '') jwt.setAudience(opts.aud ?? 'CUSTOMER');
  if (opts.nbf) jwt.setNotBefore(opts.nbf);
  return jwt.sign(key(opts.secret ?? TEST_JWT_SECRET));
};

async function expectRefused(token: string) {
  for (const url of ['/api/users/me', '/api/kits', '/api/dashboard']) {
    const res = await t.app.inject({ url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
    expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    expect(res.json().code).toBe(ERROR_CODES.unauthorized);
  }
  // Claimed authorities never reach the back office either.
  const admin = await t.app.inject({ url: '/api/admin/mail', headers: bearer(token) });
  expect(admin.statusCode).toBe(401);
}

describe('access tokens', () => {
  it('accepts a well-formed token (the control case)', async () => {
    const res = await t.app.inject({ url: '/api/users/me', headers: bearer(await signed('HS256')) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses alg "none" (an unsigned token)', async () => {
    const unsigned = new UnsecuredJWT(claims()).setAudience('CUSTOMER').setExpirationTime('5m').encode();
    await expectRefused(unsigned);
    // The same with a signature part tacked on, and with a header that says "None".
    await expectRefused(`${unsigned}c2ln`);
    const [, body] = unsigned.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'None', typ: 'JWT' })).toString('base64url');
    await expectRefused(`${header}.${body}.`);
  });

  it('refuses a token signed with another key', async () => {
    await expectRefused(await signed('HS256', { secret: 'another-secret-another-secret-another-secret' }));
  });

  it('refuses an algorithm other than HS256, even with the right key', async () => {
    await expectRefused(await signed('HS512'));
    await expectRefused(await signed('HS384'));
  });

  it('refuses a token for the other portal and one without an audience', async () => {
    await expectRefused(await signed('HS256', { aud: 'RESEARCH' }));
    await expectRefused(await signed('HS256', { aud: '' }));
  });

  it('refuses an expired token and one not valid yet', async () => {
    await expectRefused(await signed('HS256', { exp: '-1s' }));
    await expectRefused(await signed('HS256', { nbf: '10m' }));
  });

  it('refuses a token whose payload was edited after signing', async () => {
    const [header, , signature] = person.accessToken.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claims(), aud: 'CUSTOMER', exp: 4102444800 })).toString(
      'base64url',
    );
    await expectRefused(`${header}.${payload}.${signature}`);
  });

  it('refuses the tokens of a deleted person: access and refresh', async () => {
    const gone = await signedInUser(t.app);
    expect((await t.app.inject({ url: '/api/users/me', headers: bearer(gone.accessToken) })).statusCode).toBe(
      200,
    );
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    await expectRefused(gone.accessToken);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: gone.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('refuses a refresh token replayed after rotation, and then its whole family', async () => {
    const victim = await signedInUser(t.app);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: token } });
    const first = await refresh(victim.refreshToken);
    expect(first.statusCode).toBe(200);
    const successor = first.json().refresh_token as string;
    const second = await refresh(successor);
    expect(second.statusCode).toBe(200);
    // The attacker replays the first token after the legitimate tab rotated twice.
    expect((await refresh(victim.refreshToken)).statusCode).toBe(401);
    expect((await refresh(second.json().refresh_token)).statusCode).toBe(401);
  });
});
