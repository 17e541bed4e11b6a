// @ts-check
/**
 * The embedded database's own thread (decision 030): PGlite runs here and serves PostgreSQL's wire
 * protocol on a Unix socket through `@electric-sql/pglite-socket`. PostgreSQL compiled to WebAssembly
 * is synchronous, so on the server's thread a long statement would stop it answering anything else.
 *
 * Plain JavaScript: a worker thread started under Vitest or a bare `node` does not get the TypeScript
 * loader of the thread that started it.
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

/** @type {{ dataDir?: string, socketPath: string }} */
const { dataDir, socketPath } = workerData;

try {
  const db = await PGlite.create(dataDir ? path.join(dataDir, 'pgdata') : undefined);
  // PGlite is one backend: the server queues every connection's messages into it. The app keeps one
  // connection; a few more let a replacement in while a broken one is still being let go.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
  await server.start();
  port.on('message', async (/** @type {{ close?: boolean }} */ message) => {
    if (!message.close) return;
    try {
      await server.stop();
      // PGlite does not fsync: a checkpoint before closing keeps a clean shutdown durable.
      if (dataDir) await db.exec('CHECKPOINT');
      await db.close();
    } finally {
      port.close();
    }
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ fatal: error instanceof Error ? error.message : String(error) });
  port.close();
}
