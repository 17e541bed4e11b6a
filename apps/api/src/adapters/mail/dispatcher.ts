import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { MailTransport } from './transport.ts';

const MAX_BACKOFF_SECONDS = 3600;

/**
 * Sends one batch of pending messages. Rows are claimed with FOR UPDATE SKIP LOCKED inside a
 * transaction, so several server instances never send the same message twice.
 */
export async function deliverPending(db: Db, transport: MailTransport, log?: FastifyBaseLogger, batch = 10) {
  let sent = 0;
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outbox.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      try {
        await transport.send(row);
        await tx
          .update(outbox)
          .set({ sentAt: sql`now()`, attempts: row.attempts + 1 })
          .where(eq(outbox.id, row.id));
        sent++;
      } catch (error) {
        const backoff = Math.min(MAX_BACKOFF_SECONDS, 30 * 2 ** row.attempts);
        log?.warn({ outboxId: row.id, attempts: row.attempts + 1 }, 'mail delivery failed; will retry');
        await tx
          .update(outbox)
          .set({
            attempts: row.attempts + 1,
            lastError: String((error as Error).message).slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(secs => ${backoff})`,
          })
          .where(eq(outbox.id, row.id));
      }
    }
  });
  return sent;
}

/** Polls the outbox until stopped; returns a function that stops it and waits for the running batch. */
export function startDispatcher(db: Db, transport: MailTransport, log: FastifyBaseLogger, intervalMs = 2000) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => deliverPending(db, transport, log))
      .catch((error) => log.error({ err: error }, 'outbox dispatcher failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    transport.close?.();
  };
}
