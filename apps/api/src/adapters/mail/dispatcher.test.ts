import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import { JOB_SCHEMA, type JobQueue, listJobs, startJobQueue } from '../../lib/job-queue.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { MAIL_QUEUE, type MailRetry, mailJobs } from './dispatcher.ts';
import { type MailKind, type MailMessage, queueMail } from './outbox.ts';
import type { MailTransport } from './transport.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const message = (to: string): MailMessage => ({
  to,
  subject: 'Hello',
  text: 'Hi',
  html: '<p>Hi</p>',
  links: [],
});
const recorder = () => {
  const sent: string[] = [];
  const transport: MailTransport = {
    async send(m) {
      await new Promise((r) => setTimeout(r, 5));
      sent.push(m.to);
    },
  };
  return { sent, transport };
};

/** One app instance's worth of queue: the real pg-boss on the test database, working the mail queue. */
function instance(transport: MailTransport | null, retry: MailRetry = { limit: 2, delaySeconds: 1 }) {
  return startJobQueue(database, mailJobs(database.db, transport, { retry, pollingIntervalSeconds: 0.5 }));
}

/** A change that mails: the message and its job in one transaction, as every service does. */
const mailingChange = (jobs: JobQueue, m: MailMessage, kind: MailKind = 'order-receipt') =>
  database.db.transaction((tx) => queueMail({ jobs }, tx, kind, m));

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rowsTo = (prefix: string) =>
  database.db
    .select()
    .from(outbox)
    .where(like(outbox.to, `${prefix}%`));

