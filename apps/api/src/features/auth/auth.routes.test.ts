import { AUTH_MESSAGES, ERROR_CODES, PASSWORD_MESSAGES, REGISTRATION_MESSAGES } from '@portal/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentResponses, consents, emailTokens, outbox, users } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  latestLinkToken,
  PASSWORD,
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
const register = (email: string, extra: Record<string, unknown> = {}) =>
  post('/api/auth/register', { email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace', ...extra });
const tableCount = async (table: typeof users | typeof outbox) =>
  (await t.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('registration and email verification', () => {
  it('creates an unverified account that can sign in only after the emailed link is followed', async () => {
    const email = uniqueEmail('ada');
    const res = await register(email.toUpperCase(), { underAge: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toContain(email);

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      underAge: true,
      guardian: false,
      userType: 'CONSUMER',
      emailVerifiedAt: null,
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const before = await post('/api/auth/login', { email, password: PASSWORD });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({
      message: AUTH_MESSAGES.emailNotVerified,
      code: ERROR_CODES.emailNotVerified,
    });

    const token = await latestLinkToken(t.app, email);
    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect((await post('/api/auth/verify-email', { token })).json().code).toBe(ERROR_CODES.tokenInvalid);

    const login = await post('/api/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(Object.keys(login.json()).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'user_id',
    ]);
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/refresh_token=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);

    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(login.json().access_token) });
    expect(me.json()).toMatchObject({ email, firstName: 'Ada', underAge: true, country: 'AU' });
    expect(me.body).not.toContain('argon2');
  });

  it('answers the same for an email that already has an account, and emails its owner instead', async () => {
    const email = uniqueEmail('dup');
    const first = await register(email);
    await post('/api/auth/verify-email', { token: await latestLinkToken(t.app, email) });
    const second = await register(email, { firstName: 'Mallory' });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.firstName).toBe('Ada');
    const mail = await t.app.inject({
      url: `/api/admin/mail?to=${email}`,
      headers: { 'x-ops-key': 'test-ops-key' },
    });
    expect(mail.json()[0].subject).toMatch(/already have/);
  });

  it('tells an expired link apart and sends a new one on request', async () => {
    const email = uniqueEmail('late');
    await register(email);
    const token = await latestLinkToken(t.app, email);
    await t.database.db.update(emailTokens).set({ expiresAt: sql`now() - interval '1 minute'` });
    const res = await post('/api/auth/verify-email', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.verifyExpired, code: ERROR_CODES.tokenExpired });

    const resend = await post('/api/auth/verify-email/resend', { email });
    expect(resend.statusCode).toBe(202);
    const fresh = await latestLinkToken(t.app, email);
    expect(fresh).not.toBe(token);
    expect((await post('/api/auth/verify-email', { token: fresh })).statusCode).toBe(200);
  });

  it.each([
    [{ email: 'not-an-email', password: PASSWORD, firstName: 'A', lastName: 'B' }, 'email'],
    [{ email: 'x@example.com', password: 'short', firstName: 'A', lastName: 'B' }, 'password'],
    [{ email: 'x@example.com', password: 'longenough1', firstName: 'A', lastName: 'B' }, 'password'],
    [{ email: 'x@example.com', password: PASSWORD, firstName: '', lastName: 'B' }, 'firstName'],
    [{ email: 'x@example.com', password: PASSWORD, firstName: 'A'.repeat(26), lastName: 'B' }, 'firstName'],
    [
      { email: 'x@example.com', password: PASSWORD, firstName: 'A', lastName: 'B', userType: 'ADMIN' },
      'userType',
    ],
    [
      { email: 'x@example.com', password: `${'a'.repeat(5000)}1!`, firstName: 'A', lastName: 'B' },
      'password',
    ],
  ])('refuses bad input %# with the error shape and changes nothing', async (payload, field) => {
    const [usersBefore, mailBefore] = [await tableCount(users), await tableCount(outbox)];
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(ERROR_CODES.validation);
    expect(typeof body.message).toBe('string');
    expect(body.fields[field]).toBeTruthy();
    expect([await tableCount(users), await tableCount(outbox)]).toEqual([usersBefore, mailBefore]);
  });

  it.each(['CONSUMER', 'RESEARCH'])(
    'accepts a comma as the special character at %s registration (research §5 set, both portals)',
    async (userType) => {
      const email = uniqueEmail('comma');
      const res = await register(email, { password: 'Longenough1,', userType });
      expect(res.statusCode, res.body).toBe(201);
      await post('/api/auth/verify-email', { token: await latestLinkToken(t.app, email) });
      expect((await post('/api/auth/login', { email, password: 'Longenough1,' })).statusCode).toBe(200);
    },
  );

  it('gives password rule messages word for word', async () => {
    const res = await register(uniqueEmail(), { password: 'abcdefghi' });
    expect(res.json().fields.password).toBe(PASSWORD_MESSAGES.noSymbol);
  });

  it.each([
    ['not json', '{bad', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['a wrong content type', 'email=a', 'text/plain'],
    ['an array', '[]', 'application/json'],
  ])('answers %s with a 4xx in the error shape', async (_name, payload, type) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { 'content-type': type },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  });

  it('keeps a referral code given at registration without its REF- or REF prefix', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/referral-codes',
      headers: { 'x-ops-key': 'test-ops-key' },
      payload: { code: 'DRJANE1', firstName: 'Jane', lastName: 'Doe' },
    });
    const codeOf = async (email: string) =>
      (await t.database.db.select().from(users).where(eq(users.email, email)))[0]?.referralCode;
    const dashed = uniqueEmail('ref');
    expect((await register(dashed, { referralCode: ' ref-drjane1 ' })).statusCode).toBe(201);
    expect(await codeOf(dashed)).toBe('DRJANE1');
    const bare = uniqueEmail('ref');
    expect((await register(bare, { referralCode: 'REFDRJANE1' })).statusCode).toBe(201);
    expect(await codeOf(bare)).toBe('DRJANE1');
    const none = uniqueEmail('ref');
    expect((await register(none, { referralCode: 'REF-' })).statusCode).toBe(201);
    expect(await codeOf(none)).toBeNull();
  });

  it('says "Could not verify token" for an empty token', async () => {
    const res = await post('/api/auth/verify-email', { token: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.verifyMissingToken);
  });
});

