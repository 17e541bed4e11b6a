import { ERROR_CODES } from '@portal/domain';
import type { BuildReport } from '@portal/domain/report';
import { Piscina } from 'piscina';
import { AppError } from './errors.ts';

/**
 * Files that people and staff send are read on worker threads (untrusted-files-worker.mjs), never on the
 * server's own thread (issue 32): a 400 KB PDF whose object stream inflated to 480 MB kept every other
 * request waiting for 12 s. Each thread has a heap limit and each file a deadline; a thread that reaches
 * either is ended, and the file is refused. A PDF's streams may inflate to a budget, counted as they
 * inflate. The pool is small (two threads, the machine's cores) and its queue bounded; idle threads end
 * after a minute and never keep the process alive.
 */
export const UNTRUSTED_FILE_LIMITS = {
  /** Heap of one reading thread. */
  heapMb: 128,
  /** The longest one file may take; a real form or profile takes well under a second. */
  timeoutMs: 15_000,
  /** What a PDF's object and cross-reference streams may inflate to, all together. */
  inflateBytes: 32 * 1024 * 1024,
};

/** Why a file could not be read within the limits (the caller says so in its own words). */
export class UnreadableFile extends Error {
  override name = 'UnreadableFile';
}

const MAX_QUEUE = 64;
let pool: Piscina | null = null;

/** The reading threads' pool, made on first use (exported for its test). */
export function readers() {
  if (pool) return pool;
  pool = new Piscina({
    filename: new URL('./untrusted-files-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: 2,
    idleTimeout: 60_000,
    maxQueue: MAX_QUEUE,
    // Below the server's thread: on a busy machine reading a file yields the cores to answering requests.
    niceIncrement: 10,
    resourceLimits: { maxOldGenerationSizeMb: UNTRUSTED_FILE_LIMITS.heapMb, maxYoungGenerationSizeMb: 16 },
  });
  // A thread that fails with no file in hand (one whose file was already given up at its deadline, then
  // ran out of heap) is reported by the pool as an 'error' event. Unheard, that event ends the process:
  // seen once in the suite on a machine at load 9 (session 22). The file's caller has had its answer.
  pool.on('error', (error: Error) =>
    console.warn(`a file-reading thread failed after its file was given up: ${error.message}`),
  );
  return pool;
}

async function read<T>(task: object, transferList?: ArrayBuffer[]): Promise<T> {
  const pool = readers();
  if (pool.queueSize >= MAX_QUEUE)
    throw new AppError(
      503,
      ERROR_CODES.unavailable,
      'The server is busy reading other files. Please try again in a minute.',
      undefined,
      { 'retry-after': '60' },
    );
  try {
    return await pool.run(task, {
      signal: AbortSignal.timeout(UNTRUSTED_FILE_LIMITS.timeoutMs),
      ...(transferList ? { transferList } : {}),
    });
  } catch (error) {
    // The file's fault: its thread was ended by the deadline or ran out of heap. Anything else is ours.
    const { code, name } = error as { code?: string; name?: string };
    if (name === 'AbortError' || code === 'ERR_WORKER_OUT_OF_MEMORY') throw new UnreadableFile(code ?? name);
    throw error;
  }
}

/**
 * The page count of a PDF that loads whole, or null for one that does not; throws UnreadableFile for one
 * whose streams inflate past the budget or that outruns the thread's limits.
 */
export async function pdfPageCount(content: Buffer): Promise<number | null> {
  const bytes = new Uint8Array(content); // a copy of its own, handed over to the thread
  const result = await read<{ pages: number | null; overBudget: boolean }>(
    { kind: 'pdf', bytes, inflateBudget: UNTRUSTED_FILE_LIMITS.inflateBytes },
    [bytes.buffer],
  );
  if (result.overBudget) throw new UnreadableFile('inflate budget');
  return result.pages;
}

/**
 * A MetaPhlAn profile's report, or the domain's message saying what is wrong with the file; throws
 * UnreadableFile for one that outruns the thread's limits.
 */
export async function metaphlanReport(text: string) {
  return read<{ report: BuildReport } | { profileError: string }>({ kind: 'metaphlan', text });
}
