import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { openPool } from './pool.ts';

/**
 * The embedded database on its own thread (decision 030). PGlite runs in a worker thread
 * (pglite-worker.mjs) behind `@electric-sql/pglite-socket`, which serves PostgreSQL's wire protocol on a
 * Unix socket in a private temporary folder; the app connects to it with node-postgres as to any
 * server. While the backend works on a statement, the server's thread goes on answering requests.
 */
export type PgliteThread = {
  pool: pg.Pool;
  close(): Promise<void>;
  /** Stops the thread at once, as a crash would (tests). */
  kill(): Promise<void>;
};

/** Starts PGlite in a worker thread (in memory when dataDir is undefined) and a pool to it. */
export async function startPgliteThread(dataDir?: string): Promise<PgliteThread> {
  // Only this process's user may reach the socket: the embedded database asks for no password.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-'));
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, socketPath: path.join(socketDir, '.s.PGSQL.5432') },
    // The worker is plain JavaScript: it needs none of the server's loaders or flags.
    execArgv: [],
  });
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', (code) => {
      fs.rmSync(socketDir, { recursive: true, force: true });
      if (!stopping) console.error(`the embedded database's thread stopped (exit code ${code})`);
      resolve();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (message: { ready?: boolean; fatal?: string }) => {
        if (message.ready) resolve();
        else reject(new Error(`embedded database: ${message.fatal}`));
      });
      worker.once('error', reject);
      void exited.then(() => reject(new Error('embedded database: the thread stopped while starting')));
    });
  } catch (error) {
    stopping = true;
    await worker.terminate();
    throw error;
  }

  // One connection: PGlite is one backend session, so a second connection would share its unnamed
  // statement and its transaction. A transaction holds the connection; other statements wait in the
  // pool's queue. Prepared statements belong to the session, not the connection: a replacement
  // connection (after a lost one) starts by dropping those its predecessor left.
  const pool = openPool(
    {
      host: socketDir,
      user: 'postgres',
      database: 'postgres',
      max: 1,
      idleTimeoutMillis: 0,
      onConnect: async (client) => {
        await client.query('DEALLOCATE ALL');
      },
    },
    'embedded database',
  );
  return {
    pool,
    kill: async () => {
      await worker.terminate();
    },
    async close() {
      stopping = true;
      await pool.end();
      worker.postMessage({ close: true });
      await exited;
    },
  };
}
