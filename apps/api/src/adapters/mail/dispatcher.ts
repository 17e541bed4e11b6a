import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailouts, outbox } from '../../db/schema/index.ts';
import type { JobDefinition } from '../../lib/job-queue.ts';
import { isHardRefusal, recordBounce, setDeliveryStatus } from './bounces.ts';
import { MAIL_QUEUE, MAILOUT_BATCH_QUEUE, type MailMessage, mailoutMessageFor } from './outbox.ts';
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
  const [row] = await db
    .select({ message: outbox, mailout: { html: mailouts.html, text: mailouts.text } })
    .from(outbox)
    .leftJoin(mailouts, eq(mailouts.id, outbox.mailoutId))
    .where(eq(outbox.id, outboxId));
  const message = row?.message;
  // Gone, withheld (past its quota), bounced for good, or already sent by an attempt that crashed
  // before its job was settled.
  if (!row || !message || message.withheld || message.sentAt || message.bounce === 'HARD') return;
  try {
    await transport.send(row.mailout ? mailoutMessageFor(message, row.mailout) : message);
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

/** Messages of one batch in flight at once (the SMTP transport's pool keeps as many connections). */
const MAILOUT_SENDS_AT_ONCE = 8;

/**
 * Sends one batch of a study mail-out: its messages not yet sent, eight at a time over the transport's
 * pooled connections, then marks those sent in one statement. A failed message is recorded on its row
 * and the batch throws once the others are marked, so the queue retries it and only the failed ones go
 * again. The rate is the batches' start times (queueMailoutChunk); a batch itself sends as fast as the
 * mail server takes it.
 */
export async function deliverMailoutBatch(
  db: Db,
  transport: MailTransport | null,
  ids: number[],
  log?: FastifyBaseLogger,
) {
  if (!transport || ids.length === 0) return;
  const rows = await db
    .select({ message: outbox, mailout: { html: mailouts.html, text: mailouts.text } })
    .from(outbox)
    .innerJoin(mailouts, eq(mailouts.id, outbox.mailoutId))
    .where(and(inArray(outbox.id, ids), isNull(outbox.sentAt), eq(outbox.withheld, false)));
  const sent: number[] = [];
  const failed: { id: number; error: string }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      if (!row) break;
      const message: MailMessage = mailoutMessageFor(row.message, row.mailout);
      try {
        await transport.send(message);
        sent.push(row.message.id);
      } catch (error) {
        failed.push({ id: row.message.id, error: String((error as Error).message).slice(0, 500) });
      }
    }
  };
  await Promise.all(Array.from({ length: MAILOUT_SENDS_AT_ONCE }, worker));
  if (sent.length > 0)
    await db
      .update(outbox)
      .set({ sentAt: sql`now()`, attempts: sql`${outbox.attempts} + 1`, lastError: null })
      .where(inArray(outbox.id, sent));
  for (const f of failed)
    await db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, lastError: f.error })
      .where(eq(outbox.id, f.id));
  if (failed.length > 0) {
    log?.warn({ failed: failed.length, batch: ids.length }, 'mail-out batch: some sends failed; retried');
    throw new Error(`${failed.length} of ${rows.length} messages of the batch failed: ${failed[0]?.error}`);
  }
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
  const batch: JobDefinition<{ mailoutId: number; ids: number[] }> = {
    name: MAILOUT_BATCH_QUEUE,
    queue: {
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: 600,
    },
    // Batches are due every few tenths of a second at the rate: an idle worker looks again soon.
    pollingIntervalSeconds: 0.5,
    // Four batches at once per instance (each sends eight messages at a time).
    concurrency: 4,
    run: (data) => deliverMailoutBatch(db, transport, data.ids, log),
  };
  return [deliver, batch] as JobDefinition<never>[];
}
