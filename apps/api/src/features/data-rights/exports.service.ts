import { DATA_EXPORT_DAYS, DATA_RIGHTS_TEXTS, type DataExport, type DataExportState } from '@portal/domain';
import { and, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queueMail } from '../../adapters/mail/outbox.ts';
import type { DbOrTx } from '../../db/client.ts';
import { closureRequests, type DataExportRow, dataExports, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { JobDefinition, JobQueue } from '../../lib/job-queue.ts';
import { exportFiles, zipExport } from './build-export.ts';
import { exportReadyMail } from './export-mail.ts';

export const EXPORT_QUEUE = 'data.export';
const RETRY_LIMIT = 2;
const DAY_MS = 24 * 3600 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const listed = {
  id: dataExports.id,
  state: dataExports.state,
  createdAt: dataExports.createdAt,
  readyAt: dataExports.readyAt,
  expiresAt: dataExports.expiresAt,
  size: dataExports.size,
};
type Listed = Pick<DataExportRow, keyof typeof listed>;

function view(row: Listed, now = new Date()): DataExport {
  const expired = row.state === 'READY' && row.expiresAt !== null && row.expiresAt <= now;
  return {
    id: row.id,
    state: (expired ? 'EXPIRED' : row.state) as DataExportState,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    size: expired ? null : row.size,
  };
}

/**
 * POST /api/me/exports: queues an export of the caller's data, in the transaction that records it, so
 * the job exists only if the request does. An export already being prepared is answered instead of a
 * second one. Expired exports lose their ZIP here.
 */
export async function requestExport(
  ctx: AppContext,
  jobs: JobQueue,
  userId: string,
  /**
   * Runs in the request's transaction, under the person's row lock, once the export is recorded
   * (`created`) or found being prepared (the operators' audit). Throwing here undoes the request.
   */
  recorded?: (tx: DbOrTx, exported: DataExport, created: boolean) => Promise<void>,
  /**
   * An export made since this moment (built or being built, not failed) is answered instead of a new one:
   * support's "Start an export" clicked twice makes one export and one email (issue 34 item 13).
   */
  { reuseSince }: { reuseSince?: Date } = {},
) {
  await jobs.ready();
  return ctx.db.transaction(async (tx) => {
    // One request at a time per person: the row lock orders two requests that arrive together.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    await tx
      .update(dataExports)
      .set({ content: null, size: null })
      .where(and(eq(dataExports.userId, userId), lt(dataExports.expiresAt, new Date())));
    const [pending] = await tx
      .select(listed)
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), eq(dataExports.state, 'QUEUED')));
    if (pending) {
      await recorded?.(tx, view(pending), false);
      return { created: false, export: view(pending) };
    }
    if (reuseSince) {
      const [recent] = await tx
        .select(listed)
        .from(dataExports)
        .where(
          and(
            eq(dataExports.userId, userId),
            gte(dataExports.createdAt, reuseSince),
            ne(dataExports.state, 'FAILED'),
          ),
        )
        .orderBy(desc(dataExports.createdAt))
        .limit(1);
      if (recent) {
        await recorded?.(tx, view(recent), false);
        return { created: false, export: view(recent) };
      }
    }
    const [row] = await tx.insert(dataExports).values({ userId }).returning(listed);
    if (!row) throw new Error('export not recorded');
    await jobs.send(EXPORT_QUEUE, { exportId: row.id }, { tx });
    await recorded?.(tx, view(row), true);
    return { created: true, export: view(row) };
  });
}

/** The caller's exports, newest first (the "Your data" section shows the state of the latest). */
export async function listExports(ctx: AppContext, userId: string) {
  const rows = await ctx.db
    .select(listed)
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(10);
  return { exports: rows.map((r) => view(r)) };
}

async function ownExport(ctx: AppContext, userId: string, id: string) {
  // Another person's export, or no export at all: the same "not found".
  if (!UUID.test(id)) throw notFound(DATA_RIGHTS_TEXTS.notFound);
  const [row] = await ctx.db
    .select(listed)
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  if (!row) throw notFound(DATA_RIGHTS_TEXTS.notFound);
  return row;
}

