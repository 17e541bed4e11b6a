import { AUTH_MESSAGES, ERROR_CODES } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openPostgres } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  latestLinkToken,
  PASSWORD,
  putProfile,
  signedInUser,
  TEST_JWT_SECRET,
  TEST_OPS_KEY,
  TEST_PROFILE,
  type TestApp,
  testConfig,
} from '../../test/helpers.ts';

/**
 * An access token answers only while its session (refresh-token family) is live: every way a session
 * ends refuses its access tokens at once, not when they expire 15 minutes later (decision 019).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const me = (app: TestApp['app'], token: string) =>
  app.inject({ url: '/api/users/me', headers: bearer(token) });
const kits = (token: string) => t.app.inject({ url: '/api/kits', headers: bearer(token) });

/** Refused as the guard refuses an expired token: 401 with the session-expired message. */
async function expectEnded(token: string) {
  for (const res of [await me(t.app, token), await kits(token)]) {
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.sessionExpired, code: ERROR_CODES.unauthorized });
  }
}
async function expectLive(token: string) {
  expect((await me(t.app, token)).statusCode).toBe(200);
  expect((await kits(token)).statusCode).toBe(200);
}

describe('access tokens end with their session', () => {
  it('logout', async () => {
    const user = await signedInUser(t.app);
    await expectLive(user.accessToken);
    expect((await post('/api/auth/logout', { refresh_token: user.refreshToken })).statusCode).toBe(204);
    await expectEnded(user.accessToken);
  });

  it('a password change ends the other sessions; the one that changed it goes on', async () => {
    const user = await signedInUser(t.app);
    const other = (await post('/api/auth/login', { email: user.email, password: PASSWORD })).json();
    await expectLive(other.access_token);
    const changed = await putProfile(t.app, user.accessToken, {
      ...TEST_PROFILE,
      password: PASSWORD,
      newPassword: 'NewSecret9#',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectEnded(other.access_token);
    await expectLive(user.accessToken);
  });

  it('a password reset ends every session', async () => {
    const user = await signedInUser(t.app);
    const other = (await post('/api/auth/login', { email: user.email, password: PASSWORD })).json();
    await post('/api/auth/password-reset', { email: user.email });
    const token = await latestLinkToken(t.app, user.email);
    expect(
      (await post('/api/auth/password-reset/confirm', { token, password: 'NewSecret9#' })).statusCode,
    ).toBe(200);
    await expectEnded(user.accessToken);
    await expectEnded(other.access_token);
  });

  it('a refresh token used twice revokes its family, and with it the access tokens of the session', async () => {
    const user = await signedInUser(t.app);
    const rotated = (await post('/api/auth/refresh', { refresh_token: user.refreshToken })).json();
    await expectLive(rotated.access_token);
    // Past the grace period for concurrent tabs, the old token presented again is a copy.
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.userId, user.id));
    expect((await post('/api/auth/refresh', { refresh_token: user.refreshToken })).statusCode).toBe(401);
    await expectEnded(user.accessToken);
    await expectEnded(rotated.access_token);
  });

  it('other sessions of the same person are not touched by a logout', async () => {
    const user = await signedInUser(t.app);
    const other = (await post('/api/auth/login', { email: user.email, password: PASSWORD })).json();
    await post('/api/auth/logout', { refresh_token: user.refreshToken });
    await expectEnded(user.accessToken);
    await expectLive(other.access_token);
  });
});

describe('two instances on one database', () => {
  /** A second instance: its own process state (its remembered tokens), its own connections. */
  async function secondInstance(): Promise<{ app: TestApp['app']; close(): Promise<void> }> {
    let database: Database = t.database;
    let ownDatabase = false;
    if (t.database.kind === 'postgres' && process.env.TEST_DATABASE_URL) {
      const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const name = rows[0]?.name ?? '';
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      database = await openPostgres(url.toString(), 2);
      ownDatabase = true;
    }
    const app = await buildApp(testConfig(), database, {
      jwtSecret: TEST_JWT_SECRET,
      opsKey: TEST_OPS_KEY,
      webDist: '/nonexistent-web-dist',
    });
    await app.ready();
    return {
      app,
      async close() {
        await app.close();
        if (ownDatabase) await database.close();
      },
    };
  }

  it('a session signed out on one instance is refused on the other within a second', async () => {
    const other = await secondInstance();
    try {
      const user = await signedInUser(t.app);
      // The other instance has checked (and remembered) the token before the sign-out.
      for (let i = 0; i < 3; i++) expect((await me(other.app, user.accessToken)).statusCode).toBe(200);
      expect((await post('/api/auth/logout', { refresh_token: user.refreshToken })).statusCode).toBe(204);
      const signedOutAt = performance.now();
      const res = await me(other.app, user.accessToken);
      expect(res.statusCode).toBe(401);
      expect(performance.now() - signedOutAt).toBeLessThan(1000);
    } finally {
      await other.close();
    }
  });
});
