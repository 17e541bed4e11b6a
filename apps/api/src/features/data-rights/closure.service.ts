import crypto from 'node:crypto';
import { verify } from '@node-rs/argon2';
import {
  CLOSURE_TEXTS,
  type Closure,
  type ClosureRequest,
  type ClosureScope,
  ERROR_CODES,
} from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { type ClosureRequestRow, closureRequests, emailTokens, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound, sessionExpired } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { verifyToken } from '../../lib/jwt.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { revokeAllSessions } from '../auth/index.ts';
import { recordStaffAction } from '../staff/index.ts';

/** The closure job's queue (closure-job.ts); one job per closure request at a time. */
export const CLOSURE_QUEUE = 'account.closure';

/** A password hash no password matches (argon2 refuses to read it), so sign-in fails like a wrong one. */
export const CLOSED_PASSWORD = '!closed';
/** The address a closed account keeps: unique, reaches nobody (.invalid, RFC 2606), and says nothing. */
export const closedEmail = (userId: string) => `closed-${userId}@closed.invalid`;

/** Keyed, so the table alone cannot confirm a guessed address. */
export const emailHashOf = (ctx: AppContext, email: string) =>
  crypto
    .createHmac('sha256', `closure-email:${ctx.jwtSecret}`)
    .update(email.trim().toLowerCase())
    .digest('base64url');

export function closureView(row: ClosureRequestRow): Closure {
  return {
    id: row.id,
    scope: row.scope as ClosureScope,
    state: row.state === 'PROCESSED' ? 'PROCESSED' : 'RECEIVED',
    receivedAt: row.receivedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

type Start = { userId: string; scope: ClosureScope; requestedBy: 'PERSON' | 'OPERATOR'; sessionId?: string };

/**
 * Records the request and locks the account in one transaction: the address becomes the closed one (no
 * sign-in, reset or look-up finds the person any more), the password matches nothing, every session
 * ends and unused email links go. The job that does the rest is queued in the same transaction. A
 * second request finds the first (the users row lock orders two that arrive together) and changes nothing.
 */
async function startClosure(ctx: AppContext, jobs: JobQueue, start: Start, audit?: Audit) {
  await jobs.ready();
  return ctx.db.transaction(async (tx) => {
    const [person] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, start.userId))
      .for('update');
    if (!person) throw sessionExpired();
    const [existing] = await tx
      .select()
      .from(closureRequests)
      .where(eq(closureRequests.userId, start.userId));
    if (existing) return { created: false, closure: closureView(existing) };
    const [row] = await tx
      .insert(closureRequests)
      .values({
        userId: start.userId,
        scope: start.scope,
        requestedBy: start.requestedBy,
        sessionId: start.sessionId ?? null,
        email: person.email,
        firstName: person.firstName,
        emailHash: emailHashOf(ctx, person.email),
      })
      .returning();
    if (!row) throw new Error('closure not recorded');
    await tx
      .update(users)
      .set({ email: closedEmail(start.userId), passwordHash: CLOSED_PASSWORD, updatedAt: sql`now()` })
      .where(eq(users.id, start.userId));
    await revokeAllSessions(tx, start.userId);
    await tx.delete(emailTokens).where(eq(emailTokens.userId, start.userId));
    await queueClosure(jobs, row.id, tx);
    if (audit) await auditClose(tx, audit, row, null);
    return { created: true, closure: closureView(row) };
  });
}

export const queueClosure = (jobs: JobQueue, closureId: string, tx?: DbOrTx) =>
  jobs.send(CLOSURE_QUEUE, { closureId }, { ...(tx ? { tx } : {}), singletonKey: closureId });

/** Who asked for the closure on the person's behalf, and the audit's name for it (ops or the console). */
type Audit = {
  principal: Principal;
  action: 'user.close' | 'person.close';
  /** What support checked of a caller before closing by phone (issue 34 item 13). */
  callerChecks?: readonly string[];
};

const auditClose = (tx: DbOrTx, audit: Audit, row: ClosureRequestRow, before: Closure | null) =>
  recordStaffAction(tx, audit.principal, {
    action: audit.action,
    entity: 'closure_request',
    entityId: row.id,
    subjectId: row.userId,
    // No address or name: the entry outlives the closure, and must hold nothing personal.
    before,
    after: { ...closureView(row), ...(audit.callerChecks ? { callerChecks: audit.callerChecks } : {}) },
  });

