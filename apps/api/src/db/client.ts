import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { SpeedLayer } from '../config.ts';
import { startPgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: service functions accept both. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** The advisory lock key every instance takes around the migrations (any fixed number of ours). */
const MIGRATION_LOCK = 8_642_097_531;

/**
 * Applies the committed migrations while holding a session advisory lock, on one connection. Instances
 * starting together on one PostgreSQL would otherwise run the same migrations at once and all but one
 * fail (on drizzle's own schema, or on a table the other just created); with the lock they run one
 * after the other and the later ones find nothing left to do. Harmless on PGlite (one session).
 */
async function migrateUnderLock(db: Db) {
  await db.execute(sql`select pg_advisory_lock(${sql.raw(String(MIGRATION_LOCK))})`);
  await migratePg(db as never, { migrationsFolder });
  await db.execute(sql`select pg_advisory_unlock(${sql.raw(String(MIGRATION_LOCK))})`);
}

/** PostgreSQL through a node-postgres pool, with the committed migrations applied. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // A connect timeout, so requests fail fast (503) while the database is unreachable instead of hanging.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle connection dropped by the server (restart, network cut) must not crash the process: the pool
  // replaces it on the next query.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  // The pool listens for errors only while a connection is idle. A connection lost while checked out
  // between two statements (inside a transaction) emits 'error' on the client itself, which would be an
  // uncaught exception; the statement in progress already fails with it, so only note it here.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.warn(`database connection lost in use: ${error.message}`));
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // The migrations run on a connection of their own, so the lock and every statement they make share
  // one session; closing it releases the lock even if a migration failed half way.
  const migrator = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    migrator.on('error', () => {}); // a lost connection also fails the statement in progress
    await migrator.connect();
    await migrateUnderLock(drizzlePg(migrator, { schema }) as unknown as Db);
  } catch (error) {
    await pool.end();
    throw error;
  } finally {
    await migrator.end().catch(() => {});
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * PGlite in memory (dataDir undefined) or in a folder, with the committed migrations applied. It runs
 * on its own thread and the app reaches it through node-postgres, as it reaches PostgreSQL: the same
 * driver, type parsing and named prepared statements (decisions 016 and 017).
 */
export async function openPglite(dataDir?: string, onItsThread = true): Promise<Database> {
  let releaseLock = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = takeLock(dataDir);
  }
  if (!onItsThread) return openPgliteOnThisThread(dataDir, releaseLock);
  try {
    const thread = await startPgliteThread(dataDir);
    try {
      const db = drizzlePg(thread.pool as unknown as pg.Pool, { schema }) as unknown as Db;
      await migrateUnderLock(db);
      return {
        db,
        kind: 'pglite',
        async close() {
          await thread.close();
          releaseLock();
        },
      };
    } catch (error) {
      await thread.close();
      throw error;
    }
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * The bench's B of the `pglite-thread` layer (config.ts, SPEED_LAYERS, issue 31): the same folder opened on
 * the server's own thread through drizzle's PGlite driver, as before decisions 016 and 017. Not used
 * otherwise: every statement would stop the server while it runs.
 */
async function openPgliteOnThisThread(dataDir: string | undefined, releaseLock: () => void) {
  try {
    // Loaded only here: the server never needs PGlite on its own thread otherwise.
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
    const client = new PGlite(dataDir ? path.join(dataDir, 'pgdata') : undefined);
    await client.waitReady;
    // node-postgres sends a statement without parameters in the simple protocol, which takes several at
    // once (pg-boss's schema and its locked blocks); PGlite's query() takes one. Those go through exec(),
    // as pg-boss's own PGlite adapter sends them.
    const query = client.query.bind(client);
    client.query = (async (text: string, params?: unknown[], options?: object) => {
      try {
        return await query(text, params, options);
      } catch (error) {
        if (params?.length || !/multiple commands/.test((error as Error).message)) throw error;
        return { rows: (await client.exec(text)).flatMap((result) => result.rows), fields: [] };
      }
    }) as typeof client.query;
    try {
      const db = drizzlePglite(client, { schema }) as unknown as Db;
      await migrateUnderLock(db);
      return {
        db,
        kind: 'pglite' as const,
        async close() {
          // As the thread's close does: PGlite does not fsync, a checkpoint keeps a clean close durable.
          if (dataDir) await client.exec('CHECKPOINT');
          await client.close();
          releaseLock();
        },
      };
    } catch (error) {
      await client.close();
      throw error;
    }
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite is single-process: a second server on the same folder would corrupt it, so the first one
 * holds a lock file with its pid. A lock left by a crashed process (pid gone) is taken over.
 */
function takeLock(dataDir: string): () => void {
  const lockPath = path.join(path.resolve(dataDir), 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The embedded database in ${path.resolve(dataDir)} is in use by another process (pid ${pid}). ` +
            'Stop that process, or point DATA_DIR at another folder.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  speedLayersOff?: readonly SpeedLayer[];
}) {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(config.dataDir, !config.speedLayersOff?.includes('pglite-thread'));
}
