// Over 300 lines because closing an account is one flow seen from each side: the person's request and
// its refusals, the job's work and its resumption, the operator's and the lab's routes, and retention.
import { AUTH_MESSAGES, CLOSURE_TEXTS, ERROR_CODES, SUPPORT_VIEW_READ_ONLY } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPayments } from '../../adapters/payments/embedded.ts';
import type { PaymentProvider } from '../../adapters/payments/payments.ts';
import {
  closureRefunds,
  closureRequests,
  consentResponses,
  kits,
  labResults,
  orders,
  outbox,
  projectMembers,
  sampleDestructions,
  staffAudit,
  subscriptions,
  surveyAnswers,
  testPaymentCharges,
  testPaymentRefunds,
  users,
} from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  kitAtLab,
  ops,
  PASSWORD,
  signedInUser,
  signIn,
  type TestApp,
} from '../../test/helpers.ts';
import { type ClosingPerson, closingPerson } from './closure.test-helpers.ts';
import { purgeExpiredOrders, runClosure } from './closure-job.ts';

let t: TestApp;
let embedded: PaymentProvider;
/** The payment service fails the next refund once (a closure cut short half-way by an outage). */
let failNextRefund = false;
const refundCalls: string[] = [];
const payments: PaymentProvider = {
  name: 'embedded',
  charge: (r) => embedded.charge(r),
  retrieve: (id) => embedded.retrieve(id),
  saveCard: (token, email, key) => embedded.saveCard(token, email, key),
  async refund(id, options) {
    refundCalls.push(id);
    if (failNextRefund) {
      failNextRefund = false;
      throw new Error('payment service unavailable');
    }
    return embedded.refund(id, options);
  },
  removeCard: (reference) => embedded.removeCard(reference),
};

beforeAll(async () => {
  // Closures run as real jobs of the queue, as in production.
  t = await createTestApp(
    { PAYMENT_RATE_LIMIT: '1000', VOUCHER_RATE_LIMIT: '1000' },
    { workJobs: true, jobTuning: { pollingIntervalSeconds: 0.5 }, payments },
  );
  embedded = embeddedPayments(t.database.db);
}, 60_000);
afterAll(() => t.close());

const close = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/me/closure', headers: bearer(token), payload });
const state = (token: string) => t.app.inject({ url: '/api/me/closure', headers: bearer(token) });
const closureOf = async (userId: string) =>
  (await t.database.db.select().from(closureRequests).where(eq(closureRequests.userId, userId)))[0];

