import {
  ERROR_CODES,
  isStaffRole,
  SUPPORT_VIEW_ACCOUNT_CLOSED,
  SUPPORT_VIEW_READ_ONLY,
} from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preparedFor } from '../db/prepared.ts';
import { closureRequests, users } from '../db/schema/index.ts';
import { forbidden, sessionExpired, unauthorized } from '../lib/errors.ts';
import { verifyToken } from '../lib/jwt.ts';
import { safeEqual } from '../lib/secrets.ts';
import { liveSession } from './live-session.ts';
import { assertConsoleOpen, notLiveRefusal, staffStanding } from './staff-standing.ts';

/**
 * Who calls: the person the token names, the session it belongs to (a refresh-token family, checked
 * live on every request), and for a support view the support user acting (the token's act claim).
 */
export type Principal = { userId: string; authorities: string[]; sessionId: string; actorId?: string };
/** What a statement that checks the session itself needs of the caller (requireUserCheckedByQuery). */
export type Caller = Pick<Principal, 'userId' | 'sessionId'>;
/** A request made with a support view's token, kept for the audit whatever the answer (impersonation.ts). */
export type SupportView = { actorId: string; subjectId: string };

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    supportView?: SupportView;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Operators authenticate with the operator key; it carries every back-office authority and no session. */
export const OPERATOR: Principal = { userId: 'operator', authorities: ['ADMIN'], sessionId: 'operator-key' };

const liveAccount = preparedFor((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), liveSession(sql.placeholder('sessionId'))))
    .prepare('live_account'),
);

/**
 * A support view: the person exists, the support user's own session is live, and the support user
 * still holds the right to view (an authority taken away ends their views at once). `closed` says the
 * person asked to close their account, which ends every view of them at once (issue 32).
 */
const liveSupportView = preparedFor((db) =>
  db
    .select({
      id: users.id,
      // Named in full: inside a selected subquery drizzle would write the column as the bare "id".
      closed: sql<boolean>`exists (select 1 from ${closureRequests} where ${closureRequests.userId} = "users"."id")`,
    })
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        liveSession(sql.placeholder('sessionId')),
        sql`exists (select 1 from ${users} actor where actor.id = ${sql.placeholder('actorId')}
          and actor.authorities && array['IMPERSONATE', 'SUPPORT', 'ADMIN']::text[])`,
      ),
    )
    .prepare('live_support_view'),
);

/** The caller by the operator key or by a verified token's claims; does not look at the database. */
function claimedPrincipal(request: FastifyRequest): Principal | null {
  const { ctx } = request.server;
  const opsKey = request.headers['x-ops-key'];
  if (typeof opsKey === 'string' && safeEqual(opsKey, ctx.opsKey)) return OPERATOR;
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  let payload: Record<string, unknown>;
  try {
    payload = verifyToken(ctx.jwtSecret, ctx.config.appType, header.slice(7));
  } catch {
    throw sessionExpired();
  }
  const { user_id: userId, sid, act, authorities } = payload;
  // Every token the portal issues names a session; one without (or with a malformed id) opens nothing.
  if (typeof userId !== 'string' || !UUID.test(userId) || typeof sid !== 'string' || !UUID.test(sid))
    throw sessionExpired();
  if (act !== undefined && (typeof act !== 'string' || !UUID.test(act))) throw sessionExpired();
  if (act) request.supportView = { actorId: act, subjectId: userId };
  return {
    userId,
    authorities: Array.isArray(authorities) ? authorities.map(String) : [],
    sessionId: sid,
    ...(act ? { actorId: act } : {}),
  };
}

/**
 * A valid signature outlives its account and its session: a deleted person's token, or one of a session
 * that was signed out, revoked or has expired, opens nothing. One statement either way.
 */
async function ensureLive(request: FastifyRequest, principal: Principal) {
  const { db } = request.server.ctx;
  const { userId, sessionId, actorId } = principal;
  const [live] = actorId
    ? await liveSupportView(db).execute({ userId, sessionId, actorId })
    : await liveAccount(db).execute({ userId, sessionId });
  // A console session an ADMIN ended (or whose account was disabled) is told so (issue 34 item 15).
  if (!live) throw actorId ? sessionExpired() : await notLiveRefusal(db, sessionId);
  if ('closed' in live && live.closed) throw unauthorized(SUPPORT_VIEW_ACCOUNT_CLOSED);
}