describe('mail through the job queue', () => {
  it('sends each message once, marks it sent, and completes its job', async () => {
    const { sent, transport } = recorder();
    const queue = await instance(transport);
    try {
      await mailingChange(queue, message('one@example.com'));
      await mailingChange(queue, message('two@example.com'));
      await until(() => sent.length === 2);
      expect(sent.sort()).toEqual(['one@example.com', 'two@example.com']);
      // The transport records a send before the job marks its row: wait for both rows.
      await until(async () => (await rowsTo('one@')).every((r) => r.sentAt !== null));
      await until(async () => (await rowsTo('two@')).every((r) => r.sentAt !== null));
      const [row] = await rowsTo('two@');
      expect(row).toMatchObject({ attempts: 1, lastError: null, kind: 'order-receipt', withheld: false });
      await until(async () => (await queue.list({ queue: MAIL_QUEUE })).queues[0]?.counts.completed === 2);
    } finally {
      await queue.stop();
    }
  });

  it('holds no transaction while the mail server is slow: the embedded database answers meanwhile', async () => {
    let release = () => {};
    let started = false;
    const hanging: MailTransport = {
      send: () =>
        new Promise<void>((resolve) => {
          started = true;
          release = resolve;
        }),
    };
    const queue = await instance(hanging);
    try {
      await mailingChange(queue, message('slow@example.com'));
      await until(() => started);
      const began = Date.now();
      await database.db.execute(sql`select 1`);
      await mailingChange(queue, message('meanwhile@example.com'));
      expect(Date.now() - began).toBeLessThan(1000);
      release();
      await until(async () => (await rowsTo('slow@'))[0]?.sentAt != null);
    } finally {
      release();
      await queue.stop();
    }
  });

  it('retries a failing send with growing delays, then keeps the job as failed with the error', async () => {
    const attempts: number[] = [];
    const failing: MailTransport = {
      async send(m) {
        if (m.to !== 'flaky@example.com') return;
        attempts.push(Date.now());
        throw new Error('SMTP 451 try later');
      },
    };
    const queue = await instance(failing, { limit: 2, delaySeconds: 1 });
    try {
      await mailingChange(queue, message('flaky@example.com'));
      await until(async () => (await queue.list({ queue: MAIL_QUEUE, state: 'failed' })).jobs.length === 1);
      expect(attempts).toHaveLength(3);
      const [first = 0, second = 0, third = 0] = attempts;
      // Backoff: about 1 s, then about 2 s (each with up to as much again of jitter).
      expect(second - first).toBeGreaterThanOrEqual(900);
      expect(third - second).toBeGreaterThanOrEqual(1900);
      const [row] = await rowsTo('flaky@');
      expect(row).toMatchObject({ sentAt: null, attempts: 3, lastError: 'SMTP 451 try later' });
      const [job] = (await queue.list({ queue: MAIL_QUEUE, state: 'failed' })).jobs;
      expect(job).toMatchObject({ retryCount: 2, retryLimit: 2 });
      expect(JSON.stringify(job?.output)).toContain('SMTP 451 try later');
    } finally {
      await queue.stop();
    }
  }, 30_000);

  it('delivers each message exactly once with two instances working the same database', async () => {
    const { sent, transport } = recorder();
    const [a, b] = await Promise.all([instance(transport), instance(transport)]);
    try {
      for (let i = 0; i < 30; i++) await mailingChange(a, message(`bulk${i}@example.com`));
      await until(async () => (await rowsTo('bulk')).every((r) => r.sentAt !== null));
      await new Promise((r) => setTimeout(r, 1200)); // a second send would have happened by now
      expect(sent.filter((to) => to.startsWith('bulk')).sort()).toEqual(
        Array.from({ length: 30 }, (_, i) => `bulk${i}@example.com`).sort(),
      );
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 30_000);

  it('queues the job in the transaction of the change: a rolled-back change leaves neither the message nor its job', async () => {
    // Sends jobs, works none: each job stays as it was queued.
    const queue = await startJobQueue(database, mailJobs(database.db, null), { work: false });
    const jobsFor = async (id: number) =>
      (await listJobs(database.db, { queue: MAIL_QUEUE, limit: 1000 })).jobs.filter(
        (j) => (j.data as { outboxId: number }).outboxId === id,
      );
    let rolledBack = 0;
    await expect(
      database.db.transaction(async (tx) => {
        rolledBack = (await queueMail({ jobs: queue }, tx, 'order-receipt', message('undone@example.com')))
          .id;
        throw new Error('the change fails after its mail');
      }),
    ).rejects.toThrow('the change fails');
    expect(await rowsTo('undone@')).toEqual([]);
    expect(await jobsFor(rolledBack)).toEqual([]);

    const { id } = await mailingChange(queue, message('done@example.com'));
    expect(await rowsTo('done@')).toHaveLength(1);
    expect(await jobsFor(id)).toEqual([expect.objectContaining({ state: 'created' })]);
    await queue.stop();
  });

  it('ends the job of a withheld message without sending it, and leaves mail in the outbox without a transport', async () => {
    const { sent, transport } = recorder();
    const queue = await instance(transport);
    try {
      const withheld = await database.db.transaction((tx) =>
        queueMail({ jobs: queue }, tx, 'password-reset', message('nobody@example.com'), { withhold: true }),
      );
      expect(withheld.withheld).toBe(true);
      const [row] = await rowsTo('nobody@');
      expect(row).toMatchObject({ withheld: true, subject: '', text: '', html: '', links: [] });
      await until(async () =>
        (await queue.list({ queue: MAIL_QUEUE, state: 'completed', limit: 1000 })).jobs.some(
          (j) => (j.data as { outboxId: number }).outboxId === withheld.id,
        ),
      );
      expect(sent).not.toContain('nobody@example.com');
    } finally {
      await queue.stop();
    }
    const devMailbox = await instance(null);
    try {
      const { id } = await mailingChange(devMailbox, message('dev@example.com'));
      await until(async () =>
        (await devMailbox.list({ queue: MAIL_QUEUE, state: 'completed', limit: 1000 })).jobs.some(
          (j) => (j.data as { outboxId: number }).outboxId === id,
        ),
      );
      expect((await rowsTo('dev@'))[0]).toMatchObject({ sentAt: null, attempts: 0 });
    } finally {
      await devMailbox.stop();
    }
  });

  it('removes the retired relay queue, its schedule and its jobs when the queue starts', async () => {
    const old = await startJobQueue(
      database,
      [{ name: 'mail.relay', cron: '* * * * *', queue: { policy: 'stately' }, run: async () => {} }],
      { work: false },
    );
    await old.send('mail.relay', {});
    await old.stop();
    const names = async (table: string) =>
      (
        (await database.db.execute(
          sql`select name from ${sql.identifier(JOB_SCHEMA)}.${sql.identifier(table)} where name = 'mail.relay'`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    expect(await names('schedule')).toHaveLength(1);
    const queue = await startJobQueue(database, mailJobs(database.db, null), { work: false });
    await queue.stop();
    expect([await names('queue'), await names('schedule'), await names('job')]).toEqual([[], [], []]);
  });
});
