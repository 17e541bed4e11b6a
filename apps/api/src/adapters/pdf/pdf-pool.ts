import { createHash } from 'node:crypto';
import os from 'node:os';
import Piscina from 'piscina';
import { layerOff } from '../../config.ts';
import type { comparisonPdf, reportPdf } from './report-pdf.ts';

/**
 * Report and comparison PDFs are drawn on worker threads (pdf-worker.mjs), not on the server's thread:
 * at 50 connections the report PDF built on the event loop served 29 a second with a p99 of 3.9 s, and
 * every other request waited behind it (issue 31). One pool per process, at most one thread per core
 * but one (the other answers requests), kept warm for a minute after the last PDF.
 */
let pool: Piscina | undefined;

/** The drawing threads' pool, made on first use (exported for its test). */
export function thePool(): Piscina {
  if (pool) return pool;
  pool = new Piscina({
    filename: new URL('./pdf-worker.mjs', import.meta.url).href,
    maxThreads: Math.max(1, os.availableParallelism() - 1),
    minThreads: 0,
    idleTimeout: 60_000,
    // A PDF is a few hundred kilobytes; more than this many waiting means the pool is overwhelmed.
    maxQueue: 1_000,
  });
  // A thread that fails with no PDF in hand is reported as the pool's 'error' event, which would
  // otherwise end the process (as the file readers' did, lib/untrusted-files.ts).
  pool.on('error', (error: Error) => console.warn(`a PDF thread failed between PDFs: ${error.message}`));
  return pool;
}

/**
 * The PDFs drawn in the last few minutes, by a hash of everything drawn into them: the same report asked
 * for again (a person opening it twice, 50 requests for it at once) is drawn once. The route checks who
 * may read it before asking, and a PDF leaves memory after CACHE_MS or when CACHE_BYTES is reached
 * (oldest first), so an erased account's PDF outlives the erasure by minutes at most.
 */
const CACHE_MS = 5 * 60_000;
const CACHE_BYTES = 64 * 1024 * 1024;
const drawn = new Map<string, { pdf: Promise<Buffer>; at: number; bytes: number }>();
let drawnBytes = 0;

function forget(key: string) {
  const entry = drawn.get(key);
  if (!entry) return;
  drawn.delete(key);
  drawnBytes -= entry.bytes;
}

let drawings = 0;

/** How many PDFs the pool has drawn, and on how many threads it runs now (tests). */
export const pdfPoolStats = () => ({ drawn: drawings, threads: pool?.threads.length ?? 0 });

async function draw(name: string, args: unknown[]): Promise<Buffer> {
  drawings++;
  const bytes: Uint8Array = await thePool().run({ name, args });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function build(name: string, args: unknown[]): Promise<Buffer> {
  // The bench's B of the `pdf-cache` layer (config.ts): every PDF drawn again.
  if (layerOff('pdf-cache')) return draw(name, args);
  const key = createHash('sha256').update(name).update(JSON.stringify(args)).digest('base64url');
  return remembered(key, () => draw(name, args));
}

/** The PDF kept under `key`, or the one `drawing` makes, kept under it (a failure is not kept). */
function remembered(key: string, drawing: () => Promise<Buffer>): Promise<Buffer> {
  const now = Date.now();
  const hit = drawn.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.pdf;
  forget(key);
  const entry = { pdf: drawing(), at: now, bytes: 0 };
  drawn.set(key, entry);
  entry.pdf.then(
    (pdf) => {
      if (drawn.get(key) !== entry) return;
      entry.bytes = pdf.byteLength;
      drawnBytes += pdf.byteLength;
      for (const [oldest] of drawn) {
        if (drawnBytes <= CACHE_BYTES) break;
        forget(oldest);
      }
    },
    // A failed drawing is not remembered: the next request tries again.
    () => {
      if (drawn.get(key) === entry) forget(key);
    },
  );
  return entry.pdf;
}

/** reportPdf, drawn on the pool. */
export const reportPdfOffThread = (...args: Parameters<typeof reportPdf>) => build('reportPdf', args);

/**
 * reportPdf kept under a key the caller read with the report (report-pdf.service.ts: the stored result, the
 * heading and the journey's key), not under a hash of its arguments: a PDF asked for again is answered
 * without reading, parsing or hashing the report. `args` is called only when the PDF is not in memory.
 * The key must change whenever anything drawn into the PDF does.
 */
export function reportPdfUnderKey(
  key: string,
  args: () => Promise<Parameters<typeof reportPdf>>,
): Promise<Buffer> {
  const drawing = async () => draw('reportPdf', await args());
  // The bench's B of the `pdf-cache` layer (config.ts): every PDF drawn again.
  if (layerOff('pdf-cache')) return drawing();
  // A hash key is base64url (no '/'), so the two kinds of key never meet.
  return remembered(`reportPdf/${key}`, drawing);
}

/** comparisonPdf, drawn on the pool. */
export const comparisonPdfOffThread = (...args: Parameters<typeof comparisonPdf>) =>
  build('comparisonPdf', args);

/** Ends the pool's threads and forgets the drawn PDFs (the server's shutdown). A later PDF starts a new pool. */
export async function closePdfPool() {
  drawn.clear();
  drawnBytes = 0;
  const current = pool;
  pool = undefined;
  await current?.close({ force: false });
}
