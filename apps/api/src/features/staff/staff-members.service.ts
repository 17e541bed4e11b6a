import { isStaffRole, STAFF_MESSAGES, type StaffMember, type StaffRole, staffRolesOf } from '@portal/domain';
import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffMembers, staffRecoveryCodes, staffSessions, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../../plugins/staff-audit.ts';
import { notifyAddress } from '../notifications/index.ts';
import { voidInvitation } from './staff-invitations.service.ts';
import { endSessions } from './staff-sessions.service.ts';

/** The staff list and an admin's changes to a member: roles, disabling, a lost phone. */

/** Every staff account, active ones first, by name. A team, not a customer base: no paging needed. */
export async function listStaff(ctx: AppContext): Promise<{ staff: StaffMember[] }> {
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      authorities: users.authorities,
      acceptedAt: staffMembers.acceptedAt,
      confirmedAt: staffMembers.totpConfirmedAt,
      invitedAt: staffMembers.invitedAt,
      disabledAt: staffMembers.disabledAt,
      lockedAt: staffMembers.secondFactorLockedAt,
      version: users.version,
    })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .orderBy(sql`${staffMembers.disabledAt} is not null`, asc(users.lastName), asc(users.firstName))
    .limit(1000);
  return {
    staff: rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      roles: staffRolesOf(row.authorities),
      status: row.disabledAt ? 'DISABLED' : row.acceptedAt ? 'ACTIVE' : 'INVITED',
      enrolled: row.confirmedAt !== null,
      secondFactorLocked: row.lockedAt !== null,
      invitedAt: row.invitedAt.toISOString(),
      disabledAt: row.disabledAt?.toISOString() ?? null,
      version: row.version,
    })),
  };
}

/** The staff member `id`, locked for the change; refused when there is none (or it is disabled). */
async function memberForChange(tx: DbOrTx, id: string, { disabled = false } = {}) {
  const [member] = await tx
    .select({
      authorities: users.authorities,
      disabledAt: staffMembers.disabledAt,
      email: users.email,
      version: users.version,
      firstName: users.firstName,
    })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(eq(staffMembers.userId, id))
    .for('update');
  if (!member) throw notFound(STAFF_MESSAGES.staffNotFound);
  if (disabled && !member.disabledAt) throw conflict(STAFF_MESSAGES.notDisabled);
  if (!disabled && member.disabledAt) throw conflict(STAFF_MESSAGES.disabled);
  return member;
}

/** The acting administrator's name for the email (the operator key has none). */
async function actorName(tx: DbOrTx, principal: Principal) {
  const [actor] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, principal.userId));
  return actor ? `${actor.firstName} ${actor.lastName}`.trim() : 'An administrator';
}

/** The advisory lock every change that can take ADMIN away holds (any fixed number of ours). */
const ADMINS_LOCK = 7_322_032;

/**
 * Serialises the changes that can take ADMIN away (issue 32): two admins disabling each other at the
 * same moment would each see the other as "another admin" and leave none. Taken first in the
 * transaction, before any row lock, so two such changes never wait on each other's rows.
 */
