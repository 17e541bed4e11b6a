import { HANDOVER_PROMPT_TEXTS, HANDOVER_TEXTS, SUPPORT_VIEW_READ_ONLY } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHandovers, outbox, users } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  notificationsOfKind,
  ops,
  signedInUser,
  signIn,
  type TestApp,
  uniqueEmail,
} from '../../test/helpers.ts';
import { HANDOVER_START_NOT_DUE } from './handover.routes.ts';
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
    // Both are notifications in the account's inbox (issue 35); the link's token is in the email only.
    const [takeOver, ...moreTakeOvers] = await notificationsOfKind(
      t.database.db,
      { userId: guardian.id },
      'handover-young-adult',
    );
    expect(moreTakeOvers).toEqual([]);
    expect(takeOver).toMatchObject({
      category: 'ACCOUNT',
      subject: 'Alex, your account is ready to be yours',
      link: '/turned-18',
      channels: ['EMAIL', 'IN_APP'],
      mail: { kind: 'handover', subject: 'Alex, your account is ready to be yours' },
    });
    expect(((takeOver?.mail?.links ?? []) as string[]).some((l) => l.includes('/handover#'))).toBe(true);
    const guardianNotices = await notificationsOfKind(
      t.database.db,
      { userId: guardian.id },
      'handover-guardian',
    );
    expect(guardianNotices.map((n) => [n.subject, n.link, n.channels, n.mail?.kind])).toEqual([
      ['Alex is 18: the account passes to them', null, ['EMAIL', 'IN_APP'], 'handover'],
    ]);
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
    // The former address is no longer the account's: an email-only notification, sent once.
    const ended = await notificationsOfKind(t.database.db, { recipient: guardian.email }, 'handover-ended');
    expect(ended.map((n) => [n.userId, n.subject, n.channels, n.mail?.to])).toEqual([
      [null, 'Alex has taken over their account', ['EMAIL'], guardian.email.toLowerCase()],
    ]);

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

  it('asks at sign-in: the young adult sees their open handover and gets a fresh link; others see only their own', async () => {
    const minor = await signedInUser(t.app, { underAge: true, dob: '2008-10-20' });
    await t.database.db.update(users).set({ firstName: 'Robin' }).where(eq(users.id, minor.id));
    const mine = (token: string) => t.app.inject({ url: '/api/me/handover', headers: bearer(token) });
    const sendLink = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/me/handover/link', headers: bearer(token) });
    // The signed-in user's read says whether a handover is open, for the sign-in gate.
    const handoverOpen = async (token: string) =>
      (await t.app.inject({ url: '/api/users/me', headers: bearer(token) })).json().handoverOpen;
    // Before the birthday there is nothing to ask, and no link to send.
    expect((await mine(minor.accessToken)).json()).toEqual({ handover: null });
    expect(await handoverOpen(minor.accessToken)).toBe(false);
    const early = await sendLink(minor.accessToken);
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe(HANDOVER_PROMPT_TEXTS.none);
    expect((await mine('not-a-token')).statusCode).toBe(401);

    await run('2026-10-20');
    const open = await mine(minor.accessToken);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ handover: { kind: 'MINOR', firstName: 'Robin', turns18On: '2026-10-20' } });
    expect(await handoverOpen(minor.accessToken)).toBe(true);
    const first = await linkToken(minor.email);
    expect(first.length).toBeGreaterThan(40);

    // Another person's token sees only their own (none), and cannot send this account's link.
    const stranger = await signedInUser(t.app);
    const theirs = await mine(stranger.accessToken);
    expect(theirs.json()).toEqual({ handover: null });
    expect(await handoverOpen(stranger.accessToken)).toBe(false);
    expect(theirs.body).not.toContain('Robin');
    expect((await sendLink(stranger.accessToken)).statusCode).toBe(404);

    // A support view reads the state, and may not send a link.
    const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const view = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/impersonate',
        headers: bearer(support.accessToken),
        payload: { username: minor.email },
      })
    ).json().access_token as string;
    expect((await mine(view)).json().handover).toMatchObject({ kind: 'MINOR' });
    expect(await handoverOpen(view)).toBe(true);
    const mailsBefore = (await mailTo(minor.email)).length;
    const refused = await sendLink(view);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SUPPORT_VIEW_READ_ONLY);
    expect((await mailTo(minor.email)).length).toBe(mailsBefore);

    // A step begun with the first link starts again with the fresh one, which replaces it.
    const begun = await post('submit', {
      token: first,
      email: uniqueEmail('robin'),
      password: 'Grown-up!2026',
      agreedConsentIds: [],
    });
    expect(begun.statusCode).toBe(202);
    const sent = await sendLink(minor.accessToken);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().message).toBe(HANDOVER_PROMPT_TEXTS.sent);
    const links = (await mailTo(minor.email))
      .filter((m) => m.subject === 'Robin, your account is ready to be yours')
      .flatMap((m) => (m.links as string[]).filter((l) => l.includes('/handover#')));
    expect(links).toHaveLength(2);
    expect(
      (await notificationsOfKind(t.database.db, { userId: minor.id }, 'handover-young-adult')).map(
        (n) => n.mail?.links,
      ),
    ).toHaveLength(2);
    const fresh = links[1]?.split('#')[1] ?? '';
    expect(fresh).not.toBe(first);
    expect((await post('read', { token: first })).statusCode).toBe(404);
    const read = await post('read', { token: fresh });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ firstName: 'Robin', kind: 'MINOR', awaitingCode: false });
  });

  it('tells a guardian that the handover is offered to their child, and does not let them take it', async () => {
    const guardian = await signedInUser(t.app, { guardian: true, dob: '2008-11-05' });
    await t.database.db.update(users).set({ firstName: 'Sam' }).where(eq(users.id, guardian.id));
    await run('2026-11-05');
    const state = await t.app.inject({ url: '/api/me/handover', headers: bearer(guardian.accessToken) });
    expect(state.json()).toEqual({
      handover: { kind: 'GUARDIAN', firstName: 'Sam', turns18On: '2026-11-05' },
    });
    const mailsBefore = (await mailTo(guardian.email)).length;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/me/handover/link',
      headers: bearer(guardian.accessToken),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(HANDOVER_PROMPT_TEXTS.guardianOnly);
    expect((await mailTo(guardian.email)).length).toBe(mailsBefore);
  });

  it('knows the portal’s day', () => {
    expect(portalToday(new Date('2026-06-14T15:00:00Z'))).toBe('2026-06-15');
  });
});