export async function getExport(ctx: AppContext, userId: string, id: string) {
  return view(await ownExport(ctx, userId, id));
}

/** The ZIP, to its owner only, signed in as themselves (a support view gets nothing), for 7 days. */
export async function downloadExport(ctx: AppContext, userId: string, id: string, supportView: boolean) {
  if (supportView) throw forbidden(DATA_RIGHTS_TEXTS.supportView);
  const shown = view(await ownExport(ctx, userId, id));
  if (shown.state === 'EXPIRED') throw new AppError(410, 'EXPORT_EXPIRED', DATA_RIGHTS_TEXTS.gone);
  if (shown.state !== 'READY') throw new AppError(409, 'EXPORT_NOT_READY', DATA_RIGHTS_TEXTS.notReady);
  const [row] = await ctx.db
    .select({ content: dataExports.content, createdAt: dataExports.createdAt })
    .from(dataExports)
    .where(eq(dataExports.id, id));
  if (!row?.content) throw new AppError(410, 'EXPORT_EXPIRED', DATA_RIGHTS_TEXTS.gone);
  const day = row.createdAt.toISOString().slice(0, 10);
  return { filename: `my-data-${day}.zip`, body: row.content };
}

/**
 * The export job: builds the ZIP, then in one transaction stores it, marks the export READY for 7 days
 * and queues the "ready" email. An export already settled is left as it is (a retried job does nothing
 * twice). The last failed attempt marks it FAILED, so the person can ask again.
 */
export async function runExport(ctx: AppContext, exportId: string, attempt = { retryCount: 0 }) {
  const [row] = await ctx.db
    .select({ userId: dataExports.userId, state: dataExports.state })
    .from(dataExports)
    .where(eq(dataExports.id, exportId));
  if (row?.state !== 'QUEUED') return;
  try {
    const now = new Date();
    const { zip, sha256 } = zipExport(await exportFiles(ctx, row.userId, now), now);
    await ctx.db.transaction(async (tx) => {
      // The person's row, shared-locked: a closure starts and erases under its update lock, so either this
      // export is stored and mailed before the closure (which then deletes both), or it sees the closure
      // and leaves everything as it is (the closure deletes the export).
      const [person] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, row.userId))
        .for('share');
      const [closing] = await tx
        .select({ id: closureRequests.id })
        .from(closureRequests)
        .where(eq(closureRequests.userId, row.userId));
      if (!person || closing) return;
      const [done] = await tx
        .update(dataExports)
        .set({
          state: 'READY',
          content: Buffer.from(zip),
          size: zip.byteLength,
          sha256,
          readyAt: now,
          expiresAt: new Date(now.getTime() + DATA_EXPORT_DAYS * DAY_MS),
        })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.state, 'QUEUED')))
        .returning({ userId: dataExports.userId });
      if (done) await queueMail(ctx, tx, 'export-ready', exportReadyMail(ctx.mail, person));
    });
  } catch (error) {
    if (attempt.retryCount >= RETRY_LIMIT)
      await ctx.db
        .update(dataExports)
        .set({ state: 'FAILED', error: error instanceof Error ? error.message.slice(0, 500) : 'failed' })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.state, 'QUEUED')));
    throw error;
  }
}

/**
 * The export queue (decision 031): retried twice after 10 s, then the export is FAILED. The worker beats
 * every 5 s, as the closure's does: an export whose instance died (kill -9) is failed by the queue's
 * supervision about 10 s later and retried 10 s after that, not after expireInSeconds (issue 32: it
 * waited 628 s).
 */
export function exportJobs(ctx: AppContext, log?: FastifyBaseLogger): JobDefinition<never>[] {
  const definition: JobDefinition<{ exportId: string }> = {
    name: EXPORT_QUEUE,
    queue: {
      heartbeatSeconds: 10,
      retryLimit: RETRY_LIMIT,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 10 * 60,
    },
    pollingIntervalSeconds: 1,
    async run(data, job) {
      const started = Date.now();
      await runExport(ctx, data.exportId, job);
      log?.info({ exportId: data.exportId, ms: Date.now() - started }, 'data export built');
    },
  };
  return [definition as JobDefinition<never>];
}
