import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preparedFor } from '../db/prepared.ts';
import { users } from '../db/schema/index.ts';
import { forbidden, sessionExpired, unauthorized } from '../lib/errors.ts';
import { verifyToken } from '../lib/jwt.ts';
import { safeEqual } from '../lib/secrets.ts';

export type Principal = { userId: string; authorities: string[]; sessionId?: string; actorId?: string };

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Operators authenticate with the operator key; it carries every back-office authority. */
export const OPERATOR: Principal = { userId: 'operator', authorities: ['ADMIN'] };

const accountExists = preparedFor((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('account_exists'),
);

/** The caller by the operator key or by a verified token's claims; does not look at the database. */
async function claimedPrincipal(request: FastifyRequest): Promise<Principal | null> {
  const { ctx } = request.server;
  const opsKey = request.headers['x-ops-key'];
  if (typeof opsKey === 'string' && safeEqual(opsKey, ctx.opsKey)) return OPERATOR;
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  let principal: Principal;
  try {
    const payload = verifyToken(ctx.jwtSecret, ctx.config.appType, header.slice(7));
    principal = {
      userId: String(payload.user_id),
      authorities: Array.isArray(payload.authorities) ? payload.authorities.map(String) : [],
      ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
      ...(typeof payload.act === 'string' ? { actorId: payload.act } : {}),
    };
  } catch {
    throw sessionExpired();
  }
  if (!UUID.test(principal.userId)) throw sessionExpired();
  return principal;
}

// A valid signature outlives its account: a deleted person's token must open nothing.
async function ensureAccountExists(request: FastifyRequest, userId: string) {
  const [exists] = await accountExists(request.server.ctx.db).execute({ userId });
  if (!exists) throw sessionExpired();
}

async function principalFrom(request: FastifyRequest): Promise<Principal | null> {
  const principal = await claimedPrincipal(request);
  if (principal && principal !== OPERATOR) await ensureAccountExists(request, principal.userId);
  return principal;
}

/** The principal a guard attached; a route without a guard has none. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** onRequest guard: a signed-in person (not the operator key). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  const principal = await principalFrom(request);
  if (!principal || principal === OPERATOR) throw unauthorized();
  request.principal = principal;
}

/**
 * onRequest guard like requireUser, minus its account lookup, for a route whose service answers with one
 * statement that starts from the caller's `users` row and throws sessionExpired() when there is none:
 * that statement proves the account exists, and the request makes one round trip instead of two. Use it
 * on no other route. The security suite sends a deleted person's token to every signed-in route and
 * expects 401 (authorization.test.ts). Impersonated requests keep the separate lookup: they are rare,
 * and so the audit log records, as before, only requests to accounts that exist.
 */
export async function requireUserCheckedByQuery(request: FastifyRequest, _reply: FastifyReply) {
  const principal = await claimedPrincipal(request);
  if (!principal || principal === OPERATOR) throw unauthorized();
  if (principal.actorId) await ensureAccountExists(request, principal.userId);
  request.principal = principal;
}

/** onRequest guard factory (runs before body validation): the operator key, or a user holding the authority (ADMIN holds all). */
export function requireAuthority(authority: string) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const principal = await principalFrom(request);
    if (!principal) throw unauthorized();
    if (!principal.authorities.includes(authority) && !principal.authorities.includes('ADMIN'))
      throw forbidden();
    request.principal = principal;
  };
}
