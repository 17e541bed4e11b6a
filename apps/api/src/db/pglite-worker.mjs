// @ts-check
/**
 * The embedded database's own thread (decision 017): PGlite, the PostgreSQL backend compiled to
 * WebAssembly, runs here, so its work on a statement no longer stops the server's thread from taking
 * and answering other requests. The server's thread talks to it in PostgreSQL's wire protocol
 * (pglite-thread.ts): each message holds whole protocol messages, and the answer holds every message
 * the backend wrote in reply, in order.
 *
 * Plain JavaScript: a worker thread started under Vitest or a bare `node` does not get the TypeScript
 * loader of the thread that started it.
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

/** @type {{ dataDir?: string }} */
const { dataDir } = workerData ?? {};

/** The chunks in one buffer (each chunk is already a copy of its own, so one alone is returned as is). */
const concat = (/** @type {Uint8Array[]} */ chunks) => {
  if (chunks.length === 1) return /** @type {Uint8Array} */ (chunks[0]);
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
};

try {
  const db = new PGlite(dataDir ? path.join(dataDir, 'pgdata') : undefined);
  await db.waitReady;
  port.on('message', (/** @type {{ bytes?: Uint8Array, close?: boolean }} */ message) => {
    if (message.bytes) {
      /** @type {Uint8Array[]} */
      const chunks = [];
      // The backend's output as it writes it, unparsed: the server's thread parses it. The whole
      // statement runs before this call returns (the promise only carries a failure), so replies leave
      // in the order the messages came. No file system sync: PGlite's Node and memory file systems write
      // through, and their syncToFs does nothing.
      db.execProtocolRawStream(message.bytes, {
        syncToFs: false,
        // A chunk is a view of WebAssembly memory that the next statement overwrites: copied at once.
        onRawData: (/** @type {Uint8Array} */ chunk) => chunks.push(chunk.slice()),
      }).then(
        () => {
          const reply = concat(chunks);
          port.postMessage({ bytes: reply }, [reply.buffer]);
        },
        (error) => port.postMessage({ fatal: error instanceof Error ? error.message : String(error) }),
      );
    } else if (message.close) {
      // PGlite does not fsync: a checkpoint before closing keeps a clean shutdown durable.
      (dataDir ? db.exec('CHECKPOINT') : Promise.resolve())
        .then(() => db.close())
        .finally(() => {
          port.postMessage({ closed: true });
          port.close();
        });
    }
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ fatal: error instanceof Error ? error.message : String(error) });
  port.close();
}
