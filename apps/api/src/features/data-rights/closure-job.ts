import { ORDER_RETENTION_YEARS } from '@portal/domain';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments/payments.ts';
import { closureRequests, orders, subscriptionRenewals, subscriptions } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import type { JobDefinition, JobQueue } from '../../lib/job-queue.ts';
import { CLOSURE_QUEUE } from './closure.service.ts';
import {
  CLOSURE_MAIL_QUEUE,
  deletePersonalRecords,
  eraseAccount,
  eraseDeliveredConfirmation,
} from './closure-erase.ts';
import {
  askLabToDestroy,
  type ClosureStep,
  cancelKits,
  cancelSubscriptions,
  markDone,
  type StepRun,
  withdrawFromResearch,
} from './closure-steps.ts';

/** The daily job that deletes the orders of closed accounts once their 7 years are over. */
export const CLOSURE_RETENTION_QUEUE = 'account.closure.retention';

/**
 * The closure job (decision 039). Each step is idempotent and is recorded in `steps_done` when it is
 * finished, in the same transaction as its last write where it has one; the job retries from the first
 * step not done, so a closure cut short by a crash, a deploy or a provider outage resumes and finishes.
 * Steps that call the payment provider do so outside any transaction, with an idempotency key.
 */
export const CLOSURE_STEPS: readonly ClosureStep[] = [
  'subscription',
  'kits',
  'research',
  'samples',
  'personal-records',
  'erase',
];

export type ClosureHooks = {
  /** Runs before each step; tests throw here to cut a closure short. */
  beforeStep?: (step: ClosureStep) => void | Promise<void>;
};
const STEPS: Record<ClosureStep, (run: StepRun) => Promise<void>> = {
  subscription: cancelSubscriptions,
  kits: cancelKits,
  research: withdrawFromResearch,
  samples: askLabToDestroy,
  'personal-records': ({ ctx, closure }) => deletePersonalRecords(ctx, closure),
  erase: ({ ctx, closure, queue }) => eraseAccount(ctx, closure, { queue }),
};

/**
 * Runs what is left of a closure. A processed closure, or one that no longer exists, is left alone. An
 * error is recorded (without personal data: the messages are ours) and thrown, so the queue retries.
 */
export async function runClosure(
  ctx: AppContext,
  payments: PaymentProvider,
  closureId: string,
  { hooks, queue }: { hooks?: ClosureHooks | undefined; queue?: JobQueue | undefined } = {},
) {
  for (const step of CLOSURE_STEPS) {
    const [closure] = await ctx.db.select().from(closureRequests).where(eq(closureRequests.id, closureId));
    if (!closure || closure.state === 'PROCESSED') return;
    if (closure.stepsDone.includes(step)) continue;
    try {
      await hooks?.beforeStep?.(step);
      await STEPS[step]({ ctx, payments, closure, queue });
      await markDone(ctx.db, closureId, step);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await ctx.db
        .update(closureRequests)
        .set({ lastError: `${step}: ${message}`.slice(0, 500) })
        .where(eq(closureRequests.id, closureId));
      throw error;
    }
  }
}

/**
 * The embedded database runs no autovacuum, so an erased or replaced value stayed in its table's and
 * indexes' files as the row's dead old version, readable by anyone with the files (issue 32). A plain
 * VACUUM frees that space but leaves its bytes in the pages (measured: 21 of 37 values still found), so
 * after a closure, and after its delivered confirmation is erased, every table that has had rows updated
 * or deleted and has changed since it was last rewritten here is rewritten (VACUUM FULL, which also
 * rebuilds its indexes and TOAST) and analysed, which marks it unchanged. Analysing keeps sample values
 * in pg_statistic, whose replaced rows would keep them in turn, so it is rewritten last. VACUUM cannot
 * run inside a transaction: this runs after the closure's own have committed, one table per statement.
 * PostgreSQL
 * servers vacuum on their own (docs/privacy.md says how long the write-ahead log and backups keep
 * erased values there).
 */