describe('signing up agrees to the terms and privacy policy in the ledger (issue 36)', () => {
  const ledgerOf = async (email: string) => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    if (!user) return [];
    return t.database.db
      .select({
        document: consents.document,
        version: consentResponses.consentVersion,
        consented: consentResponses.consented,
        actor: consentResponses.actor,
        page: consentResponses.page,
      })
      .from(consentResponses)
      .innerJoin(consents, eq(consents.id, consentResponses.consentId))
      .where(eq(consentResponses.consenterId, user.id))
      .orderBy(consents.document);
  };
  const current = async () => (await t.app.inject('/api/legal/versions')).json().current;

  it('records the versions the page showed, and the person reads them in their ledger', async () => {
    const shown = await current();
    expect(shown).toEqual({ terms: 'v4.0', privacy: 'v9.0' });
    const email = uniqueEmail('agree');
    const res = await register(email, { termsVersion: shown.terms, privacyVersion: shown.privacy });
    expect(res.statusCode, res.body).toBe(201);
    expect(await ledgerOf(email)).toEqual([
      { document: 'PRIVACY', version: 'v9.0', consented: true, actor: 'SELF', page: 'REGISTRATION' },
      { document: 'TERMS', version: 'v4.0', consented: true, actor: 'SELF', page: 'REGISTRATION' },
    ]);
    await post('/api/auth/verify-email', { token: await latestLinkToken(t.app, email) });
    const login = await post('/api/auth/login', { email, password: PASSWORD });
    const mine = await t.app.inject({ url: '/api/me/consents', headers: bearer(login.json().access_token) });
    const byTitle = Object.fromEntries(
      mine.json().consents.map((c: { title: string; document: string; latest: object }) => [c.title, c]),
    );
    expect(byTitle['Terms of Use']).toMatchObject({
      document: 'TERMS',
      latest: { answer: 'AGREED', version: 'v4.0', page: 'REGISTRATION', actor: 'SELF' },
    });
    expect(byTitle['Privacy Policy']).toMatchObject({
      document: 'PRIVACY',
      latest: { answer: 'AGREED', version: 'v9.0', page: 'REGISTRATION' },
    });
  });

  it("records a research sign-up, and a parent's sign-up for their child as the guardian's", async () => {
    const research = uniqueEmail('agree-research');
    expect((await register(research, { userType: 'RESEARCH' })).statusCode).toBe(201);
    expect((await ledgerOf(research)).map((r) => [r.document, r.version, r.actor])).toEqual([
      ['PRIVACY', 'v9.0', 'SELF'],
      ['TERMS', 'v4.0', 'SELF'],
    ]);
    const parent = uniqueEmail('agree-parent');
    expect((await register(parent, { userType: 'RESEARCH', guardian: true })).statusCode).toBe(201);
    expect((await ledgerOf(parent)).map((r) => r.actor)).toEqual(['GUARDIAN', 'GUARDIAN']);
  });

  it.each([
    ['terms', { termsVersion: 'v3.0', privacyVersion: 'v9.0' }],
    ['privacy policy', { termsVersion: 'v4.0', privacyVersion: 'v7.0' }],
  ])(
    'refuses a sign-up that showed an older %s (409), creating and sending nothing',
    async (_what, shown) => {
      const email = uniqueEmail('agree-stale');
      const mails = await tableCount(outbox);
      const res = await register(email, shown);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(REGISTRATION_MESSAGES.legalChanged);
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect(await tableCount(outbox)).toBe(mails);
    },
  );

  it('adds nothing to an existing account when its email signs up again', async () => {
    const email = uniqueEmail('agree-again');
    expect((await register(email)).statusCode).toBe(201);
    expect((await register(email, { termsVersion: 'v4.0', privacyVersion: 'v9.0' })).statusCode).toBe(201);
    expect(await ledgerOf(email)).toHaveLength(2);
  });
});
