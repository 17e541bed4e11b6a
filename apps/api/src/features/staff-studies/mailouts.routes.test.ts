import { MAILOUT_TEXTS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailJobs } from '../../adapters/mail/dispatcher.ts';
import { listMail, MAILOUT_BATCH_QUEUE } from '../../adapters/mail/outbox.ts';
import { smtpTransport } from '../../adapters/mail/transport.ts';
import {
  candidates,
  emailPreferences,
  mailouts,
  outbox,
  projectMembers,
  users,
} from '../../db/schema/index.ts';
import { type JobQueue, listJobs, startJobQueue } from '../../lib/job-queue.ts';
import { bearer, createTestApp, signedInUser, type TestApp, uniqueEmail } from '../../test/helpers.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { signedInStaff } from '../../test/staff.ts';
import { expandMailout, mailoutJobs } from './mailouts.service.ts';

// Issue 35 item 7: a STUDY staff member previews and sends a message to a project's participants; it
// goes only to those who get Research news, through the queue at a bounded rate, to a real SMTP server.

let t: TestApp;
let sink: SmtpSink;
let study: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  sink = await startSmtpSink({ tls: false });
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAILOUT_RATE: '50' });
  study = await signedInStaff(t.app, ['STUDY']);
}, 60_000);
afterAll(async () => {
  await t.close();
  await sink.close();
});

const post = (url: string, payload: object, token = study.accessToken) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const get = (url: string, token = study.accessToken) => t.app.inject({ url, headers: bearer(token) });