/** POST /api/me/closure: the person confirms with their password; a wrong one changes nothing. */
export async function requestClosure(
  ctx: AppContext,
  jobs: JobQueue,
  principal: Principal,
  input: ClosureRequest,
) {
  const [person] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, principal.userId));
  if (!person) throw sessionExpired();
  const ok = await verify(person.passwordHash, input.password).catch(() => false);
  if (!ok)
    throw new AppError(403, ERROR_CODES.forbidden, CLOSURE_TEXTS.wrongPassword, {
      password: CLOSURE_TEXTS.wrongPassword,
    });
  return startClosure(ctx, jobs, {
    userId: principal.userId,
    scope: input.scope,
    requestedBy: 'PERSON',
    sessionId: principal.sessionId,
  });
}

/** GET /api/me/closure: the caller's request and its timeline, or null. */
export async function myClosure(ctx: AppContext, userId: string) {
  const [row] = await ctx.db.select().from(closureRequests).where(eq(closureRequests.userId, userId));
  return { closure: row ? closureView(row) : null };
}

/**
 * ops user:close, for a request by post or phone. Asked again for the same address (found by its keyed
 * hash once the account is closed) it answers the same request; one not processed yet has its job queued
 * again, which resumes it where it stopped. Each ask is audited.
 */
export async function closeAsOperator(
  ctx: AppContext,
  jobs: JobQueue,
  principal: Principal,
  input: { email: string; scope: ClosureScope },
) {
  const email = input.email.trim().toLowerCase();
  const [person] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (person)
    return (
      await startClosure(
        ctx,
        jobs,
        { userId: person.id, scope: input.scope, requestedBy: 'OPERATOR' },
        { principal, action: 'user.close' },
      )
    ).closure;
  const [row] = await ctx.db
    .select()
    .from(closureRequests)
    .where(eq(closureRequests.emailHash, emailHashOf(ctx, email)));
  if (!row) throw notFound(CLOSURE_TEXTS.noAccount);
  await ctx.db.transaction(async (tx) =>
    auditClose(tx, { principal, action: 'user.close' }, row, closureView(row)),
  );
  if (row.state !== 'PROCESSED') await queueClosure(jobs, row.id);
  return closureView(row);
}

/**
 * The console's People (SUPPORT), for a request by phone: the same closure as the person's own, without
 * the password the caller cannot give here, audited as `person.close`. An account closed already is
 * answered with `created: false` and nothing changes; the caller checks who may be closed.
 */
export const closeForPerson = (
  ctx: AppContext,
  jobs: JobQueue,
  principal: Principal,
  input: { userId: string; scope: ClosureScope; callerChecks?: readonly string[] },
) =>
  startClosure(
    ctx,
    jobs,
    { userId: input.userId, scope: input.scope, requestedBy: 'OPERATOR' },
    {
      principal,
      action: 'person.close',
      ...(input.callerChecks ? { callerChecks: input.callerChecks } : {}),
    },
  );

/**
 * The one thing a closing session may still do: read its own closure request. POST ends every session,
 * the requesting one too, so its page follows the timeline with the access token it holds (for that
 * token's last minutes) instead of being thrown to the sign-in screen. A support view gets nothing here.
 */
export async function closureReceipt(request: FastifyRequest): Promise<Principal | null> {
  const { ctx } = request.server;
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  let claims: Record<string, unknown>;
  try {
    claims = verifyToken(ctx.jwtSecret, ctx.config.appType, header.slice(7));
  } catch {
    return null;
  }
  const { user_id: userId, sid, act } = claims;
  if (act !== undefined || typeof userId !== 'string' || typeof sid !== 'string') return null;
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!UUID.test(userId) || !UUID.test(sid)) return null;
  const [row] = await ctx.db
    .select({ id: closureRequests.id })
    .from(closureRequests)
    .where(and(eq(closureRequests.userId, userId), eq(closureRequests.sessionId, sid)));
  return row ? { userId, authorities: [], sessionId: sid } : null;
}
