import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import { listJobs, startJobQueue } from '../../lib/job-queue.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { MAIL_QUEUE, type MailRetry, mailJobs, relayOutbox, startMailRelay } from './dispatcher.ts';
import { enqueueMail, type MailMessage } from './outbox.ts';
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

/** One app instance's worth of queue: the real pg-boss on the test database, working the mail queues. */
async function instance(transport: MailTransport, retry: MailRetry = { limit: 2, delaySeconds: 1 }) {
  const queue = await startJobQueue(
    database,
    mailJobs(database.db, transport, { retry, pollingIntervalSeconds: 0.5 }),
  );
  await startMailRelay(queue);
  return queue;
}

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
      await enqueueMail(database.db, message('one@example.com'));
      await enqueueMail(database.db, message('two@example.com'));
      await until(() => sent.length === 2);
      expect(sent.sort()).toEqual(['one@example.com', 'two@example.com']);
      // The transport records a send before the relay marks its row: wait for both rows.
      await until(async () => (await rowsTo('one@')).every((r) => r.sentAt !== null));
      await until(async () => (await rowsTo('two@')).every((r) => r.sentAt !== null));
      const [row] = await rowsTo('two@');
      expect(row).toMatchObject({ attempts: 1, lastError: null });
      expect(row?.queuedAt).toBeInstanceOf(Date);
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
      await enqueueMail(database.db, message('slow@example.com'));
      await until(() => started);
      const began = Date.now();
      await database.db.execute(sql`select 1`);
      await enqueueMail(database.db, message('meanwhile@example.com'));
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
      await enqueueMail(database.db, message('flaky@example.com'));
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
      for (let i = 0; i < 30; i++) await enqueueMail(database.db, message(`bulk${i}@example.com`));
      await until(async () => (await rowsTo('bulk')).every((r) => r.sentAt !== null));
      await new Promise((r) => setTimeout(r, 1200)); // a second send would have happened by now
      expect(sent.filter((to) => to.startsWith('bulk')).sort()).toEqual(
        Array.from({ length: 30 }, (_, i) => `bulk${i}@example.com`).sort(),
      );
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 30_000);

  it('relays a message to the queue once when relays run at once', async () => {
    const queue = await startJobQueue(database, mailJobs(database.db, recorder().transport), { work: false });
    try {
      for (let i = 0; i < 20; i++) await enqueueMail(database.db, message(`relay${i}@example.com`));
      const counts = await Promise.all([1, 2, 3].map(() => relayOutbox(database.db, queue, 7)));
      const more = await relayOutbox(database.db, queue);
      expect(counts.reduce((n, c) => n + c, 0) + more).toBe(20);
      const ids = (await rowsTo('relay')).map((r) => r.id).sort((x, y) => x - y);
      const jobs = (await listJobs(database.db, { queue: MAIL_QUEUE, state: 'created', limit: 1000 })).jobs;
      const queued = jobs.map((j) => (j.data as { outboxId: number }).outboxId).sort((x, y) => x - y);
      expect(queued).toEqual(ids);
    } finally {
      await queue.stop();
    }
  });
});
