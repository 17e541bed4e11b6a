import { verify } from '@node-rs/argon2';
import {
  ACCOUNT_MESSAGES,
  ERROR_CODES,
  guardianNameProblems,
  PASSWORD_MESSAGES,
  PROFILE_MESSAGES,
  type Profile,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { hashPassword, revokeAllSessions } from '../auth/index.ts';
import { toUser } from '../users/index.ts';

/**
 * Saves the profile (putUser). userType follows the portal the person saves from. A password change
 * needs the current password (403 otherwise) and ends the person's other sessions. Every save names
 * the version it loaded (400 without it) and is refused (409, nothing changed) when the profile has
 * been saved since.
 */
export async function saveProfile(ctx: AppContext, principal: Principal, input: Profile) {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, principal.userId)).for('update');
    if (!current) throw notFound(ACCOUNT_MESSAGES.notFound);
    // Optimistic concurrency: a tab that loaded an older version would undo what another tab saved.
    if (input.version !== current.version) throw conflict(ACCOUNT_MESSAGES.staleProfile);
    if (current.underAge) {
      const fields = guardianNameProblems(input);
      if (Object.keys(fields).length) throw invalid(PROFILE_MESSAGES.fixHighlighted, fields);
    }
    let passwordHash: string | undefined;
    if (input.newPassword !== undefined) {
      const ok = await verify(current.passwordHash, input.password ?? '').catch(() => false);
      if (!ok)
        throw new AppError(403, ERROR_CODES.forbidden, PASSWORD_MESSAGES.wrongCurrent, {
          password: PASSWORD_MESSAGES.wrongCurrent,
        });
      passwordHash = await hashPassword(input.newPassword);
    }
    const { password: _p, newPassword: _n, version: _v, ...details } = input;
    const [row] = await tx
      .update(users)
      .set({
        ...details,
        userType: ctx.config.appType === 'RESEARCH' ? 'RESEARCH' : 'CONSUMER',
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: sql`now()`,
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, principal.userId))
      .returning();
    if (passwordHash) await revokeAllSessions(tx, principal.userId, principal.sessionId);
    if (!row) throw notFound(ACCOUNT_MESSAGES.notFound);
    return toUser(row);
  });
}
