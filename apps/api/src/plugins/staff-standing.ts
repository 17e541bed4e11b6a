import { STAFF_ERROR_CODES, STAFF_MESSAGES, type StaffRole, staffRolesOf } from '@portal/domain';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { staffMembers, staffSessions, users } from '../db/schema/index.ts';
import { forbidden, sessionExpired, unauthorized } from '../lib/errors.ts';
import { liveSession } from './live-session.ts';

/**
 * Where a signed-in staff member stands, read live on every staff request in one statement: the account
 * and its session exist and are live, its roles as they are now (a role taken away closes its pages at
 * once, without waiting for the token to expire), and whether this session passed the second factor.
 */
export type StaffStanding = {
  authorities: string[];
  roles: StaffRole[];
  isStaff: boolean;
  disabled: boolean;
  enrolled: boolean;
  secondFactorPassed: boolean;
  /** The session's last-seen time is over a minute old: the guard writes it again. */
  lastSeenStale: boolean;
};

export async function staffStanding(db: DbOrTx, userId: string, sessionId: string): Promise<StaffStanding> {
  const [row] = await db
    .select({
      authorities: users.authorities,
      member: staffMembers.userId,
      disabledAt: staffMembers.disabledAt,
      confirmedAt: staffMembers.totpConfirmedAt,
      passed: staffSessions.familyId,
      lastSeenStale: sql<boolean>`coalesce(${staffSessions.lastSeenAt} < now() - interval '1 minute', false)`,
    })
    .from(users)
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .leftJoin(staffSessions, and(eq(staffSessions.familyId, sessionId), eq(staffSessions.userId, users.id)))
    .where(and(eq(users.id, userId), liveSession(sql`${sessionId}::uuid`)));
  if (!row) throw await notLiveRefusal(db, sessionId);
  const roles = staffRolesOf(row.authorities);
  return {
    authorities: row.authorities,
    roles,
    isStaff: row.member !== null && roles.length > 0,
    disabled: row.disabledAt !== null,
    enrolled: row.confirmedAt !== null,
    secondFactorPassed: row.passed !== null,
    lastSeenStale: row.lastSeenStale,
  };
}

/**
 * The refusal of a session that is not live: a session ended for the member (an ADMIN's forced sign-out,
 * or the account disabled; issue 34 item 15) says so, so the console can tell them; any other is expired.
 * Read only on this refusal's path, never on a live request.
 */
export async function notLiveRefusal(db: DbOrTx, sessionId: string) {
  const [ended] = await db
    .select({ reason: staffSessions.endedReason })
    .from(staffSessions)
    .where(and(eq(staffSessions.familyId, sessionId), isNotNull(staffSessions.endedAt)));
  if (!ended) return sessionExpired();
  return unauthorized(
    ended.reason === 'DISABLED' ? STAFF_MESSAGES.disabled : STAFF_MESSAGES.signedOutByAdmin,
    STAFF_ERROR_CODES.sessionEnded,
  );
}

/** Writes the session's last console request (at most once a minute: the standing says when). */
export async function touchStaffSession(db: DbOrTx, sessionId: string) {
  await db
    .update(staffSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(staffSessions.familyId, sessionId), isNull(staffSessions.endedAt)));
}

/**
 * Throws the refusal for a staff member who may not use the console yet: not staff, disabled, no
 * authenticator app set up, or this session has not passed the second factor.
 */
export function assertConsoleOpen(standing: StaffStanding, { secondFactor }: { secondFactor: boolean }) {
  if (standing.disabled) throw forbidden(STAFF_MESSAGES.disabled, STAFF_ERROR_CODES.notStaff);
  if (!standing.isStaff) throw forbidden(STAFF_MESSAGES.notStaff, STAFF_ERROR_CODES.notStaff);
  if (!secondFactor) return;
  if (!standing.enrolled)
    throw forbidden(STAFF_MESSAGES.enrolmentRequired, STAFF_ERROR_CODES.enrolmentRequired);
  if (!standing.secondFactorPassed)
    throw forbidden(STAFF_MESSAGES.secondFactorRequired, STAFF_ERROR_CODES.secondFactorRequired);
}
