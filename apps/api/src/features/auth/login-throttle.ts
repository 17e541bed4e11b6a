import { eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';

/**
 * Failed sign-ins are counted three ways (decision 004). Only the counters an attacker's own address
 * feeds can lock: an account is slowed by its failures from everywhere but never refused as a whole, so
 * nobody can lock a person out of their account by failing on purpose from elsewhere.
 */

/** Failures of one account from one address within the window before that pair is refused. */
export const PAIR_LOCK_AFTER = 5;
/** Failures from one address, across accounts, within the window before the address is refused. */
export const ADDRESS_LOCK_AFTER = 30;
export const LOCK_WINDOW_MINUTES = 15;
/** Failures tolerated before each further attempt is slowed. */
export const FREE_ATTEMPTS = 3;
/** The longest an attempt is slowed. */
export const MAX_DELAY_MS = 5000;

const accountKey = (email: string) => `email:${email}`;
/** Emails hold no spaces, so `pair:<email> ` is a prefix that matches exactly one account's pairs. */
const pairPrefix = (email: string) => `pair:${email} `;

export type ThrottleKeys = { account: string; pair: string; address: string };

export const throttleKeys = (email: string, ip: string): ThrottleKeys => ({
  account: accountKey(email),
  pair: `${pairPrefix(email)}ip:${ip}`,
  address: `ip:${ip}`,
});

export type ThrottleState = { lockedSeconds: number; delayMs: number };

/**
 * Where an attempt stands before its password is checked: how long its pair or address is still refused,
 * and how long to slow it, from the most failures counted on its account, pair or address. Every attempt
 * on a slowed account waits, the right password included, so the wait cannot be cut short by a guesser
 * that gives up on slow answers.
 */
export async function throttleState(db: DbOrTx, keys: ThrottleKeys, delayPerFailureMs: number) {
  const window = sql`make_interval(mins => ${LOCK_WINDOW_MINUTES})`;
  const rows = await db
    .select({
      key: loginFailures.key,
      count: sql<number>`case when ${loginFailures.firstAt} < now() - ${window} then 0 else ${loginFailures.count} end`,
      lockedSeconds: sql<number>`coalesce(extract(epoch from (${loginFailures.lockedUntil} - now())), 0)::float8`,
    })
    .from(loginFailures)
    .where(inArray(loginFailures.key, [keys.account, keys.pair, keys.address]));
  let lockedSeconds = 0;
  let failures = 0;
  for (const row of rows) {
    if (row.key !== keys.account) lockedSeconds = Math.max(lockedSeconds, row.lockedSeconds);
    failures = Math.max(failures, row.count);
  }
  const excess = failures + 1 - FREE_ATTEMPTS;
  const delayMs = excess > 0 ? Math.min(MAX_DELAY_MS, excess * delayPerFailureMs) : 0;
  return { lockedSeconds, delayMs } satisfies ThrottleState;
}

/** Counts a failure on all three keys; returns true when the pair or the address is now refused. */
export async function recordFailure(db: DbOrTx, keys: ThrottleKeys): Promise<boolean> {
  const pairLocked = await count(db, keys.pair, PAIR_LOCK_AFTER);
  const addressLocked = await count(db, keys.address, ADDRESS_LOCK_AFTER);
  await count(db, keys.account, null);
  return pairLocked || addressLocked;
}

/** Counts one failure (a fresh window after the old one passed); at `lockAfter` the key is refused. */
async function count(db: DbOrTx, key: string, lockAfter: number | null): Promise<boolean> {
  const window = sql`make_interval(mins => ${LOCK_WINDOW_MINUTES})`;
  const stale = sql`${loginFailures.firstAt} < now() - ${window}`;
  const [row] = await db
    .insert(loginFailures)
    .values({ key, count: 1 })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: sql`case when ${stale} then 1 else ${loginFailures.count} + 1 end`,
        firstAt: sql`case when ${stale} then now() else ${loginFailures.firstAt} end`,
      },
    })
    .returning({ count: loginFailures.count });
  if (lockAfter === null || (row?.count ?? 1) < lockAfter) return false;
  await db
    .update(loginFailures)
    .set({ lockedUntil: sql`now() + ${window}`, count: 0, firstAt: sql`now()` })
    .where(eq(loginFailures.key, key));
  return true;
}

/** After a good sign-in: the account and this pair start afresh (the address keeps its count). */
export async function clearFailures(db: DbOrTx, keys: ThrottleKeys) {
  await db.delete(loginFailures).where(inArray(loginFailures.key, [keys.account, keys.pair]));
}

/** After a password reset the link proved the owner: every lock on the account's pairs ends. */
export async function clearAccountFailures(db: DbOrTx, email: string) {
  await db
    .delete(loginFailures)
    .where(
      or(
        eq(loginFailures.key, accountKey(email)),
        sql`starts_with(${loginFailures.key}, ${pairPrefix(email)})`,
      ),
    );
}