async function newProject() {
  const res = await post('/api/staff/projects', {
    name: `Mail study ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    logisticType: 'CLIENT_MANAGED',
    surveys: ['food'],
    contactName: 'Dr Who',
    email: 'study@example.com',
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

/** Participants of the project; `news` false: they switched Research news off, true: on, null: never chose. */
async function participants(projectId: number, choices: (boolean | null)[]) {
  const emails: string[] = [];
  for (const news of choices) {
    const email = uniqueEmail('participant');
    const [user] = await t.database.db
      .insert(users)
      .values({ email, passwordHash: 'x', firstName: 'Pat', lastName: 'Part' })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    await t.database.db.insert(projectMembers).values({ userId: user.id, projectId });
    if (news !== null)
      await t.database.db
        .insert(emailPreferences)
        .values({ userId: user.id, category: 'RESEARCH_NEWS', subscribed: news, source: 'PROFILE' });
    emails.push(email);
  }
  return emails;
}

const draft = {
  subject: 'Thank you from the <Gut> study',
  body: 'Thank you for taking part.\n\nThe first results will be shared in March.',
};

describe('study mail-outs', () => {
  it('previews the message as participants see it, with how many get Research news, sending nothing', async () => {
    const projectId = await newProject();
    await participants(projectId, [true, null, false]);
    const res = await post(`/api/staff/projects/${projectId}/mailouts/preview`, draft);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.recipients).toBe(2);
    expect(preview.subject).toBe(draft.subject);
    expect(preview.html).toContain('Thank you from the &lt;Gut&gt; study');
    expect(preview.html).toContain('<p style="margin:0 0 14px">Thank you for taking part.</p>');
    expect(preview.html).toContain(MAILOUT_TEXTS.action);
    expect(preview.text).toContain(
      'Hello,\n\nThank you for taking part.\n\nThe first results will be shared in March.',
    );
    expect(await t.database.db.select().from(mailouts).where(eq(mailouts.projectId, projectId))).toEqual([]);
  });

  it('refuses an empty subject or message, a project with nobody to write to, other roles and customers', async () => {
    const projectId = await newProject();
    const empty = await post(`/api/staff/projects/${projectId}/mailouts`, { subject: ' ', body: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(MAILOUT_TEXTS.subjectRequired);
    const noBody = await post(`/api/staff/projects/${projectId}/mailouts/preview`, {
      subject: 'S',
      body: '',
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.body).toContain(MAILOUT_TEXTS.bodyRequired);
    await participants(projectId, [false]);
    const nobody = await post(`/api/staff/projects/${projectId}/mailouts`, draft);
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toBe(MAILOUT_TEXTS.noRecipients);
    expect((await post('/api/staff/projects/999999/mailouts', draft)).statusCode).toBe(404);
    const lab = await signedInStaff(t.app, ['LAB']);
    expect((await post(`/api/staff/projects/${projectId}/mailouts`, draft, lab.accessToken)).statusCode).toBe(
      403,
    );
    const customer = await signedInUser(t.app);
    expect(
      (await post(`/api/staff/projects/${projectId}/mailouts`, draft, customer.accessToken)).statusCode,
    ).toBe(403);
    expect(await t.database.db.select().from(mailouts).where(eq(mailouts.projectId, projectId))).toEqual([]);
  });

  it('sends to those who get Research news through the queue, over SMTP, each with their own unsubscribe link', async () => {
    const projectId = await newProject();
    const [on, unset, off] = await participants(projectId, [true, null, false]);
    const res = await post(`/api/staff/projects/${projectId}/mailouts`, draft);
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json();
    expect(sent).toMatchObject({ recipients: 2, queued: 0, sent: 0, delivering: true, ratePerSecond: 50 });

    const before = sink.count();
    const worker: JobQueue = await startJobQueue(t.database, [
      ...mailJobs(t.database.db, smtpTransport(`smtp://127.0.0.1:${sink.port}`, 'Study <s@example.com>'), {
        pollingIntervalSeconds: 0.5,
      }),
      ...mailoutJobs(t.app.ctx),
    ]);
    try {
      await until(async () => sink.count() >= before + 2);
      await until(async () => {
        const r = await get(`/api/staff/projects/${projectId}/mailouts/${sent.id}`);
        if (r.statusCode !== 200) throw new Error(r.body);
        return r.json().sent === 2;
      });
    } finally {
      await worker.stop();
    }
    const progress = (await get(`/api/staff/projects/${projectId}/mailouts/${sent.id}`)).json();
    expect(progress).toMatchObject({ recipients: 2, queued: 2, sent: 2 });
    expect((await get(`/api/staff/projects/${projectId}/mailouts`)).json().mailouts[0].id).toBe(sent.id);

    // The worker also sends what earlier tests queued (staff invitations): the mail-out's are by subject.
    const received = (await Promise.all(sink.received.slice(before).map((r) => simpleParser(r.raw)))).filter(
      (m) => m.subject === draft.subject,
    );
    expect(received.map((m) => m.to && 'text' in m.to && m.to.text).sort()).toEqual([on, unset].sort());
    expect(received.map((m) => m.to && 'text' in m.to && m.to.text)).not.toContain(off);
    const links = received.map((m) => {
      expect(m.subject).toBe(draft.subject);
      expect(m.text).toContain('The first results will be shared in March.');
      expect(String(m.html)).not.toMatch(/SLOT[A-Z]+SLOT/);
      const line = m.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
      expect(line).toMatch(/one-click\?token=/);
      expect(m.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toContain(
        'List-Unsubscribe=One-Click',
      );
      const page = /https?:\/\/\S+\/email-unsubscribe\?token=[^\s"<]+/.exec(m.text ?? '')?.[0];
      expect(String(m.html)).toContain(page?.replaceAll('&', '&amp;'));
      return page;
    });
    // Each recipient's own link.
    expect(new Set(links).size).toBe(2);
    const audit = await get(`/api/staff/projects/${projectId}`);
    expect(audit.statusCode).toBe(200);
  });

  it('queues the batches at the bounded rate, and writes nobody twice when the expansion runs again', async () => {
    const projectId = await newProject();
    await participants(
      projectId,
      Array.from({ length: 250 }, () => null),
    );
    const res = await post(`/api/staff/projects/${projectId}/mailouts`, draft);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    await expandMailout(t.app.ctx, id);
    await expandMailout(t.app.ctx, id);
    const rows = await t.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.mailoutId, id));
    expect(rows).toHaveLength(250);
    const jobs = (await listJobs(t.database.db, { queue: MAILOUT_BATCH_QUEUE, limit: 1000 })).jobs.filter(
      (j) => (j.data as { mailoutId: number }).mailoutId === id,
    );
    // 100 a batch, at 50 a second: the batches may start 0, 2 and 4 seconds after the mail-out.
    expect(jobs.map((j) => (j.data as { ids: number[] }).ids.length).sort()).toEqual([100, 100, 50]);
    const [mailout] = await t.database.db.select().from(mailouts).where(eq(mailouts.id, id));
    const offsets = jobs
      .map((j) => (new Date(j.startAfter).getTime() - (mailout?.createdAt.getTime() ?? 0)) / 1000)
      .sort((a, b) => a - b);
    expect(offsets).toEqual([0, 2, 4]);
  });
});