export async function vacuumErasedRows(ctx: AppContext, log?: FastifyBaseLogger) {
  const started = Date.now();
  // A session's table counters reach pg_stat_user_tables at most once a second, or when it is idle for
  // long, which the embedded database may never be: without this, the closure's last deletes could be
  // missing from the counters and their tables skipped. The flush happens as this statement ends.
  await ctx.db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await ctx.db.execute(
    sql`select schemaname as schema, relname as table from pg_stat_user_tables
        where n_tup_upd + n_tup_del > 0 and n_mod_since_analyze > 0 order by 1, 2`,
  )) as unknown as { rows: { schema: string; table: string }[] };
  for (const { schema, table } of rows)
    await ctx.db.execute(sql`vacuum (full, analyze) ${sql.identifier(schema)}.${sql.identifier(table)}`);
  if (rows.length) await ctx.db.execute(sql`vacuum full pg_catalog.pg_statistic`);
  log?.info({ tables: rows.length, ms: Date.now() - started }, 'embedded database vacuumed after a closure');
}

/** The closure queue and the queue that erases a delivered confirmation (src/jobs.ts). */
export function closureJobs(
  ctx: AppContext,
  payments: PaymentProvider,
  options: {
    log?: FastifyBaseLogger | undefined;
    eraseDeliveredMail: boolean;
    /** The embedded database: vacuum after each closure (vacuumErasedRows). */
    vacuum?: boolean;
  },
): JobDefinition<never>[] {
  const closure: JobDefinition<{ closureId: string }> = {
    name: CLOSURE_QUEUE,
    // One queued or running job per closure; retried for about a day, from a few seconds apart to an hour.
    // The worker beats every 15 s: a job whose instance died (kill -9) is retried within a minute or two
    // of the queue's supervision, not after expireInSeconds.
    queue: {
      heartbeatSeconds: 30,
      policy: 'exclusive',
      retryLimit: 30,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: 5 * 60,
    },
    pollingIntervalSeconds: 1,
    async run(data, job) {
      await runClosure(ctx, payments, data.closureId, {
        queue: options.eraseDeliveredMail ? job.queue : undefined,
      });
      options.log?.info({ closureId: data.closureId }, 'account closure processed');
      if (options.vacuum) await vacuumErasedRows(ctx, options.log);
    },
  };
  const mail: JobDefinition<{ closureId: string }> = {
    name: CLOSURE_MAIL_QUEUE,
    // The confirmation may wait for the mail server: asked again for up to a few days.
    queue: { retryLimit: 40, retryDelay: 60, retryBackoff: true, retryDelayMax: 6 * 3600 },
    async run(data) {
      await eraseDeliveredConfirmation(ctx, data.closureId);
      if (options.vacuum) await vacuumErasedRows(ctx, options.log);
    },
  };
  const retention: JobDefinition<Record<string, never>> = {
    name: CLOSURE_RETENTION_QUEUE,
    cron: '23 3 * * *',
    queue: { policy: 'stately', retryLimit: 3, retryDelay: 600 },
    async run() {
      const { deleted } = await purgeExpiredOrders(ctx);
      if (deleted) options.log?.info({ deleted }, 'orders of closed accounts past their retention deleted');
    },
  };
  return [closure, mail, retention] as JobDefinition<never>[];
}

/**
 * Orders of closed accounts are kept for tax for ORDER_RETENTION_YEARS, then deleted (their items go
 * with them; a subscription row keeps no link to a deleted order), and so are their renewals' charges.
 */
export async function purgeExpiredOrders(ctx: AppContext, now = new Date()) {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - ORDER_RETENTION_YEARS);
  return ctx.db.transaction(async (tx) => {
    const expired = tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(
        closureRequests,
        and(eq(closureRequests.userId, orders.userId), eq(closureRequests.state, 'PROCESSED')),
      )
      .where(lt(orders.createdAt, cutoff));
    await tx.update(subscriptions).set({ orderId: null }).where(inArray(subscriptions.orderId, expired));
    const closed = tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .innerJoin(
        closureRequests,
        and(eq(closureRequests.userId, subscriptions.consumerUserId), eq(closureRequests.state, 'PROCESSED')),
      );
    await tx
      .delete(subscriptionRenewals)
      .where(
        and(inArray(subscriptionRenewals.subscriptionId, closed), lt(subscriptionRenewals.createdAt, cutoff)),
      );
    const deleted = await tx.delete(orders).where(inArray(orders.id, expired)).returning({ id: orders.id });
    return { deleted: deleted.length };
  });
}
