import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { staffAudit, users } from '../db/schema/index.ts';
import type { Principal } from './authenticate.ts';

/** How the log names the operator key (the CLI and automation): it has no account. */
export const OPERATOR_KEY_LABEL = 'operator key';

export type StaffAction = {
  /** What was done, as a verb phrase in dotted form: `kit.dispatch`, `staff.invite`, `order.refund`. */
  action: string;
  /** Which kind of record: `kit`, `sample`, `user`, `order`, `promo_code`… */
  entity: string;
  entityId: string;
  /** The person the record belongs to, so they can read the entry about them. */
  subjectId?: string | null;
  before?: unknown;
  after?: unknown;
};

/**
 * Writes one audit entry for a staff member's (or the operator key's) action. Call it with the same
 * transaction as the change it records, so the change and its entry land together or not at all.
 */
export async function recordStaffAction(db: DbOrTx, principal: Principal, entry: StaffAction): Promise<void> {
  const isOperator = principal.sessionId === 'operator-key';
  let actorLabel = OPERATOR_KEY_LABEL;
  if (!isOperator) {
    const [actor] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, principal.userId));
    actorLabel = actor ? `${actor.firstName} ${actor.lastName} <${actor.email}>` : principal.userId;
  }
  await db.insert(staffAudit).values({
    actorId: isOperator ? null : principal.userId,
    actorLabel,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    subjectId: entry.subjectId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * A list's filters as its read's audit entry keeps them (issue 32): without the typed text `q`, which
 * may be an email, a name or a phone number. The entry keeps the ids of the rows shown instead.
 */
export function withoutText<T extends { q?: string | undefined }>(query: T): Omit<T, 'q'> {
  const { q: _text, ...filters } = query;
  return filters;
}
