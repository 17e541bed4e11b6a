import type { ResearchUse } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consents, users } from '../../db/schema/index.ts';
import { handoverPaused } from './handover.service.ts';
import { pendingReconsent } from './ledger.service.ts';

/**
 * Whether the person's data may be used in research now: only with the data-usage consent given, and
 * paused while a material change to it awaits their answer, or while a handover at 18 is 30 days
 * overdue (handover.service.ts).
 */
export async function researchUseOf(db: DbOrTx, userId: string, today?: string): Promise<ResearchUse> {
  const [user] = await db.select({ agree: users.agreeToDataUsage }).from(users).where(eq(users.id, userId));
  if (!user?.agree) return 'OFF';
  if (await handoverPaused(db, userId, today)) return 'PAUSED';
  const pending = await pendingReconsent(db, userId);
  if (pending.length === 0) return 'ACTIVE';
  const governing = await db
    .select({ id: consents.id })
    .from(consents)
    .where(eq(consents.userField, 'agree_to_data_usage'));
  return pending.some((p) => governing.some((g) => g.id === p.consentId)) ? 'PAUSED' : 'ACTIVE';
}
