import { ERROR_CODES, NOTIFICATION_TEXTS, type Notification, SUPPORT_VIEW_READ_ONLY } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMessage } from '../../adapters/mail/dispatcher.ts';
import { emailPreferences, notifications, outbox, reminders } from '../../db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestApp,
  kitAtLab,
  must,
  ops,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';
import { completeQuestionnaires } from '../../test/questionnaires.ts';
import { runReminder } from '../reminders/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Inbox = { notifications: Notification[]; unread: number; emailUndeliverable: boolean };
async function inbox(token: string) {
  const res = await t.app.inject({ url: '/api/me/notifications', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Inbox;
}
const kitStep = (kitId: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/kits/${kitId}`, headers: ops, payload });
const advance = (hours: number) =>
  t.app.inject({ method: 'POST', url: '/api/admin/reminders/advance', headers: ops, payload: { hours } });
const mailTo = (email: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id);
const remindersOf = (kitId: number) =>
  t.database.db.select().from(reminders).where(eq(reminders.kitId, kitId)).orderBy(reminders.step);

async function viewAs(email: string) {
  const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/impersonate',
    headers: bearer(support.accessToken),
    payload: { username: email },
  });
  return res.json().access_token as string;
}

async function activatedKit(person: { email: string; accessToken: string }) {
  const kit = await createKit(t.app, { ownerEmail: person.email });
  const activated = await t.app.inject({
    method: 'POST',
    url: `/api/kits/${kit.id}/activate`,
    headers: bearer(person.accessToken),
    payload: { addressLine1: '9 Test St', suburb: 'Brisbane City', state: 'QLD', postcode: '4000' },
  });
  expect(activated.statusCode, activated.body).toBeLessThan(300);
  return kit;
}

describe('one notification per message, in the inbox and by email', () => {
  it('writes kit progress to the inbox with each channel and its status, and the email follows the mail job', async () => {
    const person = await signedInUser(t.app);
    const kit = await activatedKit(person);
    expect((await kitStep(kit.id, { kitStatus: 'DISPATCHED_BY_LAB' })).statusCode).toBe(200);

    const box = await inbox(person.accessToken);
    expect(box.unread).toBe(2);
    expect(box.notifications.map((n) => n.subject)).toEqual([
      'Your Microbiome Lab kit is on its way',
      'We are packing your Microbiome Lab kit',
    ]);
    const [dispatched] = box.notifications as [Notification];
    expect(dispatched).toMatchObject({
      category: 'KIT_PROGRESS',
      link: `/kits?scrollingPosition=kit-${kit.id}`,
      actionLabel: 'Follow your kit',
      read: false,
    });
    expect(dispatched.body).toContain('has left our lab');
    expect(dispatched.deliveries.map((d) => [d.channel, d.status])).toEqual([
      ['IN_APP', 'SENT'],
      ['EMAIL', 'QUEUED'],
    ]);

    // The email's words are the notification's: the same subject, the body and the action's link.
    const mail = await mailTo(person.email);
    const email = must(mail.at(-1), 'the dispatch email');
    expect(email.subject).toBe(dispatched.subject);
    expect(email.text).toContain(dispatched.body);
    expect(email.links[0]).toBe(`http://localhost:3000${dispatched.link}`);

    // The mail job sends it: the delivery says so.
    await deliverMessage(t.database.db, { send: async () => {} }, email.id);
    const after = (await inbox(person.accessToken)).notifications[0] as Notification;
    expect(after.deliveries.find((d) => d.channel === 'EMAIL')?.status).toBe('SENT');
  });

  it('marks a message read when the person opens it; reading it by GET or through a support view changes nothing', async () => {
    const person = await signedInUser(t.app);
    await activatedKit(person);
    const [message] = (await inbox(person.accessToken)).notifications as [Notification];

    const got = await t.app.inject({
      url: `/api/me/notifications/${message.id}`,
      headers: bearer(person.accessToken),
    });
    expect(got.json().read).toBe(false);

    const view = await viewAs(person.email);
    const seen = await inbox(view);
    expect(seen.notifications.map((n) => n.id)).toEqual([message.id]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/me/notifications/${message.id}/read`,
      headers: bearer(view),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: SUPPORT_VIEW_READ_ONLY,
      code: ERROR_CODES.supportViewReadOnly,
    });
    expect((await inbox(person.accessToken)).unread).toBe(1);

    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/me/notifications/${message.id}/read`,
      headers: bearer(person.accessToken),
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().read).toBe(true);
    const bell = await t.app.inject({
      url: '/api/me/notifications/unread',
      headers: bearer(person.accessToken),
    });
    expect(bell.json()).toEqual({ unread: 0, emailUndeliverable: false });
  });

  it("never shows or marks another person's message: 404, and it stays unread", async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    await activatedKit(owner);
    const [message] = (await inbox(owner.accessToken)).notifications as [Notification];
    for (const request of [
      { method: 'GET' as const, url: `/api/me/notifications/${message.id}` },
      { method: 'POST' as const, url: `/api/me/notifications/${message.id}/read` },
    ]) {
      const res = await t.app.inject({ ...request, headers: bearer(stranger.accessToken) });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NOTIFICATION_TEXTS.notFound);
    }
    expect((await inbox(stranger.accessToken)).notifications).toEqual([]);
    expect((await inbox(owner.accessToken)).unread).toBe(1);
    expect((await t.app.inject({ url: '/api/me/notifications' })).statusCode).toBe(401);
  });

  it('still reaches the inbox when the person switched the category off; the email is recorded as not sent, and why', async () => {
    const person = await signedInUser(t.app);
    await t.database.db
      .insert(emailPreferences)
      .values({ userId: person.id, category: 'KIT_PROGRESS', subscribed: false, source: 'PROFILE' });
    await activatedKit(person);
    const [message] = (await inbox(person.accessToken)).notifications as [Notification];
    expect(message.deliveries.map((d) => [d.channel, d.status, d.detail])).toEqual([
      ['IN_APP', 'SENT', null],
      ['EMAIL', 'SKIPPED', 'Kit progress emails are switched off.'],
    ]);
    expect(await mailTo(person.email)).toEqual([]);
  });
});