describe('the first run of the turning-18 job (decision 062)', () => {
  const handoverOf = async (userId: string) =>
    (await t.database.db.select().from(accountHandovers).where(eq(accountHandovers.userId, userId)))[0];
  const start = (email: string, headers: Record<string, string> = ops) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/handovers/run',
      headers,
      payload: { today: '2027-03-01', email },
    });

  it('starts nothing for people who were adults before it, and catches up a birthday missed by at most 7 days', async () => {
    // Accounts from before the job: a guardian account for a child now 27, a minor's own account of a 21-year-old.
    const grownChild = await signedInUser(t.app, { guardian: true, dob: '2000-01-01' });
    const formerMinor = await signedInUser(t.app, { underAge: true, dob: '2005-05-05' });
    // Birthdays 3 and 8 days before the day the job runs for (a job that was down for a few days).
    const threeDaysLate = await signedInUser(t.app, { guardian: true, dob: '2009-02-26' });
    const eightDaysLate = await signedInUser(t.app, { guardian: true, dob: '2009-02-21' });

    expect((await run('2027-03-01')).json()).toEqual({ started: 1 });
    expect(await handoverOf(threeDaysLate.id)).toMatchObject({ kind: 'GUARDIAN', turns18On: '2027-02-26' });
    for (const person of [grownChild, formerMinor, eightDaysLate]) {
      expect(await handoverOf(person.id)).toBeUndefined();
      expect(await mailTo(person.email)).toEqual([]);
    }
    // Nothing changes for them: the account, its flags and access stay as they were.
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(grownChild.accessToken) });
    expect(me.statusCode).toBe(200);
    expect((await run('2027-03-02')).json()).toEqual({ started: 0 });
  });

  it('lets the operator start one such account on request (handover:start), once, and says why not otherwise', async () => {
    const grownChild = await signedInUser(t.app, { guardian: true, dob: '2000-01-01' });
    await t.database.db.update(users).set({ firstName: 'Sam' }).where(eq(users.id, grownChild.id));
    expect((await start(grownChild.email, bearer(grownChild.accessToken))).statusCode).toBe(403);
    expect((await start(grownChild.email.toUpperCase())).json()).toEqual({ started: 1 });
    expect(await handoverOf(grownChild.id)).toMatchObject({ kind: 'GUARDIAN', turns18On: '2018-01-01' });
    expect((await mailTo(grownChild.email)).map((m) => m.subject)).toContain(
      'Sam, your account is ready to be yours',
    );

    // Twice, an ordinary adult's account (opened as an adult), or no account: 404 with the reason.
    const adult = await signedInUser(t.app, { dob: '1990-01-01' });
    for (const email of [grownChild.email, adult.email, uniqueEmail('nobody')]) {
      const res = await start(email);
      expect(res.statusCode, email).toBe(404);
      expect(res.json().message).toBe(HANDOVER_START_NOT_DUE);
    }
    expect(await handoverOf(adult.id)).toBeUndefined();
    const bad = await start('not-an-email');
    expect(bad.statusCode).toBe(400);

    // A minor's own account whose stale flag was cleared (docs/wt-migrations/kitwas.sql) is still known
    // as one: it was opened before its holder's 18th birthday.
    const formerMinor = await signedInUser(t.app, { underAge: true, dob: '2005-05-05' });
    await t.database.db
      .update(users)
      .set({ underAge: false, createdAt: new Date('2021-06-01T00:00:00Z') })
      .where(eq(users.id, formerMinor.id));
    expect((await start(formerMinor.email)).json()).toEqual({ started: 1 });
    expect(await handoverOf(formerMinor.id)).toMatchObject({ kind: 'MINOR', turns18On: '2023-05-05' });
  });
});
