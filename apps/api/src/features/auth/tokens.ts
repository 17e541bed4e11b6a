import crypto from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, AUTH_MESSAGES, ERROR_CODES, type LoginResponse } from '@portal/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { signToken } from '../../lib/jwt.ts';
import { randomToken, sealer, sha256 } from '../../lib/secrets.ts';

export const REFRESH_TOKEN_TTL_DAYS = 30;
/** Concurrent tabs refreshing with the same token within this window get the same successor. */
export const REFRESH_GRACE_SECONDS = 10;

/**
 * An access token of the session (refresh-token family) `sessionId`; every request checks that session is
 * still live. A support view's token names the support user as actor (act) and lives `ttlSeconds`.
 */
export function signAccessToken(
  ctx: AppContext,
  user: { id: string; authorities: string[] },
  sessionId: string,
  supportView?: { actorId: string; ttlSeconds: number },
): string {
  return signToken(
    ctx.jwtSecret,
    { audience: ctx.config.appType, ttlSeconds: supportView?.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS },
    {
      user_id: user.id,
      authorities: user.authorities,
      sid: sessionId,
      sub: user.id,
      ...(supportView ? { act: supportView.actorId } : {}),
    },
  );
}

async function insertRefreshToken(db: DbOrTx, userId: string, familyId: string): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(token),
    expiresAt: sql`now() + make_interval(days => ${REFRESH_TOKEN_TTL_DAYS})`,
  });
  return token;
}

async function loginResponse(
  ctx: AppContext,
  user: { id: string; authorities: string[] },
  familyId: string,
  refreshToken: string,
) {
  return {
    access_token: signAccessToken(ctx, user, familyId),
    refresh_token: refreshToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    user_id: user.id,
  } satisfies LoginResponse;
}

/** Starts a new session (a new refresh-token family) for a user who just proved who they are. */
export async function startSession(ctx: AppContext, db: DbOrTx, user: { id: string; authorities: string[] }) {
  const familyId = crypto.randomUUID();
  const refresh = await insertRefreshToken(db, user.id, familyId);
  return loginResponse(ctx, user, familyId, refresh);
}

const expired = () => unauthorized(AUTH_MESSAGES.sessionExpired, ERROR_CODES.refreshExpired);

/**
 * Exchanges a refresh token for a new pair. Each token works once; presenting a used one after the grace
 * period means it was copied, so the whole family is revoked and every holder must sign in again.
 */
export async function rotateRefreshToken(ctx: AppContext, presented: string): Promise<LoginResponse> {
  const seal = sealer(ctx.jwtSecret);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        usedAt: refreshTokens.usedAt,
        revokedAt: refreshTokens.revokedAt,
        successorSealed: refreshTokens.successorSealed,
        expired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
        withinGrace: sql<boolean>`${refreshTokens.usedAt} > now() - make_interval(secs => ${REFRESH_GRACE_SECONDS})`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .for('update');
    if (!row || row.revokedAt || row.expired) return null;
    const [user] = await tx
      .select({ id: users.id, authorities: users.authorities })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!user) return null;
    if (row.usedAt) {
      // Another tab racing the same refresh gets the same successor, but only while that successor is
      // unused: once the session moved on, an old token is a copy (else a thief could walk the chain).
      const successor = row.withinGrace && row.successorSealed ? seal.open(row.successorSealed) : null;
      if (successor && (await isUnused(tx, successor)))
        return { user, familyId: row.familyId, refresh: successor };
      await revokeFamily(tx, row.familyId);
      return { reused: true as const };
    }
    const refresh = await insertRefreshToken(tx, row.userId, row.familyId);
    await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()`, successorSealed: seal.seal(refresh) })
      .where(eq(refreshTokens.id, row.id));
    return { user, familyId: row.familyId, refresh };
  });
  if (!outcome || 'reused' in outcome) throw expired();
  return loginResponse(ctx, outcome.user, outcome.familyId, outcome.refresh);
}

async function isUnused(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ usedAt: refreshTokens.usedAt, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  return Boolean(row && !row.usedAt && !row.revokedAt);
}

export async function revokeFamily(db: DbOrTx, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, successorSealed: null })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: the session of this refresh token ends on every tab. Unknown tokens are ignored. */
export async function revokeSessionOf(db: DbOrTx, presented: string) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (row) await revokeFamily(db, row.familyId);
}

/** Ends every session of a user, or every one but the current (after a password change). */
export async function revokeAllSessions(db: DbOrTx, userId: string, exceptFamilyId?: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, successorSealed: null })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined,
      ),
    );
}
