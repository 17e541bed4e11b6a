import crypto from 'node:crypto';
import { AUTH_MESSAGES, apiErrorSchema, ERROR_CODES, SUPPORT_VIEW_READ_ONLY } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonationAudit, refreshTokens, surveyAnswers, users } from '../db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestApp,
  kitWithResults,
  ops,
  reportProfile,
  signedInUser,
  TEST_JWT_SECRET,
  TEST_OPS_KEY,
  type TestApp,
} from '../test/helpers.ts';

const PROFILE = reportProfile('gmwi2/SRR1761667_metaphlan.txt');

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
/** The claims of an access token, as the server signed them. */
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
// Forgeries name the person's live session: only the property under test makes them invalid.
const claims = () => ({
  user_id: person.id,
  authorities: ['ADMIN', 'IMPERSONATE'],
  sid: payloadOf(person.accessToken).sid,
});
const signed = (
  alg: string,
  opts: { aud?: string; exp?: string | number; nbf?: string; secret?: string } = {},
) => {
  const jwt = new SignJWT(claims()).setProtectedHeader({ alg });
  if (opts.exp !== '') jwt.setExpirationTime(opts.exp ?? '5m');
  if (opts.aud !== '') jwt.setAudience(opts.aud ?? 'CUSTOMER');
  if (opts.nbf) jwt.setNotBefore(opts.nbf);
  return jwt.sign(key(opts.secret ?? TEST_JWT_SECRET));
};