describe('study mail-outs to a recruitment’s candidates', () => {
  async function recruitmentWithCandidates() {
    const res = await post('/api/staff/recruitments', {
      title: `Mail-out recruitment ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      consents: [
        {
          title: 'Study information',
          htmlContent: '<p>About it.</p>',
          agreeLabel: 'Yes',
          disagreeLabel: 'No',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const recruitmentId = (res.json() as { id: number }).id;
    const emails = {
      invited: uniqueEmail('invited'),
      confirmed: uniqueEmail('confirmed'),
      unconfirmed: uniqueEmail('unconfirmed'),
      unsubscribed: uniqueEmail('unsubscribed'),
    };
    const person = { recruitmentId, firstName: 'Cam', lastName: 'Candidate' };
    await t.database.db.insert(candidates).values([
      { ...person, email: emails.invited },
      {
        ...person,
        email: emails.confirmed,
        source: 'EXPRESSION_OF_INTEREST',
        emailValidatedAt: new Date(),
      },
      { ...person, email: emails.unconfirmed, source: 'EXPRESSION_OF_INTEREST' },
      { ...person, email: emails.unsubscribed, unsubscribedAt: new Date() },
    ]);
    return { recruitmentId, emails };
  }

  it('previews and sends only to candidates who may be contacted, each with their own unsubscribe link and one-click header', async () => {
    const { recruitmentId, emails } = await recruitmentWithCandidates();
    const base = `/api/staff/recruitments/${recruitmentId}/mailouts`;
    const preview = await post(`${base}/preview`, draft);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().recipients).toBe(2);
    expect(preview.json().text).toContain('If you do not want to hear from this study again:');
    expect(preview.json().text).not.toContain(MAILOUT_TEXTS.action);

    const res = await post(base, draft);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ recruitmentId, projectId: null, recipients: 2 });
    await expandMailout(t.app.ctx, res.json().id);
    expect((await get(`${base}/${res.json().id}`)).json()).toMatchObject({ recipients: 2, queued: 2 });
    expect((await get(base)).json().mailouts.map((m: { id: number }) => m.id)).toEqual([res.json().id]);

    for (const absent of [emails.unconfirmed, emails.unsubscribed])
      expect(await listMail(t.database.db, absent)).toEqual([]);
    const oneClicks: string[] = [];
    for (const to of [emails.invited, emails.confirmed]) {
      const [mail] = await listMail(t.database.db, to);
      expect(mail?.subject).toBe(draft.subject);
      expect(mail?.text).toContain('The first results will be shared in March.');
      expect(mail?.text).toMatch(
        /If you do not want to hear from this study again: \S+\/unsubscribe\?token=\S+/,
      );
      expect(mail?.html).not.toMatch(/SLOT[A-Z]+SLOT/);
      expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const oneClick = /^<(.+)>$/.exec(mail?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
      expect(oneClick).toContain('/api/recruitment/unsubscribe/one-click?token=');
      oneClicks.push(oneClick);
    }

    // RFC 8058: the mail client's one-click POST unsubscribes the candidate: the next preview counts one.
    const url = new URL(oneClicks[0] ?? '');
    const clicked = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect((await post(`${base}/preview`, draft)).json().recipients).toBe(1);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/recruitment/unsubscribe/one-click?token=forged',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
  });

  it('refuses a recruitment nobody may be contacted in, an unknown one, other roles and customers', async () => {
    const { recruitmentId } = await recruitmentWithCandidates();
    await t.database.db
      .update(candidates)
      .set({ unsubscribedAt: new Date() })
      .where(eq(candidates.recruitmentId, recruitmentId));
    const base = `/api/staff/recruitments/${recruitmentId}/mailouts`;
    const nobody = await post(base, draft);
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toBe(MAILOUT_TEXTS.noCandidates);
    expect((await post('/api/staff/recruitments/999999/mailouts/preview', draft)).statusCode).toBe(404);
    const lab = await signedInStaff(t.app, ['LAB']);
    expect((await post(base, draft, lab.accessToken)).statusCode).toBe(403);
    const customer = await signedInUser(t.app);
    expect((await post(base, draft, customer.accessToken)).statusCode).toBe(403);
    expect(
      await t.database.db.select().from(mailouts).where(eq(mailouts.recruitmentId, recruitmentId)),
    ).toEqual([]);
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
