import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, gt, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedFor } from '../db/prepared.ts';
import { rateLimits } from '../db/schema/index.ts';

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;

/** Every this many increments, rows whose window ended a while ago are deleted. */
const SWEEP_EVERY = 500;

const ttlMs = sql<number>`greatest(0, extract(epoch from (${rateLimits.resetAt} - now())) * 1000)::float8`;

/**
 * One request counted under `key` in a window of `seconds`: a fresh window starts at 1, otherwise the
 * count goes up. Returns the count and the milliseconds left in the window. Used by the store below and
 * by the answer save, which counts itself in the statement that reads what it needs (decision 036).
 */
export function countRequest(db: Db, key: SQL | Placeholder, seconds: number | Placeholder) {
  const window = sql`make_interval(secs => ${seconds}::float8)`;
  const expired = sql`${rateLimits.resetAt} <= now()`;
  return db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then now() + ${window} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, ttl: ttlMs.as('ttl') });
}

/**
 * @fastify/rate-limit's store in the database (design.md §7: "rate-limit counters live in PostgreSQL"), so
 * that a limit holds across every API instance and a clean restart. The table is unlogged (decision 035):
 * a database crash empties it, and no counter write waits for a WAL flush. One upsert per limited request:
 * a fresh window starts at 1, otherwise the count goes up; the answer is the count and the milliseconds
 * left in the window (what Retry-After is computed from).
 */
/** Prepared once (every limited request runs it), not built and planned again on each request. */
const incrementStatement = preparedFor((db: Db) =>
  countRequest(db, sql.placeholder('key'), sql.placeholder('seconds')).prepare('rate_limit_increment'),
);

export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let increments = 0;

  async function increment(key: string, windowMs: number): Promise<Counter> {
    const [row] = await incrementStatement(db).execute({ key, seconds: windowMs / 1000 });
    if (++increments % SWEEP_EVERY === 0)
      void db
        .delete(rateLimits)
        .where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`))
        .catch(() => {});
    return { current: row?.count ?? 1, ttl: Math.ceil(Number(row?.ttl ?? windowMs)) };
  }

  async function read(key: string): Promise<Counter> {
    const [row] = await db
      .select({ count: rateLimits.count, ttl: ttlMs })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
    return row ? { current: row.count, ttl: Math.ceil(Number(row.ttl)) } : { current: 0, ttl: 0 };
  }

  class DatabaseRateLimitStore {
    constructor(private readonly prefix = 'global:') {}

    incr(key: string, callback: Callback, timeWindow: number) {
      increment(this.prefix + key, timeWindow).then(
        (counter) => callback(null, counter),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback) {
      read(this.prefix + key).then(
        (counter) => callback(null, counter),
        (error: Error) => callback(error),
      );
    }

    /** Each route with a limit of its own counts separately; routes of one groupId count together. */
    child(routeOptions: object) {
      // At run time the plugin passes the route's merged limit settings, which carry routeInfo.
      const { routeInfo: info, groupId } = routeOptions as {
        routeInfo?: { method?: string | string[]; url?: string };
        groupId?: string;
      };
      if (groupId) return new DatabaseRateLimitStore(`group ${groupId}:`);
      const method = Array.isArray(info?.method) ? info.method.join(',') : (info?.method ?? '');
      return new DatabaseRateLimitStore(`${method} ${info?.url ?? ''}:`);
    }
  }

  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
