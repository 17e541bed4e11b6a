import { mailGreeting } from '@portal/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { queueMail } from '../../adapters/mail/outbox.ts';
import { compose, type MailCtx } from '../../adapters/mail/templates.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { staffMembers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../../plugins/staff-audit.ts';

/**
 * The staff second factor's own lock (issue 32). Wrong codes are throttled per address (login-throttle
 * keys, second-factor.service.ts), but a guesser spread over many addresses was never stopped. So every
 * wrong code also counts on the staff account, from every address, in no window: at the tenth since the
 * last right one the authenticator codes lock. A locked account takes no TOTP code, the right one
 * included, until a recovery code (the owner's proof) or an ADMIN unlocks it; the staff member is emailed
 * when it locks. Each wrong code is written to the staff audit log, as the account's own action.
 */
export const FACTOR_LOCK_AFTER = 10;

export type FactorMethod = 'TOTP' | 'RECOVERY_CODE';

/** The account's lock, read with its row locked: concurrent attempts on one account take turns. */
export async function factorLockOf(tx: DbOrTx, userId: string) {
  const [row] = await tx
    .select({ lockedAt: staffMembers.secondFactorLockedAt })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId))
    .for('update');
  return { locked: Boolean(row?.lockedAt) };
}

export function lockedMail(ctx: AppContext, mail: MailCtx, to: string, firstName: string) {
  return compose(
    mail,
    to,
    `Your ${mail.brand} staff sign-in codes are locked`,
    [
      mailGreeting(firstName),
      `Someone entered ${FACTOR_LOCK_AFTER} wrong codes at the second step of signing in to your ${mail.brand} staff account, so the codes from your authenticator app no longer work.`,
      'If it was you: sign in with one of your recovery codes, which unlocks them, or ask an administrator to unlock them.',
      'If it was not you: someone knows your password. Change it now and tell an administrator.',
    ],
    { label: 'Open the staff console', url: `${ctx.config.publicUrl}/staff` },
  );
}

/**
 * Counts and audits one wrong code, in the transaction of the attempt (after factorLockOf). At the tenth
 * the factor locks, once: the lock is audited and the staff member emailed. Answers whether it is locked.
 */
export async function recordFactorFailure(
  ctx: AppContext,
  tx: Tx,
  principal: Principal,
  attempt: { method: FactorMethod; ip: string; alreadyLocked: boolean },
): Promise<boolean> {
  const { userId } = principal;
  const [counted] = attempt.alreadyLocked
    ? [{ failures: FACTOR_LOCK_AFTER }]
    : await tx
        .update(staffMembers)
        .set({ secondFactorFailures: sql`${staffMembers.secondFactorFailures} + 1` })
        .where(eq(staffMembers.userId, userId))
        .returning({ failures: staffMembers.secondFactorFailures });
  const failures = counted?.failures ?? 0;
  await recordStaffAction(tx, principal, {
    action: 'staff.second_factor.fail',
    entity: 'user',
    entityId: userId,
    subjectId: userId,
    after: { method: attempt.method, address: attempt.ip, failures, locked: attempt.alreadyLocked },
  });
  if (attempt.alreadyLocked || failures < FACTOR_LOCK_AFTER) return attempt.alreadyLocked;
  const [lockedNow] = await tx
    .update(staffMembers)
    .set({ secondFactorLockedAt: sql`now()` })
    .where(and(eq(staffMembers.userId, userId), isNull(staffMembers.secondFactorLockedAt)))
    .returning({ at: staffMembers.secondFactorLockedAt });
  if (lockedNow) {
    const [member] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    if (member)
      await queueMail(ctx, tx, 'staff-security', lockedMail(ctx, ctx.mail, member.email, member.firstName));
    await recordStaffAction(tx, principal, {
      action: 'staff.second_factor.lock',
      entity: 'user',
      entityId: userId,
      subjectId: userId,
      after: { failures },
    });
  }
  return true;
}

/**
 * A right code: the count starts again. A recovery code also ends a lock (it is the owner's proof),
 * audited as the account's own unlock.
 */
export async function clearFactorFailures(tx: DbOrTx, principal: Principal, unlock: boolean) {
  await tx
    .update(staffMembers)
    .set({ secondFactorFailures: 0, ...(unlock ? { secondFactorLockedAt: null } : {}) })
    .where(eq(staffMembers.userId, principal.userId));
  if (unlock)
    await recordStaffAction(tx, principal, {
      action: 'staff.second_factor.unlock',
      entity: 'user',
      entityId: principal.userId,
      subjectId: principal.userId,
      after: { by: 'RECOVERY_CODE' },
    });
}