/** A support view looks and changes nothing: refused before validation, so nothing runs (design.md §6). */
function refuseSupportWrites(request: FastifyRequest, principal: Principal) {
  if (principal.actorId && request.method !== 'GET' && request.method !== 'HEAD')
    throw forbidden(SUPPORT_VIEW_READ_ONLY, ERROR_CODES.supportViewReadOnly);
}

/** The caller, checked live (the operator key, or a token whose account and session live), or null. */
export async function authenticatedPrincipal(request: FastifyRequest): Promise<Principal | null> {
  const principal = claimedPrincipal(request);
  if (!principal || principal === OPERATOR) return principal;
  await ensureLive(request, principal);
  refuseSupportWrites(request, principal);
  return principal;
}

/** The principal a guard attached; a route without a guard has none. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** onRequest guard: a signed-in person (not the operator key). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  const principal = await authenticatedPrincipal(request);
  if (!principal || principal === OPERATOR) throw unauthorized();
  request.principal = principal;
}

/**
 * onRequest guard like requireUser, minus its lookup, for a route whose service answers with one
 * statement that starts from the caller's `users` row, adds liveSession() for the caller's session, and
 * throws sessionExpired() when no row comes back: that statement proves the account exists and the
 * session is live, and the request makes one round trip instead of two. Use it on no other route. The
 * security suite sends a deleted person's token and a signed-out session's token to every signed-in
 * route and expects 401 (authorization.test.ts). Support views keep the separate lookup: they are rare,
 * and it also checks the support user's right to view.
 */
export async function requireUserCheckedByQuery(request: FastifyRequest, _reply: FastifyReply) {
  const principal = claimedPrincipal(request);
  if (!principal || principal === OPERATOR) throw unauthorized();
  if (principal.actorId) {
    await ensureLive(request, principal);
    refuseSupportWrites(request, principal);
  }
  request.principal = principal;
}

/** What a signed-in person (staff included, ADMIN too) is told on a route only the operator key opens. */
export const OPERATOR_KEY_ONLY = 'Only the operator key (the ops CLI) may do this.';

/**
 * onRequest guard: the operator key only, for what no account may do whatever its authorities, ADMIN
 * included: taking a person's data export out of the portal (ops user:export). A person's token is
 * checked as on every route (a support view's write is refused as read-only), then refused 403.
 */
export async function requireOperatorKey(request: FastifyRequest, _reply: FastifyReply) {
  const principal = await authenticatedPrincipal(request);
  if (!principal) throw unauthorized();
  if (principal !== OPERATOR) throw forbidden(OPERATOR_KEY_ONLY);
  request.principal = principal;
}

/**
 * onRequest guard factory (runs before body validation): the operator key, or a user holding the
 * authority (ADMIN holds all). A person let in by a staff role (ADMIN, or a staff role asked for by
 * name) must be a staff member whose session passed the second factor, as on the console's own routes
 * (plugins/staff-guard.ts): a staff password alone opens nothing. With `adminImplies: false` only the
 * operator key and an account holding the authority itself pass: for what no staff role should reach.
 */
export function requireAuthority(authority: string, options: { adminImplies?: boolean } = {}) {
  const { adminImplies = true } = options;
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const principal = await authenticatedPrincipal(request);
    if (!principal) throw unauthorized();
    const direct = principal.authorities.includes(authority) && !isStaffRole(authority);
    // `adminImplies: false`: an ADMIN staff member does not get it by being ADMIN (docs/security.md).
    if (!adminImplies && !direct && principal !== OPERATOR) throw forbidden();
    if (!direct && !principal.authorities.includes(authority) && !principal.authorities.includes('ADMIN'))
      throw forbidden();
    if (!direct && principal !== OPERATOR) {
      const standing = await staffStanding(request.server.ctx.db, principal.userId, principal.sessionId);
      assertConsoleOpen(standing, { secondFactor: true });
      if (!standing.authorities.includes(authority) && !standing.authorities.includes('ADMIN'))
        throw forbidden();
    }
    request.principal = principal;
  };
}
