import { STAFF_MESSAGES, type StaffActiveSession } from '@portal/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refreshTokens, staffMembers, staffSessions, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { liveSession } from '../../plugins/live-session.ts';
import { recordStaffAction } from '../../plugins/staff-audit.ts';
import { revokeAllSessions, revokeFamily } from '../auth/index.ts';

/**
 * Active console sessions and an ADMIN's forced sign-out (issue 34 item 15). A session is a refresh-token
 * family that passed the second factor and is still live; ending one marks it ended (with why) and
 * revokes its refresh tokens in one transaction, so the member's very next request is refused (the
 * guard reads liveness on every request) and is told why (staff-standing.ts).
 */

export type SessionEndReason = 'SIGNED_OUT_BY_ADMIN' | 'DISABLED';

/** Every live console session, most recently seen first; one member's only with `member`. */
export async function listStaffSessions(
  ctx: AppContext,
  principal: Principal,
  member?: string,
): Promise<{ sessions: StaffActiveSession[] }> {
  const rows = await ctx.db
    .select({
      id: staffSessions.familyId,
      memberId: staffSessions.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      method: staffSessions.method,
      signedInAt: sql<Date>`(select min(${refreshTokens.createdAt}) from ${refreshTokens} where ${refreshTokens.familyId} = ${staffSessions.familyId})`,
      passedAt: staffSessions.passedAt,
      lastSeenAt: staffSessions.lastSeenAt,
      device: staffSessions.device,
      network: staffSessions.network,
    })
    .from(staffSessions)
    .innerJoin(users, eq(users.id, staffSessions.userId))
    .where(
      and(
        isNull(staffSessions.endedAt),
        member ? eq(staffSessions.userId, member) : undefined,
        liveSession(sql`${staffSessions.familyId}`),
      ),
    )
    .orderBy(desc(staffSessions.lastSeenAt))
    .limit(500);
  return {
    sessions: rows.map(({ passedAt, signedInAt, ...row }) => ({
      ...row,
      // The family's first token is the sign-in; the raw subquery comes back as text on some drivers.
      signedInAt: new Date(signedInAt ?? passedAt).toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === principal.sessionId,
    })),
  };
}

/**
 * Ends sessions of a member, marked with why; `familyId` names one, else all of theirs. Answers the
 * sessions it ended (the console sessions among them; sessions that never passed the second factor are
 * revoked too but have no row). Call inside the change's transaction.
 */
export async function endSessions(
  tx: DbOrTx,
  memberId: string,
  reason: SessionEndReason,
  familyId?: string,
): Promise<string[]> {
  const ended = await tx
    .update(staffSessions)
    .set({ endedAt: sql`now()`, endedReason: reason })
    .where(
      and(
        eq(staffSessions.userId, memberId),
        isNull(staffSessions.endedAt),
        familyId ? eq(staffSessions.familyId, familyId) : undefined,
      ),
    )
    .returning({ id: staffSessions.familyId });
  if (familyId) await revokeFamily(tx, familyId);
  else await revokeAllSessions(tx, memberId);
  return ended.map((row) => row.id);
}

/** An ADMIN signs one live session out. Not the session they are using: that is Sign out. */
export async function endStaffSession(ctx: AppContext, principal: Principal, familyId: string) {
  if (familyId === principal.sessionId) throw invalid(STAFF_MESSAGES.ownSession);
  return ctx.db.transaction(async (tx) => {
    const [session] = await tx
      .select({
        memberId: staffSessions.userId,
        device: staffSessions.device,
        passedAt: staffSessions.passedAt,
      })
      .from(staffSessions)
      .where(
        and(
          eq(staffSessions.familyId, familyId),
          isNull(staffSessions.endedAt),
          liveSession(sql`${staffSessions.familyId}`),
        ),
      )
      .for('update');
    if (!session) throw notFound(STAFF_MESSAGES.sessionNotFound);
    await endSessions(tx, session.memberId, 'SIGNED_OUT_BY_ADMIN', familyId);
    await recordStaffAction(tx, principal, {
      action: 'staff.session.end',
      entity: 'user',
      entityId: session.memberId,
      subjectId: session.memberId,
      before: { session: familyId, device: session.device, status: 'ACTIVE' },
      after: { session: familyId, status: 'SIGNED_OUT_BY_ADMIN' },
    });
    return { ended: 1 };
  });
}

/** An ADMIN signs every session of a member out (not their own: Sign out ends theirs). */
export async function endMemberSessions(ctx: AppContext, principal: Principal, memberId: string) {
  if (memberId === principal.userId) throw invalid(STAFF_MESSAGES.notYourself);
  return ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: staffMembers.userId })
      .from(staffMembers)
      .where(eq(staffMembers.userId, memberId));
    if (!member) throw notFound(STAFF_MESSAGES.staffNotFound);
    const ended = await endSessions(tx, memberId, 'SIGNED_OUT_BY_ADMIN');
    await recordStaffAction(tx, principal, {
      action: 'staff.session.end_all',
      entity: 'user',
      entityId: memberId,
      subjectId: memberId,
      after: { sessions: ended, status: 'SIGNED_OUT_BY_ADMIN' },
    });
    return { ended: ended.length };
  });
}
