import { HANDOVER_TEXTS } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHandovers, outbox, users } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  ops,
  signedInUser,
  signIn,
  type TestApp,
  uniqueEmail,
} from '../../test/helpers.ts';
import { portalToday } from './handover.service.ts';
import { researchUseOf } from './research-use.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FUTURE_INSIGHT = 1;
const run = (today: string, headers: Record<string, string> = ops) =>
  t.app.inject({ method: 'POST', url: '/api/admin/handovers/run', headers, payload: { today } });
const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/handover/${url}`, payload });
const mailTo = (to: string) => t.database.db.select().from(outbox).where(eq(outbox.to, to));
/** The token of the handover link mailed to `to` (it travels in the link's fragment). */
const linkToken = async (to: string) => {
  const mail = (await mailTo(to)).find((m) => m.subject.includes('your account is ready to be yours'));
  const link = (mail?.links as string[] | undefined)?.find((l) => l.includes('/handover#'));
  return link?.split('#')[1] ?? '';
};
const codeIn = async (to: string) =>
  /(\d{6})/.exec((await mailTo(to)).find((m) => m.subject === 'Your confirmation code')?.text ?? '')?.[1] ??
  '';

describe('turning 18', () => {
  it('the daily job finds a guardian account whose child turns 18 today; the handover ends the guardian’s access', async () => {
    // A guardian's account for a child born 18 years before the day the job runs for.
    const guardian = await signedInUser(t.app, { guardian: true, dob: '2008-06-15' });
    await t.database.db.update(users).set({ firstName: 'Alex' }).where(eq(users.id, guardian.id));
    const agreed = await t.app.inject({
      method: 'POST',
      url: `/api/consent/${FUTURE_INSIGHT}`,
      headers: bearer(guardian.accessToken),
      payload: {
        consentId: FUTURE_INSIGHT,
        consenterType: 'USER',
        consenterId: guardian.id,
        consented: true,
      },
    });
    expect(agreed.statusCode).toBe(201);

    // Only the operator key runs the job; the day before the birthday finds nothing.
    expect((await run('2026-06-15', bearer(guardian.accessToken))).statusCode).toBe(403);
    expect((await run('2026-06-14')).json()).toEqual({ started: 0 });
    expect((await run('2026-06-15')).json().started).toBeGreaterThanOrEqual(1);
    // Run again the same day: started once.
    expect((await run('2026-06-15')).json()).toEqual({ started: 0 });

    const subjects = (await mailTo(guardian.email)).map((m) => m.subject);
    expect(subjects).toContain('Alex, your account is ready to be yours');
    expect(subjects).toContain('Alex is 18: the account passes to them');
    const token = await linkToken(guardian.email);
    expect(token.length).toBeGreaterThan(40);

    // Results stay as they were; research use goes on for 30 days, then pauses without an answer.
    expect(await researchUseOf(t.database.db, guardian.id, '2026-07-14')).toBe('ACTIVE');
    expect(await researchUseOf(t.database.db, guardian.id, '2026-07-15')).toBe('PAUSED');

    const read = await post('read', { token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      firstName: 'Alex',
      kind: 'GUARDIAN',
      turns18On: '2026-06-15',
      consents: [{ consentId: FUTURE_INSIGHT, title: 'Future Insight Program' }],
      awaitingCode: false,
    });
    // Bad input: a wrong token, a weak password, an email of another account; nothing changes.
    expect((await post('read', { token: 'x'.repeat(43) })).statusCode).toBe(404);
    const weak = await post('submit', {
      token,
      email: uniqueEmail('alex'),
      password: 'short',
      agreedConsentIds: [],
    });
    expect(weak.statusCode).toBe(400);
    const other = await signedInUser(t.app);
    const taken = await post('submit', {
      token,
      email: other.email,
      password: 'Grown-up!2026',
      agreedConsentIds: [],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(HANDOVER_TEXTS.emailTaken);

    const own = uniqueEmail('alex');
    const sent = await post('submit', {
      token,
      email: own,
      password: 'Grown-up!2026',
      agreedConsentIds: [FUTURE_INSIGHT],
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const code = await codeIn(own);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await post('confirm', { token, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(HANDOVER_TEXTS.wrongCode);

    const done = await post('confirm', { token, code });
    expect(done.statusCode, done.body).toBe(200);
    // The account is the young adult's: their email and password; the guardian's sessions and password end.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, guardian.id));
    expect(row).toMatchObject({ email: own, guardian: false, underAge: false });
    expect(row?.emailVerifiedAt).not.toBeNull();
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: guardian.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: guardian.email, password: 'Secret12!' },
    });
    expect(oldLogin.statusCode).toBe(401);
    const mine = await signIn(t.app, own, 'Grown-up!2026');
    expect(mine.id).toBe(guardian.id);
    expect((await mailTo(guardian.email)).map((m) => m.subject)).toContain(
      'Alex has taken over their account',
    );

    // Their own agreement is in the ledger, through the handover page; research use stays on.
    const ledger = (
      await t.app.inject({ url: '/api/me/consents', headers: bearer(mine.accessToken) })
    ).json();
    expect(ledger.consents[0].latest).toMatchObject({ answer: 'AGREED', actor: 'SELF', page: 'HANDOVER' });
    expect(await researchUseOf(t.database.db, guardian.id, '2026-08-01')).toBe('ACTIVE');
    // The link is spent.
    expect((await post('read', { token })).statusCode).toBe(404);
  });

  it("a minor's own account stops being under age on the birthday (no stale flag)", async () => {
    const minor = await signedInUser(t.app, { underAge: true, dob: '2008-09-01' });
    await run('2026-08-31');
    const [before] = await t.database.db.select().from(users).where(eq(users.id, minor.id));
    expect(before?.underAge).toBe(true);
    await run('2026-09-01');
    const [after] = await t.database.db.select().from(users).where(eq(users.id, minor.id));
    expect(after?.underAge).toBe(false);
    const [handover] = await t.database.db
      .select()
      .from(accountHandovers)
      .where(and(eq(accountHandovers.userId, minor.id), eq(accountHandovers.kind, 'MINOR')));
    expect(handover?.turns18On).toBe('2026-09-01');
    const me = (await t.app.inject({ url: '/api/users/me', headers: bearer(minor.accessToken) })).json();
    expect(me.underAge).toBe(false);
  });

  it('knows the portal’s day', () => {
    expect(portalToday(new Date('2026-06-14T15:00:00Z'))).toBe('2026-06-15');
  });
});