async function lockAdmins(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(ADMINS_LOCK))})`);
}

/**
 * Whether another staff account can act as ADMIN, so this one may lose it: it holds ADMIN, accepted its
 * invitation (a password of its own), set up its authenticator app and is not disabled. An invitation
 * nobody accepted is not another admin. Call it under lockAdmins.
 */
async function anotherAdmin(tx: DbOrTx, id: string) {
  const [other] = await tx
    .select({ id: users.id })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(
      and(
        ne(users.id, id),
        isNull(staffMembers.disabledAt),
        isNotNull(staffMembers.acceptedAt),
        isNotNull(staffMembers.totpConfirmedAt),
        sql`'ADMIN' = any(${users.authorities})`,
      ),
    )
    .limit(1);
  return Boolean(other);
}

/**
 * Sets a staff member's roles; their pages open or close on their next request. The change names the
 * version the console loaded: one from an older version (another admin saved since) is refused with
 * 409 and changes nothing, so it cannot undo the other's change (issue 33 item 16).
 */
export async function updateStaffRoles(
  ctx: AppContext,
  principal: Principal,
  id: string,
  { roles, version }: { roles: StaffRole[]; version: number },
) {
  return ctx.db.transaction(async (tx) => {
    await lockAdmins(tx);
    const member = await memberForChange(tx, id);
    if (version !== member.version) throw conflict(STAFF_MESSAGES.staleMember);
    const before = staffRolesOf(member.authorities);
    const after = staffRolesOf(roles);
    if (before.includes('ADMIN') && !after.includes('ADMIN') && !(await anotherAdmin(tx, id)))
      throw conflict(STAFF_MESSAGES.lastAdmin);
    const others = member.authorities.filter((a) => !isStaffRole(a));
    await tx
      .update(users)
      .set({ authorities: [...others, ...after], updatedAt: sql`now()`, version: member.version + 1 })
      .where(eq(users.id, id));
    await recordStaffAction(tx, principal, {
      action: 'staff.roles.change',
      entity: 'user',
      entityId: id,
      subjectId: id,
      before: { roles: before },
      after: { roles: after },
    });
    // The member is told (issue 34 item 15), unless nothing changed.
    if (before.join() !== after.join())
      await notifyAddress(ctx, tx, member, {
        kind: 'staff-roles',
        by: await actorName(tx, principal),
        before,
        after,
        supportEmail: ctx.mail.supportEmail,
      });
    return { roles: after, version: member.version + 1 };
  });
}

/**
 * Enables a disabled staff account again with the roles given (issue 34 item 15): its password and
 * authenticator app are as they were, so the member signs in as before; they are emailed, and it is
 * audited. Signing in stays refused while an account is disabled (auth's login).
 */
export async function enableStaff(ctx: AppContext, principal: Principal, id: string, roles: StaffRole[]) {
  return ctx.db.transaction(async (tx) => {
    const member = await memberForChange(tx, id, { disabled: true });
    const after = staffRolesOf(roles);
    const others = member.authorities.filter((a) => !isStaffRole(a));
    await tx
      .update(users)
      .set({ authorities: [...others, ...after], updatedAt: sql`now()`, version: member.version + 1 })
      .where(eq(users.id, id));
    await tx
      .update(staffMembers)
      .set({ disabledAt: null, secondFactorFailures: 0, secondFactorLockedAt: null })
      .where(eq(staffMembers.userId, id));
    await recordStaffAction(tx, principal, {
      action: 'staff.enable',
      entity: 'user',
      entityId: id,
      subjectId: id,
      before: { roles: [], status: 'DISABLED' },
      after: { roles: after, status: 'ACTIVE' },
    });
    await notifyAddress(ctx, tx, member, {
      kind: 'staff-enabled',
      by: await actorName(tx, principal),
      roles: after,
      supportEmail: ctx.mail.supportEmail,
    });
    return { roles: after, version: member.version + 1 };
  });
}

/**
 * Disables a staff account for good: its roles go, every session ends at once, and the invitation and
 * second factor stop working. The account row stays, so the audit log keeps naming who did what.
 */
export async function disableStaff(ctx: AppContext, principal: Principal, id: string) {
  if (id === principal.userId) throw invalid(STAFF_MESSAGES.notYourself);
  await ctx.db.transaction(async (tx) => {
    await lockAdmins(tx);
    const member = await memberForChange(tx, id);
    const before = staffRolesOf(member.authorities);
    if (before.includes('ADMIN') && !(await anotherAdmin(tx, id))) throw conflict(STAFF_MESSAGES.lastAdmin);
    await tx
      .update(users)
      .set({
        authorities: member.authorities.filter((a) => !isStaffRole(a)),
        updatedAt: sql`now()`,
        version: member.version + 1,
      })
      .where(eq(users.id, id));
    await tx.update(staffMembers).set({ disabledAt: sql`now()` }).where(eq(staffMembers.userId, id));
    await voidInvitation(tx, id);
    // Every session ends at once, marked so the member's console says the account was disabled.
    await endSessions(tx, id, 'DISABLED');
    await recordStaffAction(tx, principal, {
      action: 'staff.disable',
      entity: 'user',
      entityId: id,
      subjectId: id,
      before: { roles: before, status: 'ACTIVE' },
      after: { roles: [], status: 'DISABLED' },
    });
  });
}

/**
 * A lost phone: the staff member's authenticator app and recovery codes are removed and their sessions
 * lose the second factor, so their next sign-in sets up a new app.
 */
export async function resetSecondFactor(ctx: AppContext, principal: Principal, id: string) {
  if (id === principal.userId) throw invalid(STAFF_MESSAGES.notYourself);
  await ctx.db.transaction(async (tx) => {
    await memberForChange(tx, id);
    await tx
      .update(staffMembers)
      .set({
        totpSecretSealed: null,
        totpConfirmedAt: null,
        totpLastStep: null,
        secondFactorFailures: 0,
        secondFactorLockedAt: null,
      })
      .where(eq(staffMembers.userId, id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, id));
    await tx.delete(staffSessions).where(eq(staffSessions.userId, id));
    await recordStaffAction(tx, principal, {
      action: 'staff.second_factor.reset',
      entity: 'user',
      entityId: id,
      subjectId: id,
      before: { enrolled: true },
      after: { enrolled: false },
    });
  });
}

/**
 * Ten wrong codes locked a staff member's authenticator codes (second-factor-lock.ts): an ADMIN who has
 * made sure it was the staff member (not someone who knows their password) unlocks them. Their app,
 * recovery codes and sessions stay as they are.
 */
export async function unlockSecondFactor(ctx: AppContext, principal: Principal, id: string) {
  if (id === principal.userId) throw invalid(STAFF_MESSAGES.notYourself);
  await ctx.db.transaction(async (tx) => {
    await memberForChange(tx, id);
    const [unlocked] = await tx
      .update(staffMembers)
      .set({ secondFactorFailures: 0, secondFactorLockedAt: null })
      .where(and(eq(staffMembers.userId, id), isNotNull(staffMembers.secondFactorLockedAt)))
      .returning({ failures: staffMembers.secondFactorFailures });
    if (!unlocked) throw conflict(STAFF_MESSAGES.factorNotLocked);
    await recordStaffAction(tx, principal, {
      action: 'staff.second_factor.unlock',
      entity: 'user',
      entityId: id,
      subjectId: id,
      before: { locked: true },
      after: { locked: false, by: 'ADMIN' },
    });
  });
}
