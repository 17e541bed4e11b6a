import { AUTH_MESSAGES, ERROR_CODES } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshTokens, users } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  latestLinkToken,
  ops,
  PASSWORD,
  signedInUser,
  TEST_JWT_SECRET,
  type TestApp,
  uniqueEmail,
} from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const refresh = (token: string) => post('/api/auth/refresh', { refresh_token: token });

describe('refresh tokens', () => {
  it('rotates: each refresh gives a new pair and the new access token works', async () => {
    const user = await signedInUser(t.app);
    const first = await refresh(user.refreshToken);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.refresh_token).not.toBe(user.refreshToken);
    expect(body.user_id).toBe(user.id);
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: bearer(body.access_token) })).statusCode,
    ).toBe(200);
  });

  it('answers a refresh through the HttpOnly cookie with the access token only', async () => {
    const user = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: {},
      cookies: { refresh_token: user.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    // Script on the page can read the body, so the new refresh token travels only in the cookie.
    expect(Object.keys(res.json()).sort()).toEqual(['access_token', 'expires_in', 'user_id']);
    expect(res.body).not.toMatch(/refresh/);
    const cookie = res.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.value).not.toBe(user.refreshToken);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: {},
      cookies: { refresh_token: cookie?.value ?? '' },
    });
    expect(next.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: bearer(res.json().access_token) })).statusCode,
    ).toBe(200);
  });

  it('answers a refresh token sent in the body with the new pair, as the spec shows', async () => {
    const user = await signedInUser(t.app);
    const res = await refresh(user.refreshToken);
    expect(Object.keys(res.json()).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'user_id',
    ]);
  });

  it('returns the same successor to concurrent tabs within the grace period', async () => {
    const user = await signedInUser(t.app);
    const [a, b] = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().refresh_token).toBe(b.json().refresh_token);
  });

  it('detects reuse after the grace period and revokes the whole family', async () => {
    const user = await signedInUser(t.app);
    const successor = (await refresh(user.refreshToken)).json().refresh_token;
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.userId, user.id));
    const reused = await refresh(user.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({
      message: AUTH_MESSAGES.sessionExpired,
      code: ERROR_CODES.refreshExpired,
    });
    expect((await refresh(successor)).statusCode).toBe(401);
  });

  it('refuses an expired or unknown refresh token', async () => {
    const user = await signedInUser(t.app);
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.userId, user.id));
    expect((await refresh(user.refreshToken)).json().code).toBe(ERROR_CODES.refreshExpired);
    expect((await refresh('made-up')).statusCode).toBe(401);
  });

  it('answers the silent session probe with 204 when there is no session, so a guest logs no error', async () => {
    const none = await post('/api/auth/refresh', {});
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    // A cookie that no longer opens a session (signed out elsewhere) is no session either, and is cleared.
    const user = await signedInUser(t.app);
    await post('/api/auth/logout', { refresh_token: user.refreshToken });
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: {},
      cookies: { refresh_token: user.refreshToken },
    });
    expect(stale.statusCode).toBe(204);
    expect(stale.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');
    // A refresh token sent in the body is still refused in words.
    expect((await post('/api/auth/refresh', { refresh_token: user.refreshToken })).statusCode).toBe(401);
  });

  it('logout revokes the session so its refresh token no longer works', async () => {
    const user = await signedInUser(t.app);
    const out = await post('/api/auth/logout', { refresh_token: user.refreshToken });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/refresh_token=;/);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  const sign = (claims: Record<string, unknown>, audience: string, secret = TEST_JWT_SECRET, ttl = '5m') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(audience)
      .setExpirationTime(ttl)
      .sign(new TextEncoder().encode(secret));

  it.each([
    ['no token', undefined],
    ['garbage', 'Bearer not-a-jwt'],
  ])('refuses %s', async (_name, authorization) => {
    const res = await t.app.inject({ url: '/api/users/me', headers: authorization ? { authorization } : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ERROR_CODES.unauthorized);
  });

  it('refuses a token for the other app type, a forged one and an expired one', async () => {
    const user = await signedInUser(t.app);
    const claims = { user_id: user.id, authorities: [] };
    for (const token of [
      await sign(claims, 'RESEARCH'),
      await sign(claims, 'CUSTOMER', 'another-secret-another-secret-another-secret'),
      await sign(claims, 'CUSTOMER', TEST_JWT_SECRET, '-1s'),
    ]) {
      expect((await t.app.inject({ url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(401);
    }
  });

  it('shows each person only their own account', async () => {
    const [a, b] = [await signedInUser(t.app), await signedInUser(t.app)];
    expect((await t.app.inject({ url: '/api/users/me', headers: bearer(a.accessToken) })).json().id).toBe(
      a.id,
    );
    expect((await t.app.inject({ url: '/api/users/me', headers: bearer(b.accessToken) })).json().id).toBe(
      b.id,
    );
  });
});

describe('brute force', () => {
  const signIn = (email: string, password: string, remoteAddress: string, app = t.app) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('refuses an (account, address) pair after five failures, even for the right password, and says so clearly', async () => {
    const user = await signedInUser(t.app);
    for (let i = 0; i < 4; i++) {
      const res = await signIn(user.email, 'Wrong123!', '10.20.0.1');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: AUTH_MESSAGES.loginFailed,
        code: ERROR_CODES.invalidCredentials,
      });
    }
    const fifth = await signIn(user.email, 'Wrong123!', '10.20.0.1');
    expect(fifth.statusCode).toBe(429);
    const locked = await signIn(user.email, PASSWORD, '10.20.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: AUTH_MESSAGES.loginLocked, code: ERROR_CODES.accountLocked });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // The person, from an address that has not failed, still gets in.
    expect((await signIn(user.email, PASSWORD, '10.20.0.2')).statusCode).toBe(200);
  });

  it('never locks the account itself, however many addresses fail on it', async () => {
    const user = await signedInUser(t.app);
    for (let address = 1; address <= 10; address++)
      for (let i = 0; i < 4; i++)
        expect((await signIn(user.email, 'Wrong123!', `10.22.0.${address}`)).statusCode).toBe(401);
    expect((await signIn(user.email, PASSWORD, '10.22.1.1')).statusCode).toBe(200);
  });

  it('refuses an address after thirty failures across accounts, the right password included', async () => {
    const user = await signedInUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 30; i++)
      codes.push((await signIn(uniqueEmail('guess'), 'Wrong123!', '10.23.0.1')).statusCode);
    expect(codes.slice(0, 29).every((code) => code === 401)).toBe(true);
    expect(codes[29]).toBe(429);
    expect((await signIn(user.email, PASSWORD, '10.23.0.1')).statusCode).toBe(429);
    expect((await signIn(user.email, PASSWORD, '10.23.0.2')).statusCode).toBe(200);
  });

  it('ends the locks on an account when its password is reset', async () => {
    const user = await signedInUser(t.app);
    for (let i = 0; i < 5; i++) await signIn(user.email, 'Wrong123!', '10.24.0.1');
    expect((await signIn(user.email, PASSWORD, '10.24.0.1')).statusCode).toBe(429);
    await post('/api/auth/password-reset', { email: user.email });
    const token = await latestLinkToken(t.app, user.email);
    await post('/api/auth/password-reset/confirm', { token, password: 'NewSecret9#' });
    expect((await signIn(user.email, 'NewSecret9#', '10.24.0.1')).statusCode).toBe(200);
  });

  it('treats an unknown email exactly like a wrong password', async () => {
    const res = await post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'Wrong123!' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.loginFailed, code: ERROR_CODES.invalidCredentials });
  });

  it('slows answers after three failures', async () => {
    const slow = await createTestApp({ LOGIN_DELAY_MS: '300' });
    try {
      const email = uniqueEmail('slow');
      const timings: number[] = [];
      for (let i = 0; i < 4; i++) {
        const started = performance.now();
        await slow.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'Wrong123!' },
        });
        timings.push(performance.now() - started);
      }
      expect(timings[3]).toBeGreaterThanOrEqual(290);
    } finally {
      await slow.close();
    }
  });

  it('slows every attempt on an account that failed from elsewhere, the right password included', async () => {
    const slow = await createTestApp({ LOGIN_DELAY_MS: '300' });
    try {
      const user = await signedInUser(slow.app);
      for (let address = 1; address <= 3; address++)
        await signIn(user.email, 'Wrong123!', `10.25.0.${address}`, slow.app);
      const started = performance.now();
      const res = await signIn(user.email, PASSWORD, '10.25.1.1', slow.app);
      expect(res.statusCode).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await slow.close();
    }
  });

  it('rate-limits sign-in attempts from one address', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          payload: { email: 'someone@example.com' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().code).toBe(ERROR_CODES.rateLimited);
      }
      expect(codes).toEqual([202, 202, 202, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('password reset', () => {
  it('never reveals whether an email has an account', async () => {
    const user = await signedInUser(t.app);
    const known = await post('/api/auth/password-reset', { email: user.email });
    const unknown = await post('/api/auth/password-reset', { email: uniqueEmail('ghost') });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
  });

  it('does the same work whether or not the email has an account', async () => {
    const user = await signedInUser(t.app);
    const ghost = uniqueEmail('ghost');
    /** Every statement the request sends to the database, without its values. */
    const statementsOf = async (email: string) => {
      const spy = vi.spyOn(pg.Client.prototype, 'query');
      try {
        await post('/api/auth/password-reset', { email });
        return spy.mock.calls.map(([query]) =>
          typeof query === 'string' ? query : (query as { text: string }).text,
        );
      } finally {
        spy.mockRestore();
      }
    };
    const known = await statementsOf(user.email);
    const unknown = await statementsOf(ghost);
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
    // The account gets its reset link; the address without an account gets nothing (issue 32).
    const mail = async (to: string) =>
      (await t.app.inject({ url: `/api/admin/mail?to=${encodeURIComponent(to)}`, headers: ops })).json() as {
        text: string;
      }[];
    expect(await mail(user.email)).toHaveLength(1);
    expect(await mail(ghost)).toEqual([]);
    // Past the quota the account gets nothing more either, and the statements are still the same.
    for (let i = 0; i < 3; i++) await post('/api/auth/password-reset', { email: user.email });
    expect(await mail(user.email)).toHaveLength(3);
    expect(await statementsOf(user.email)).toEqual(known);
  });

  it('sets a new password from the emailed link, once, and ends every session', async () => {
    const user = await signedInUser(t.app);
    await post('/api/auth/password-reset', { email: user.email });
    const token = await latestLinkToken(t.app, user.email);

    const weak = await post('/api/auth/password-reset/confirm', { token, password: 'weak' });
    expect(weak.statusCode).toBe(400);

    const done = await post('/api/auth/password-reset/confirm', { token, password: 'NewSecret9#' });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(AUTH_MESSAGES.resetDone);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'NewSecret9#' })).statusCode).toBe(
      200,
    );

    const again = await post('/api/auth/password-reset/confirm', { token, password: 'Another9#x' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.resetInvalid, code: ERROR_CODES.tokenInvalid });
  });

  it("answers an unparsable reset token with 'Could not parse token'", async () => {
    const res = await post('/api/auth/password-reset/confirm', {
      token: 'not a token',
      password: 'NewSecret9#',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.resetMissingToken);
  });

  it('verifies the email of an account reset before it was verified', async () => {
    const email = uniqueEmail('unverified');
    await post('/api/auth/register', { email, password: PASSWORD, firstName: 'U', lastName: 'V' });
    await post('/api/auth/password-reset', { email });
    const token = await latestLinkToken(t.app, email);
    await post('/api/auth/password-reset/confirm', { token, password: 'NewSecret9#' });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerifiedAt).not.toBeNull();
  });
});
