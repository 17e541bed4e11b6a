import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUOTAS } from '../adapters/mail/outbox.ts';
import { outbox } from '../db/schema/index.ts';
import {
  createTestApp,
  latestLinkToken,
  PASSWORD,
  signedInUser,
  type TestApp,
  uniqueEmail,
} from '../test/helpers.ts';

/**
 * Issue 32: from one address, one victim got 60 mails in a minute through registration, the verification
 * resend and the password reset, and the reset mailed addresses with no account. Each kind of mail now
 * has a quota per recipient, counted in the outbox (MAIL_QUOTAS), and past it the request answers as
 * before while nothing is sent.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const register = (email: string, firstName = 'Ada') =>
  post('/api/auth/register', { email, password: PASSWORD, firstName, lastName: 'Lovelace' });
/** The mail written for an address, withheld rows apart: what goes out. */
const mailTo = (email: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.withheld, false)));
const answer = (res: { statusCode: number; body: string }) => `${res.statusCode} ${res.body}`;

describe('mail quotas per recipient', () => {
  it('queues at most 3 verification mails for 10 resends, answering each one alike, and keeps the last link working', async () => {
    const email = uniqueEmail('flood');
    expect((await register(email)).statusCode).toBe(201);
    const answers = new Set<string>();
    for (let i = 0; i < 10; i++) answers.add(answer(await post('/api/auth/verify-email/resend', { email })));
    // An address with no account answers the same too.
    answers.add(answer(await post('/api/auth/verify-email/resend', { email: uniqueEmail('nobody') })));
    expect(answers.size).toBe(1);
    expect(await mailTo(email)).toHaveLength(MAIL_QUOTAS['verify-email']);
    // No link was replaced past the quota: the one last mailed still verifies.
    const token = await latestLinkToken(t.app, email);
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
  });

  it('mails “you already have an account” at most 3 times however often the address is registered', async () => {
    const user = await signedInUser(t.app);
    const answers = new Set<string>();
    for (let i = 0; i < 6; i++) answers.add(answer(await register(user.email)));
    answers.add(answer(await register(uniqueEmail('fresh'))).replace(/[\w.]+@example\.com/, user.email));
    expect(answers.size).toBe(1);
    expect(await mailTo(user.email)).toHaveLength(MAIL_QUOTAS['account-exists']);
  });

  it('sends no reset mail to an address with no account, and at most 3 to one with an account', async () => {
    const ghost = uniqueEmail('ghost');
    const user = await signedInUser(t.app);
    const answers = new Set<string>();
    for (let i = 0; i < 5; i++) {
      answers.add(answer(await post('/api/auth/password-reset', { email: ghost })));
      answers.add(answer(await post('/api/auth/password-reset', { email: user.email })));
    }
    expect(answers.size).toBe(1);
    expect(await mailTo(ghost)).toEqual([]);
    expect(await mailTo(user.email)).toHaveLength(MAIL_QUOTAS['password-reset']);
    // The withheld rows keep neither words nor links.
    const withheld = await t.database.db.select().from(outbox).where(eq(outbox.to, ghost));
    expect(withheld.map((m) => [m.withheld, m.subject, m.text, m.links])).toEqual(
      Array.from({ length: 5 }, () => [true, '', '', []]),
    );
  });

  it('counts only the last hour', async () => {
    const user = await signedInUser(t.app);
    for (let i = 0; i < 3; i++) await post('/api/auth/password-reset', { email: user.email });
    await t.database.db
      .update(outbox)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(outbox.to, user.email));
    await post('/api/auth/password-reset', { email: user.email });
    expect(await mailTo(user.email)).toHaveLength(4);
  });

  it('holds to the quota when the requests come at once', async () => {
    const user = await signedInUser(t.app);
    await Promise.all(
      Array.from({ length: 8 }, () => post('/api/auth/password-reset', { email: user.email })),
    );
    expect(await mailTo(user.email)).toHaveLength(MAIL_QUOTAS['password-reset']);
  });
});

describe('names in greetings', () => {
  it.each([
    ['Bob http://evil.ex\nClick', 'Hi Bob Click,'],
    ['www.evil.com', 'Hi there,'],
  ])('greets %j without its link or line break', async (firstName, greeting) => {
    const email = uniqueEmail('named');
    const res = await register(email, firstName);
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await mailTo(email);
    expect(mail?.text.split('\n')[0]).toBe(greeting);
    expect(`${mail?.subject} ${mail?.text} ${mail?.html}`).not.toMatch(/evil/);
  });
});