async function processed(userId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = await closureOf(userId);
    if (row?.state === 'PROCESSED') return row;
    if (Date.now() > deadline) throw new Error(`closure not processed: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function supportViewOf(email: string) {
  const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/impersonate',
    headers: bearer(support.accessToken),
    payload: { username: email },
  });
  return res.json().access_token as string;
}

describe('close my account (issue 23)', () => {
  it('refuses a support view and a wrong password, with a clear message, and changes nothing', async () => {
    const person = await signedInUser(t.app);
    const before = await t.database.db.select().from(users).where(eq(users.id, person.id));

    const view = await close(await supportViewOf(person.email), { password: PASSWORD, scope: 'EVERYTHING' });
    expect(view.statusCode).toBe(403);
    expect(view.json().message).toBe(SUPPORT_VIEW_READ_ONLY);

    const wrong = await close(person.accessToken, { password: 'Not-my-password1', scope: 'EVERYTHING' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      message: CLOSURE_TEXTS.wrongPassword,
      fields: { password: CLOSURE_TEXTS.wrongPassword },
    });
    const noScope = await close(person.accessToken, { password: PASSWORD, scope: 'SOME' });
    expect(noScope.statusCode).toBe(400);
    expect(noScope.json().fields.scope).toBe(CLOSURE_TEXTS.scopeRequired);
    const noPassword = await close(person.accessToken, { password: '', scope: 'RESEARCH' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields.password).toBe(CLOSURE_TEXTS.passwordRequired);

    expect(await closureOf(person.id)).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.id, person.id))).toEqual(before);
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: bearer(person.accessToken) })).statusCode,
    ).toBe(200);
    await signIn(t.app, person.email);
    expect((await state(person.accessToken)).json()).toEqual({ closure: null });
  });

  it("answers about the caller only: another person's token sees no closure, and no token nothing", async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    expect((await close(owner.accessToken, { password: PASSWORD, scope: 'RESEARCH' })).statusCode).toBe(202);
    const seen = await state(stranger.accessToken);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ closure: null });
    // Another person's password does not close the owner's account either: it closes nothing.
    const other = await close(stranger.accessToken, { password: 'Wrong-password-9', scope: 'RESEARCH' });
    expect(other.statusCode).toBe(403);
    expect(await closureOf(stranger.id)).toBeUndefined();
    expect((await t.app.inject({ url: '/api/me/closure' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/me/closure', payload: { password: PASSWORD } }))
        .statusCode,
    ).toBe(401);
    await processed(owner.id);
  }, 60_000);

  it('closes the account in the background: no sign-in, sessions ended, the subscription cancelled, the unsent kit refunded, answers and reports deleted, the study told, orders and consents kept', async () => {
    const person: ClosingPerson = await closingPerson(t.app, t.database);
    const res = await close(person.accessToken, { password: PASSWORD, scope: 'EVERYTHING' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ scope: 'EVERYTHING', state: 'RECEIVED', processedAt: null });

    // At once: every session ends, and neither the password nor the address opens anything.
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: bearer(person.accessToken) })).statusCode,
    ).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: person.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe(AUTH_MESSAGES.loginFailed);
    // The closing session still reads its own request, and only that.
    const followed = await state(person.accessToken);
    expect(followed.statusCode).toBe(200);
    expect(followed.json().closure.id).toBe(res.json().id);

    const row = await processed(person.id);
    expect(row.stepsDone).toEqual([
      'subscription',
      'kits',
      'research',
      'samples',
      'personal-records',
      'erase',
    ]);
    expect(row.email).toBeNull();
    const done = (await state(person.accessToken)).json().closure;
    expect(done).toMatchObject({ state: 'PROCESSED', processedAt: expect.any(String) });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: PASSWORD },
    });
    expect(second.statusCode).toBe(401);

    const db = t.database.db;
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, person.subscriptionId));
    expect(sub?.cancelledAt).not.toBeNull();
    expect(sub?.paymentCustomer).toBe('');
    const [paidKit] = await db.select().from(kits).where(eq(kits.id, person.paidKitId));
    expect(paidKit?.kitStatus).toBe('REFUNDED');
    const refunds = await db
      .select()
      .from(testPaymentRefunds)
      .where(eq(testPaymentRefunds.paymentId, person.paidPaymentId));
    expect(refunds.map((r) => r.amountCents)).toEqual([34_900]);
    const [charge] = await db
      .select()
      .from(testPaymentCharges)
      .where(eq(testPaymentCharges.id, person.paidPaymentId));
    expect(charge?.refundedAt).not.toBeNull();

    expect(
      await db.select().from(surveyAnswers).where(eq(surveyAnswers.kitId, person.reportedKitId)),
    ).toEqual([]);
    expect(await db.select().from(labResults).where(eq(labResults.kitId, person.reportedKitId))).toEqual([]);
    expect(await db.select().from(projectMembers).where(eq(projectMembers.userId, person.id))).toEqual([]);
    const [reported] = await db.select().from(kits).where(eq(kits.id, person.reportedKitId));
    const destroy = await db.select().from(sampleDestructions);
    expect(destroy.map((d) => d.sampleIdentifier)).toContain(reported?.sampleIdentifier);

    const contactMail = await db.select().from(outbox).where(eq(outbox.to, person.contactEmail));
    expect(contactMail).toHaveLength(1);
    expect(contactMail[0]?.text).toContain(reported?.sampleIdentifier);
    expect(contactMail[0]?.text).not.toContain(person.personal.firstName);
    const confirmation = await db.select().from(outbox).where(eq(outbox.to, person.email));
    expect(confirmation.map((m) => m.subject)).toEqual([CLOSURE_TEXTS.mailSubject('Microbiome Lab')]);

    const kept = await db.select().from(orders).where(eq(orders.userId, person.id));
    expect(kept).toHaveLength(2);
    for (const o of kept) expect(o).toMatchObject({ purchaserFirstName: '', purchaserLastName: '' });
    const consents = await db
      .select()
      .from(consentResponses)
      .where(eq(consentResponses.consenterId, person.id));
    expect(consents.map((c) => [c.consented, c.withdrawal])).toEqual(
      expect.arrayContaining([
        [true, false],
        [false, true],
      ]),
    );
  }, 90_000);

  it('is idempotent: a second request, a second run and an operator asking again change nothing more', async () => {
    const person = await signedInUser(t.app);
    const [first, second] = await Promise.all([
      close(person.accessToken, { password: PASSWORD, scope: 'RESEARCH' }),
      close(person.accessToken, { password: PASSWORD, scope: 'EVERYTHING' }),
    ]);
    // Both arrived while the session was live: the second finds the first (or is already signed out).
    const answered = [first, second].filter((r) => r.statusCode < 300);
    expect(new Set(answered.map((r) => r.json().id)).size).toBe(1);
    expect([first.statusCode, second.statusCode]).toContain(202);
    const row = await processed(person.id);
    expect(row.scope).toBe(first.statusCode === 202 ? 'RESEARCH' : 'EVERYTHING');

    const digest = await databaseDigest();
    await runClosure(t.app.ctx, payments, row.id);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/closures',
      headers: ops,
      payload: { email: person.email, scope: 'EVERYTHING' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: row.id, state: 'PROCESSED' });
    expect(await databaseDigest()).toEqual(digest);
  }, 60_000);

  it('resumes a closure cut short half-way, and refunds the kit exactly once', async () => {
    const person = await closingPerson(t.app, t.database);
    failNextRefund = true;
    const before = refundCalls.length;
    expect((await close(person.accessToken, { password: PASSWORD, scope: 'RESEARCH' })).statusCode).toBe(202);
    const row = await processed(person.id);
    expect(failNextRefund).toBe(false);
    // The failed attempt and the retry each asked once; the provider took one refund.
    expect(refundCalls.slice(before).filter((id) => id === person.paidPaymentId)).toHaveLength(2);
    const refunds = await t.database.db
      .select()
      .from(testPaymentRefunds)
      .where(eq(testPaymentRefunds.paymentId, person.paidPaymentId));
    expect(refunds).toHaveLength(1);
    const recorded = await t.database.db
      .select()
      .from(closureRefunds)
      .where(eq(closureRefunds.closureId, row.id));
    // The paid kit and the subscription's first kit (asked for, not sent yet), each once.
    expect(recorded).toHaveLength(2);
    expect(recorded.filter((r) => r.kitId === person.paidKitId)).toHaveLength(1);
    // "Stop using my data for research": the lab is not asked to destroy anything.
    const [kit] = await t.database.db.select().from(kits).where(eq(kits.id, person.reportedKitId));
    expect(
      await t.database.db
        .select()
        .from(sampleDestructions)
        .where(eq(sampleDestructions.sampleIdentifier, kit?.sampleIdentifier ?? '')),
    ).toEqual([]);
  }, 90_000);

  it('resumes from the step after the last one done when the job dies between steps', async () => {
    // No workers: this app only records the request, and the test runs the job by hand.
    const idle = await createTestApp();
    try {
      const person = await closingPerson(idle.app, idle.database);
      const res = await idle.app.inject({
        method: 'POST',
        url: '/api/me/closure',
        headers: bearer(person.accessToken),
        payload: { password: PASSWORD, scope: 'EVERYTHING' },
      });
      expect(res.statusCode).toBe(202);
      const provider = embeddedPayments(idle.database.db);
      const crash = (at: string) => ({
        beforeStep: (step: string) => {
          if (step === at) throw new Error(`killed before ${at}`);
        },
      });
      await expect(
        runClosure(idle.app.ctx, provider, res.json().id, { hooks: crash('personal-records') }),
      ).rejects.toThrow('killed before personal-records');
      const [half] = await idle.database.db
        .select()
        .from(closureRequests)
        .where(eq(closureRequests.id, res.json().id));
      expect(half).toMatchObject({
        state: 'RECEIVED',
        stepsDone: ['subscription', 'kits', 'research', 'samples'],
        lastError: 'personal-records: killed before personal-records',
      });
      const seen: string[] = [];
      await runClosure(idle.app.ctx, provider, res.json().id, {
        hooks: { beforeStep: (s) => void seen.push(s) },
      });
      expect(seen).toEqual(['personal-records', 'erase']);
      const [done] = await idle.database.db
        .select()
        .from(closureRequests)
        .where(eq(closureRequests.id, res.json().id));
      expect(done).toMatchObject({ state: 'PROCESSED', lastError: null });
      // The job queued with the request is still there for the queue: it finds the closure done.
      const jobs = await idle.app.jobs.list({ queue: 'account.closure' });
      expect(jobs.jobs.map((j) => j.data)).toEqual([{ closureId: res.json().id }]);
    } finally {
      await idle.close();
    }
  }, 90_000);
});

describe('ops user:close and the lab', () => {
  it('closes an account asked for by post or phone, audited; asked again it answers the same request', async () => {
    const person = await signedInUser(t.app);
    const kit = await kitAtLab(t.app, person.email);
    const stranger = await signedInUser(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/closures',
      headers: bearer(stranger.accessToken),
      payload: { email: person.email, scope: 'EVERYTHING' },
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/closures',
      headers: ops,
      payload: { email: 'nobody-here@example.com', scope: 'EVERYTHING' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CLOSURE_TEXTS.noAccount);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/closures',
      headers: ops,
      payload: { email: person.email.toUpperCase(), scope: 'EVERYTHING' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'RECEIVED', scope: 'EVERYTHING' });
    const row = await processed(person.id);
    expect(row.requestedBy).toBe('OPERATOR');
    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'user.close'), eq(staffAudit.entityId, row.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorLabel).toBe('operator key');
    expect(JSON.stringify(audit)).not.toContain(person.email);

    // The lab's list: the sample at the lab, destroyed once, audited.
    const list = await t.app.inject({ url: '/api/admin/sample-destructions', headers: ops });
    expect(list.json().map((d: { sampleIdentifier: string }) => d.sampleIdentifier)).toContain(
      kit.sampleIdentifier,
    );
    const destroyed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/sample-destructions/${kit.sampleIdentifier}/destroyed`,
      headers: ops,
    });
    expect(destroyed.statusCode).toBe(200);
    expect(destroyed.json().destroyedAt).not.toBeNull();
    const pending = await t.app.inject({ url: '/api/admin/sample-destructions', headers: ops });
    expect(pending.json().map((d: { sampleIdentifier: string }) => d.sampleIdentifier)).not.toContain(
      kit.sampleIdentifier,
    );
    const unknownSample = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sample-destructions/MBNOSUCH/destroyed',
      headers: ops,
    });
    expect(unknownSample.statusCode).toBe(404);
    expect(unknownSample.json().code).toBe(ERROR_CODES.notFound);
  }, 60_000);
});