describe('reminders that stop when the task is done', () => {
  it('reminds about the questionnaires a day after the sample arrives, and not again once they are complete', async () => {
    const person = await signedInUser(t.app);
    const kit = await kitAtLab(t.app, person.email);
    const scheduled = await remindersOf(kit.id);
    expect(scheduled.filter((r) => r.kind === 'QUESTIONNAIRES').map((r) => r.step)).toEqual([1, 2]);
    // Each step is a pg-boss job that starts when it is due.
    const jobs = await t.database.db.execute(
      sql`select data, start_after > now() + interval '23 hours' as later from pgboss.job where name = 'reminder' and (data->>'reminderId')::bigint in (${sql.join(
        scheduled.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
    const rows = (jobs as unknown as { rows: { later: boolean }[] }).rows;
    expect(rows.filter((r) => r.later).length).toBeGreaterThanOrEqual(2);

    // Nothing yet: not due.
    expect((await advance(1)).json()).toMatchObject({ sent: 0 });
    expect((await advance(23)).json()).toMatchObject({ sent: 1 });
    const box = await inbox(person.accessToken);
    expect(box.notifications[0]).toMatchObject({
      subject: 'Please complete your questionnaires',
      category: 'QUESTIONNAIRE_REMINDERS',
      link: '/surveys',
    });
    const reminderMail = (await mailTo(person.email)).filter((m) => m.kind === 'reminder');
    expect(reminderMail.map((m) => m.subject)).toEqual(['Please complete your questionnaires']);
    // A reminder may be switched off: it carries the category's one-click unsubscribe.
    expect(reminderMail[0]?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Running its job again (the queue's retry, the sweep) sends nothing more.
    const first = must(scheduled[0], 'step 1');
    expect(await runReminder(t.app.ctx, first.id)).toBe('SETTLED');

    await completeQuestionnaires(t.database.db, kit.id);
    expect((await advance(24)).json()).toMatchObject({ sent: 0 });
    const settled = (await remindersOf(kit.id)).filter((r) => r.kind === 'QUESTIONNAIRES');
    expect(settled.map((r) => r.outcome)).toEqual(['SENT', 'DONE']);
    const reminderNotes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, person.id), eq(notifications.kind, 'reminder-questionnaires')));
    expect(reminderNotes).toHaveLength(1);
  });

  it('is sent once when its job and the clock run it at the same moment', async () => {
    const person = await signedInUser(t.app);
    const kit = await kitAtLab(t.app, person.email);
    const [step1] = await remindersOf(kit.id);
    await t.database.db
      .update(reminders)
      .set({ dueAt: sql`now() - interval '1 minute'` })
      .where(eq(reminders.id, must(step1, 'step 1').id));
    const outcomes = await Promise.all([1, 2, 3].map(() => runReminder(t.app.ctx, must(step1, 'step 1').id)));
    expect(outcomes.filter((o) => o === 'SENT')).toHaveLength(1);
    const sent = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, person.id), eq(notifications.kind, 'reminder-questionnaires')));
    expect(sent).toHaveLength(1);
  });

  it('respects the email choice: a reminder reaches the inbox, not the mailbox, when reminders are switched off', async () => {
    const person = await signedInUser(t.app);
    await t.database.db.insert(emailPreferences).values({
      userId: person.id,
      category: 'QUESTIONNAIRE_REMINDERS',
      subscribed: false,
      source: 'PROFILE',
    });
    await kitAtLab(t.app, person.email);
    await advance(24);
    const [latest] = (await inbox(person.accessToken)).notifications as [Notification];
    expect(latest.subject).toBe('Please complete your questionnaires');
    expect(latest.deliveries.find((d) => d.channel === 'EMAIL')?.status).toBe('SKIPPED');
    expect((await mailTo(person.email)).filter((m) => m.kind === 'reminder')).toEqual([]);
  });

  it('cancels the return reminder the moment the sample reaches the lab', async () => {
    const person = await signedInUser(t.app);
    const kit = await activatedKit(person);
    const [pending] = await remindersOf(kit.id);
    expect(pending).toMatchObject({ kind: 'SAMPLE_RETURN', sentAt: null, cancelledAt: null });
    await kitStep(kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
    await kitStep(kit.id, { sampleStatus: 'RECEIVED_BY_LAB' });
    const [cancelled] = (await remindersOf(kit.id)).filter((r) => r.kind === 'SAMPLE_RETURN');
    expect(cancelled?.outcome).toBe('DONE');
    expect(cancelled?.cancelledAt).not.toBeNull();
  });

  it('reminds about a kit whose sample has not come back after 14 days', async () => {
    const person = await signedInUser(t.app);
    await activatedKit(person);
    await advance(14 * 24);
    const [latest] = (await inbox(person.accessToken)).notifications as [Notification];
    expect(latest.subject).toBe('Have you posted your sample back?');
  });

  it('refuses a clock move that is not a whole number of hours, with the reason', async () => {
    const res = await advance(0);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('hours must be a whole number from 1 to 2000.');
  });
});

describe('delivery you can see', () => {
  it('records a hard bounce; after three the address is marked undeliverable, mail stops and the person can say it is right', async () => {
    const person = await signedInUser(t.app);
    const refusing = {
      send: async () => {
        throw Object.assign(new Error('550 5.1.1 No such user'), { responseCode: 550 });
      },
    };
    for (let i = 0; i < 3; i++) await activatedKit(person);
    const mail = await mailTo(person.email);
    expect(mail).toHaveLength(3);
    for (const m of mail) await deliverMessage(t.database.db, refusing, m.id);

    const box = await inbox(person.accessToken);
    expect(box.emailUndeliverable).toBe(true);
    const email = box.notifications[0]?.deliveries.find((d) => d.channel === 'EMAIL');
    expect(email).toMatchObject({ status: 'BOUNCED', detail: '550 5.1.1 No such user' });

    // No more mail to an address that bounces; the inbox still gets every message.
    await activatedKit(person);
    const [latest] = (await inbox(person.accessToken)).notifications as [Notification];
    expect(latest.deliveries.find((d) => d.channel === 'EMAIL')).toMatchObject({
      status: 'SKIPPED',
      detail: 'The address is marked undeliverable after 3 hard bounces.',
    });
    expect(await mailTo(person.email)).toHaveLength(3);

    const view = await viewAs(person.email);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/me/email-deliverable', headers: bearer(view) }))
        .statusCode,
    ).toBe(403);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/me/email-deliverable',
      headers: bearer(person.accessToken),
    });
    expect(confirmed.json()).toEqual({ message: NOTIFICATION_TEXTS.addressConfirmed });
    expect((await inbox(person.accessToken)).emailUndeliverable).toBe(false);
  });

  it('takes a bounce report for a message, and refuses one for a message that does not exist', async () => {
    const person = await signedInUser(t.app);
    await activatedKit(person);
    const [m] = await mailTo(person.email);
    const report = (mailId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/mail/bounces',
        headers: ops,
        payload: { mailId, hard: false, detail: 'Mailbox full' },
      });
    expect((await report(must(m, 'mail').id)).json()).toEqual({ undeliverable: false });
    const [latest] = (await inbox(person.accessToken)).notifications as [Notification];
    expect(latest.deliveries.find((d) => d.channel === 'EMAIL')).toMatchObject({
      status: 'BOUNCED',
      detail: 'Mailbox full',
    });
    const missing = await report(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    const asPerson = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mail/bounces',
      headers: bearer(person.accessToken),
      payload: { mailId: must(m, 'mail').id, hard: true, detail: 'x' },
    });
    expect(asPerson.statusCode).toBe(403);
  });
});
