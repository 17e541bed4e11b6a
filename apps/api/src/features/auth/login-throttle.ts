import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';

/** Failures on one account within the window before it is locked. */
export const ACCOUNT_LOCK_AFTER = 5;
/** Failures from one address within the window before it is refused. */
export const ADDRESS_LOCK_AFTER = 30;
export const LOCK_WINDOW_MINUTES = 15;
/** Failures tolerated before each further attempt is slowed. */
export const FREE_ATTEMPTS = 3;

export const accountKey = (email: string) => `email:${email}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** Seconds until the longest lock among these keys ends, or 0. */
export async function lockedForSeconds(db: DbOrTx, keys: string[]): Promise<number> {
  let longest = 0;
  for (const key of keys) {
    const [row] = await db
      .select({ seconds: sql<number>`extract(epoch from (${loginFailures.lockedUntil} - now()))::float8` })
      .from(loginFailures)
      .where(eq(loginFailures.key, key));
    if (row?.seconds && row.seconds > longest) longest = row.seconds;
  }
  return longest;
}

/** Counts a failure (a fresh window after the old one passed) and locks at the threshold; returns the count. */
export async function recordFailure(db: DbOrTx, key: string, lockAfter: number): Promise<number> {
  const window = sql`make_interval(mins => ${LOCK_WINDOW_MINUTES})`;
  const [row] = await db
    .insert(loginFailures)
    .values({ key, count: 1 })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${loginFailures.firstAt} < now() - ${window} then 1 else ${loginFailures.count} + 1 end`,
        firstAt: sql`case when ${loginFailures.firstAt} < now() - ${window} then now() else ${loginFailures.firstAt} end`,
      },
    })
    .returning({ count: loginFailures.count });
  const count = row?.count ?? 1;
  if (count >= lockAfter) {
    await db
      .update(loginFailures)
      .set({ lockedUntil: sql`now() + ${window}`, count: 0, firstAt: sql`now()` })
      .where(eq(loginFailures.key, key));
  }
  return count;
}

export async function clearFailures(db: DbOrTx, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}
