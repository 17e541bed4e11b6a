import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { JobDefinition, JobQueue } from '../../lib/job-queue.ts';
import type { MailTransport } from './transport.ts';

/**
 * Mail delivery through the job queue (decision 031). enqueueMail writes a message to the outbox in the
 * transaction of the change that causes it; the relay hands new messages to the queue, one `mail` job
 * each, in one short transaction; a `mail` job sends its message outside any transaction and marks it
 * sent. A failed send is recorded on the message and retried by the queue with backoff, and the job
 * ends `failed` after the last attempt (`ops jobs:list --state failed`).
 */
export const MAIL_QUEUE = 'mail';
export const MAIL_RELAY_QUEUE = 'mail.relay';

export type MailRetry = {
  /** Retries after the first attempt. */
  limit: number;
  /** The first retry's delay; each later one doubles it (with jitter), up to an hour. */
  delaySeconds: number;
};
export const DEFAULT_MAIL_RETRY: MailRetry = { limit: 8, delaySeconds: 30 };

/** How often the relay looks for new messages: the longest a message waits before its job exists. */
const RELAY_EVERY_SECONDS = 2;

/**
 * Hands messages not yet queued to the queue, one `mail` job each, and marks them queued, all in one
 * transaction with no network in it: a message is queued exactly once, and only if its job exists.
 * Rows are taken with SKIP LOCKED, so relays on two instances never take the same message.
 */
export async function relayOutbox(db: Db, queue: JobQueue, batch = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.queuedAt), isNull(outbox.sentAt)))
      .orderBy(asc(outbox.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return 0;
    await queue.insert(
      MAIL_QUEUE,
      rows.map((row) => ({ data: { outboxId: row.id } })),
      tx,
    );
    await tx
      .update(outbox)
      .set({ queuedAt: sql`now()` })
      .where(
        inArray(
          outbox.id,
          rows.map((row) => row.id),
        ),
      );
    return rows.length;
  });
}

/**
 * Sends one message, then marks it sent. Nothing is held open while the mail server answers: the queue
 * has already marked the job active (in its own short statement), which is what keeps other workers off it.
 */
export async function deliverMessage(
  db: Db,
  transport: MailTransport,
  outboxId: number,
  log?: FastifyBaseLogger,
) {
  const [message] = await db.select().from(outbox).where(eq(outbox.id, outboxId));
  // Gone, or already sent by an attempt that crashed before its job was settled.
  if (!message || message.sentAt) return;
  try {
    await transport.send(message);
  } catch (error) {
    log?.warn({ outboxId, attempts: message.attempts + 1 }, 'mail delivery failed; the queue retries it');
    await db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        lastError: String((error as Error).message).slice(0, 500),
      })
      .where(eq(outbox.id, outboxId));
    throw error;
  }
  await db
    .update(outbox)
    .set({ sentAt: sql`now()`, attempts: sql`${outbox.attempts} + 1`, lastError: null })
    .where(eq(outbox.id, outboxId));
}

/** The two mail queues: the relay (every RELAY_EVERY_SECONDS, one at a time) and one job per message. */
export function mailJobs(
  db: Db,
  transport: MailTransport,
  {
    log,
    retry = DEFAULT_MAIL_RETRY,
    pollingIntervalSeconds = 2,
  }: {
    log?: FastifyBaseLogger;
    retry?: MailRetry;
    pollingIntervalSeconds?: number;
  } = {},
): JobDefinition<never>[] {
  const relay: JobDefinition<object> = {
    name: MAIL_RELAY_QUEUE,
    // One relay queued and one running at most, whichever instances ask; each run queues the next one,
    // and the cron occurrence restarts the chain should it ever break (a crash between the two).
    queue: { policy: 'stately', retryLimit: 3, retryDelay: 1, deleteAfterSeconds: 600, expireInSeconds: 60 },
    cron: '* * * * *',
    pollingIntervalSeconds,
    async run(_data, job) {
      try {
        await relayOutbox(db, job.queue);
      } finally {
        await job.queue.send(MAIL_RELAY_QUEUE, {}, { startAfterSeconds: RELAY_EVERY_SECONDS });
      }
    },
  };
  const deliver: JobDefinition<{ outboxId: number }> = {
    name: MAIL_QUEUE,
    queue: {
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: true,
      retryDelayMax: 3600,
      // An instance that died mid-send loses its claim after this long, and another one retries.
      expireInSeconds: 120,
    },
    pollingIntervalSeconds,
    // Four sends at once per instance: a slow mail server does not hold up the messages behind it.
    concurrency: 4,
    run: (data) => deliverMessage(db, transport, data.outboxId, log),
  };
  return [relay, deliver] as JobDefinition<never>[];
}

/** Starts the relay chain: the first relay job, unless one is already queued. */
export async function startMailRelay(queue: JobQueue) {
  await queue.send(MAIL_RELAY_QUEUE, {});
}