describe('retention', () => {
  it("deletes a closed account's orders after 7 years, and keeps everyone else's", async () => {
    const closing = await closingPerson(t.app, t.database);
    const staying = await closingPerson(t.app, t.database);
    expect((await close(closing.accessToken, { password: PASSWORD, scope: 'RESEARCH' })).statusCode).toBe(
      202,
    );
    await processed(closing.id);
    const eightYearsAgo = new Date(Date.now() - 8 * 365.25 * 24 * 3600 * 1000);
    await t.database.db.update(orders).set({ createdAt: eightYearsAgo });
    const ordersOf = async (userId: string) =>
      t.database.db.select().from(orders).where(eq(orders.userId, userId));
    expect(await ordersOf(closing.id)).toHaveLength(2);
    const { deleted } = await purgeExpiredOrders(t.app.ctx);
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await ordersOf(closing.id)).toEqual([]);
    expect(await ordersOf(staying.id)).toHaveLength(2);
    // Six years after the closure, nothing goes yet.
    const later = await purgeExpiredOrders(t.app.ctx, new Date(Date.now() - 2 * 365.25 * 24 * 3600 * 1000));
    expect(later.deleted).toBe(0);
  }, 90_000);
});

/** Every table's rows but the audit, the counters and the job queue's own bookkeeping. */
async function databaseDigest() {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rows<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public'
      and tablename not in ('staff_audit', 'impersonation_audit', 'rate_limits') order by tablename`,
  );
  const digest: Record<string, string | undefined> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ d: string }>(
      sql`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d from ${sql.identifier(name)} r`,
    );
    digest[name] = row?.d;
  }
  return digest;
}