/** A person's kits: one activated (questionnaires open) and one with an imported report. */
async function kitsOf(email: string) {
  const active = await createKit(t.app, { ownerEmail: email });
  await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/kits/${active.id}`,
    headers: ops,
    payload: { kitStatus: 'REQUESTED' },
  });
  const withReport = await kitWithResults(t.app, email, PROFILE);
  return { activeKitId: active.id, sample: withReport.sampleIdentifier };
}

/** Every route guarded by requireUserCheckedByQuery, as the owner of these kits calls it. */
const checkedByQuery = (kits: { activeKitId: number; sample: string }) =>
  [
    { method: 'GET', url: '/api/dashboard' },
    { method: 'GET', url: '/api/kits' },
    { method: 'GET', url: `/api/reports/${kits.sample}` },
    {
      method: 'PUT',
      url: `/api/kits/${kits.activeKitId}/surveys/day-of-sampling`,
      payload: { questionId: 'DOS_UNWELL', answers: [], answerString: 'true' },
    },
  ] as const;

/** A header and payload signed with the server's key as they are, however malformed. */
function hmacSigned(input: string) {
  const signature = crypto.createHmac('sha256', TEST_JWT_SECRET).update(input).digest('base64url');
  return `${input}.${signature}`;
}

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

  it('refuses a token from the moment it expires, though it was accepted (and remembered) a moment before', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const token = await signed('HS256', { exp: expiresAt });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ url: '/api/users/me', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 50));
    await expectRefused(token);
  });

  it('refuses a well-signed token that names no session, or a session id that is not one', async () => {
    for (const sid of [undefined, 'impersonation-x', 42, crypto.randomUUID()]) {
      const token = await new SignJWT({ ...claims(), sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience('CUSTOMER')
        .setExpirationTime('5m')
        .sign(key(TEST_JWT_SECRET));
      await expectRefused(token);
    }
  });

  it('refuses a token that never expires', async () => {
    await expectRefused(await signed('HS256', { exp: '' }));
  });

  it('refuses a header with a critical extension the server does not know, and a token that is not JSON', async () => {
    const [, body] = (await signed('HS256')).split('.');
    const header = Buffer.from(
      JSON.stringify({ alg: 'HS256', crit: ['x-unknown'], 'x-unknown': 1 }),
    ).toString('base64url');
    await expectRefused(hmacSigned(`${header}.${body}`));
    const notJson = Buffer.from('not json').toString('base64url');
    await expectRefused(hmacSigned(`${notJson}.${body}`));
    await expectRefused(hmacSigned(`${header}.${notJson}`));
  });

  it('refuses a token whose payload was edited after signing', async () => {
    const [header, , signature] = person.accessToken.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claims(), aud: 'CUSTOMER', exp: 4102444800 })).toString(
      'base64url',
    );
    await expectRefused(`${header}.${payload}.${signature}`);
  });

  it('refuses the tokens of a deleted person: access and refresh', async () => {
    const gone = await signedInUser(t.app, { dob: '1990-01-01' });
    const routes = checkedByQuery(await kitsOf(gone.email));
    expect((await t.app.inject({ url: '/api/users/me', headers: bearer(gone.accessToken) })).statusCode).toBe(
      200,
    );
    for (const route of routes) {
      const res = await t.app.inject({ ...route, headers: bearer(gone.accessToken) });
      expect(res.statusCode, `${route.url}: ${res.body}`).toBe(200);
    }
    const answersBefore = await t.database.db.select().from(surveyAnswers);
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    await expectRefused(gone.accessToken);
    // The routes whose own statement checks the account (requireUserCheckedByQuery) refuse it the same way.
    for (const route of routes) {
      const res = await t.app.inject({ ...route, headers: bearer(gone.accessToken) });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.sessionExpired, code: ERROR_CODES.unauthorized });
    }
    expect(await t.database.db.select().from(surveyAnswers)).toEqual(answersBefore);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: gone.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('refuses an impersonation token of a deleted person, and audits the refusals', async () => {
    const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const gone = await signedInUser(t.app, { dob: '1990-01-01' });
    const routes = checkedByQuery(await kitsOf(gone.email));
    const impersonated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(support.accessToken),
      payload: { username: gone.email },
    });
    const token = impersonated.json().access_token as string;
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    for (const route of routes) {
      const res = await t.app.inject({ ...route, headers: bearer(token) });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(401);
    }
    const audit = await t.database.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.subjectId, gone.id));
    expect(audit.map((row) => [row.actorId, row.method, row.statusCode])).toEqual(
      routes.map((route) => [support.id, route.method, 401]),
    );
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

/** Signs the person out of the session of this refresh token. */
const logout = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: refreshToken } });

describe('access tokens of a session that ended', () => {
  it('refuses the access token from the moment its session is signed out, on every kind of guard', async () => {
    const leaving = await signedInUser(t.app, { dob: '1990-01-01' });
    const routes = checkedByQuery(await kitsOf(leaving.email));
    for (const route of routes) {
      const res = await t.app.inject({ ...route, headers: bearer(leaving.accessToken) });
      expect(res.statusCode, `${route.url}: ${res.body}`).toBe(200);
    }
    const answersBefore = await t.database.db.select().from(surveyAnswers);
    expect((await logout(leaving.refreshToken)).statusCode).toBe(204);
    await expectRefused(leaving.accessToken);
    for (const route of routes) {
      const res = await t.app.inject({ ...route, headers: bearer(leaving.accessToken) });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.sessionExpired, code: ERROR_CODES.unauthorized });
    }
    expect(await t.database.db.select().from(surveyAnswers)).toEqual(answersBefore);
  });

  it('refuses the access token of a session whose refresh tokens have all expired', async () => {
    const idle = await signedInUser(t.app);
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.userId, idle.id));
    await expectRefused(idle.accessToken);
  });
});

describe('support view tokens', () => {
  async function supportView() {
    const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const viewed = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(support.accessToken),
      payload: { username: viewed.email },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { support, viewed, token: res.json().access_token as string, expiresIn: res.json().expires_in };
  }

  it("lives at most an hour, in the support user's own session", async () => {
    const { support, viewed, token, expiresIn } = await supportView();
    const claims = payloadOf(token);
    expect(expiresIn).toBeLessThanOrEqual(3600);
    expect((claims.exp as number) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(3600);
    expect(claims).toMatchObject({
      user_id: viewed.id,
      act: support.id,
      sid: payloadOf(support.accessToken).sid,
    });
    expect((await t.app.inject({ url: '/api/users/me', headers: bearer(token) })).json().id).toBe(viewed.id);
  });

  it('ends when the support user signs out, and when they lose the right to view', async () => {
    const first = await supportView();
    expect((await logout(first.support.refreshToken)).statusCode).toBe(204);
    await expectRefused(first.token);

    const second = await supportView();
    await t.database.db.update(users).set({ authorities: [] }).where(eq(users.id, second.support.id));
    await expectRefused(second.token);
  });

  it('is not given to the operator key, which has no session to end with', async () => {
    const viewed = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: ops,
      payload: { username: viewed.email },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses every write before validation, changes nothing, and audits each refusal', async () => {
    const { support, viewed, token } = await supportView();
    const before = (await t.app.inject({ url: '/api/users/me', headers: bearer(viewed.accessToken) })).json();
    for (const payload of [{ firstName: 'Taken', lastName: 'Over' }, 'not json at all', undefined]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        ...(payload === undefined
          ? {}
          : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: SUPPORT_VIEW_READ_ONLY, code: ERROR_CODES.supportViewReadOnly });
    }
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: bearer(viewed.accessToken) })).json(),
    ).toEqual(before);
    const audit = await t.database.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.subjectId, viewed.id));
    expect(audit.map((row) => [row.actorId, row.method, row.route, row.statusCode])).toEqual(
      Array.from({ length: 3 }, () => [support.id, 'PUT', '/api/users/me', 403]),
    );
  });

  it('withholds the answer when the audit cannot be written', async () => {
    const { token } = await supportView();
    await t.database.db.execute(sql`alter table impersonation_audit rename to impersonation_audit_away`);
    try {
      const res = await t.app.inject({ url: '/api/users/me', headers: bearer(token) });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe(ERROR_CODES.unavailable);
    } finally {
      await t.database.db.execute(sql`alter table impersonation_audit_away rename to impersonation_audit`);
    }
  });
});

describe('dev mailbox keys', () => {
  const mailboxKey = (opsKey: string) =>
    crypto.createHmac('sha256', opsKey).update('dev-mailbox').digest('base64url');
  const right = mailboxKey(TEST_OPS_KEY);
  const forgeries = () => [
    '',
    right.slice(0, -1),
    `${right}x`,
    right.toUpperCase(),
    mailboxKey('another-servers-operator-key'),
    crypto.createHmac('sha256', TEST_OPS_KEY).update('refresh').digest('base64url'),
    TEST_OPS_KEY.slice(0, -1),
    person.accessToken,
  ];

  it('opens the mailbox to no forged key, in the link, the cookie or the header', async () => {
    for (const forged of forgeries()) {
      for (const res of [
        await t.app.inject(`/dev/mailbox?key=${encodeURIComponent(forged)}`),
        await t.app.inject({ url: '/dev/mailbox', cookies: { dev_mailbox: forged } }),
        await t.app.inject({ url: '/dev/mailbox', headers: { 'x-ops-key': forged } }),
      ]) {
        // 401, or 400 for a link key longer than any key (the access token).
        expect([400, 401], forged).toContain(res.statusCode);
        expect(res.headers['set-cookie']).toBeUndefined();
        expect(res.body).not.toContain('Dev mailbox');
      }
    }
    expect((await t.app.inject(`/dev/mailbox?key=${right}&key=${right}`)).statusCode).toBe(400);
  });

  it('gives the mailbox key no power over the admin API', async () => {
    const res = await t.app.inject({ url: '/api/admin/mail', headers: { 'x-ops-key': right } });
    expect(res.statusCode).toBe(401);
  });
});
