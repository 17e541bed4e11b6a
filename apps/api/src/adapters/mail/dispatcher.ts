import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { JobDefinition } from '../../lib/job-queue.ts';
import { isHardRefusal, recordBounce, setDeliveryStatus } from './bounces.ts';
import { MAIL_QUEUE } from './outbox.ts';
import type { MailTransport } from './transport.ts';

/**
 * Mail delivery through the job queue (decisions 031 and 043). queueMail (outbox.ts) writes a message to
 * the outbox and sends its `mail` job in the transaction of the change that causes it; the job sends the
 * message outside any transaction and marks it sent. A failed send is recorded on the message and retried
 * by the queue with backoff, and the job ends `failed` after the last attempt (`ops jobs:list --state
 * failed`).
 */
export { MAIL_QUEUE };

export type MailRetry = {
  /** Retries after the first attempt. */
  limit: number;
  /** The first retry's delay; each later one doubles it (with jitter), up to an hour. */
  delaySeconds: number;
};
export const DEFAULT_MAIL_RETRY: MailRetry = { limit: 8, delaySeconds: 30 };

/**
 * Sends one message, then marks it sent. Nothing is held open while the mail server answers: the queue
 * has already marked the job active (in its own short statement), which is what keeps other workers off it.
 */
export async function deliverMessage(
  db: Db,
  transport: MailTransport | null,
  outboxId: number,
  log?: FastifyBaseLogger,
) {
  // Without a transport (no SMTP_URL) the message stays in the outbox, the development mailbox.
  if (!transport) {
    await setDeliveryStatus(db, outboxId, { status: 'HELD' });
    return;
  }
  const [message] = await db.select().from(outbox).where(eq(outbox.id, outboxId));
  // Gone, withheld (past its quota), bounced for good, or already sent by an attempt that crashed
  // before its job was settled.
  if (!message || message.withheld || message.sentAt || message.bounce === 'HARD') return;
  try {
    await transport.send(message);
  } catch (error) {
    const detail = String((error as Error).message).slice(0, 500);
    await db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, lastError: detail })
      .where(eq(outbox.id, outboxId));
    // The server refused the address or the message for good (5xx): a hard bounce, not retried.
    if (isHardRefusal(error)) {
      log?.warn({ outboxId }, 'mail refused for good (hard bounce)');
      await recordBounce(db, outboxId, { hard: true, detail });
      return;
    }
    log?.warn({ outboxId, attempts: message.attempts + 1 }, 'mail delivery failed; the queue retries it');
    await setDeliveryStatus(db, outboxId, { status: 'FAILED', detail });
    throw error;
  }
  await db
    .update(outbox)
    .set({ sentAt: sql`now()`, attempts: sql`${outbox.attempts} + 1`, lastError: null })
    .where(eq(outbox.id, outboxId));
  await setDeliveryStatus(db, outboxId, { status: 'SENT' });
}

/**
 * The `mail` queue: one job per outbox message. Worked with or without a transport, so that every message
 * has a job that ends; without one (no SMTP_URL) the job leaves its message in the outbox.
 */
export function mailJobs(
  db: Db,
  transport: MailTransport | null,
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
  return [deliver] as JobDefinition<never>[];
}
