// @ts-check
/**
 * Reads the files people and staff send, on a worker thread of the pool in untrusted-files.ts, so a file
 * built to be expensive costs this thread time and memory, never the server's (issue 32): the pool
 * gives each thread a heap limit and a deadline, and ends it when either is reached.
 *
 * Plain JavaScript, as the embedded database's thread is (decision 017): a worker thread does not get the
 * TypeScript loader of the thread that started it. The domain's report code is TypeScript, so the
 * MetaPhlAn task registers tsx on this thread before importing it.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Bytes the file's streams have been inflated to in this task. pdf-lib inflates object streams and
 * cross-reference streams while it loads a document (other streams stay compressed), into buffers grown
 * by one method; counted there, a Flate bomb is stopped at the budget instead of filling memory, which
 * the heap limit alone would not do (typed arrays live outside the heap).
 */
let inflated = 0;
let inflateBudget = Number.POSITIVE_INFINITY;

/** @type {typeof import('pdf-lib') | undefined} */
let pdfLib;

function loadPdfLib() {
  if (pdfLib) return pdfLib;
  // The CommonJS build, the one `import 'pdf-lib'` resolves to, so the class counted is the one it uses.
  const lib = require('pdf-lib');
  const DecodeStream = require('pdf-lib/cjs/core/streams/DecodeStream.js').default;
  const grow = DecodeStream.prototype.ensureBuffer;
  if (typeof grow !== 'function') throw new Error('pdf-lib no longer grows decoded streams in ensureBuffer');
  DecodeStream.prototype.ensureBuffer = function ensureBuffer(/** @type {number} */ requested) {
    const before = this.buffer?.byteLength ?? 0;
    const buffer = grow.call(this, requested);
    inflated += buffer.byteLength - before;
    if (inflated > inflateBudget) throw new Error('inflate budget exceeded');
    return buffer;
  };
  pdfLib = lib;
  return lib;
}

/**
 * A PDF's page count when pdf-lib loads it whole, or null; `overBudget` when its streams inflated past
 * the budget (a decompression bomb, refused whatever else the file holds).
 * @param {{ bytes: Uint8Array, inflateBudget: number }} task
 */
async function pdfPages({ bytes, inflateBudget: budget }) {
  const { PDFDocument } = loadPdfLib();
  inflated = 0;
  inflateBudget = budget;
  try {
    const pdf = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
    return { pages: pdf.getPageCount(), overBudget: inflated > budget };
  } catch {
    return { pages: null, overBudget: inflated > budget };
  } finally {
    inflateBudget = Number.POSITIVE_INFINITY;
  }
}

/** @type {Promise<typeof import('@portal/domain/report')> | undefined} */
let reportCode;

/**
 * A MetaPhlAn profile's report, or what is wrong with the file (the domain's ProfileError message).
 * @param {{ text: string }} task
 */
async function metaphlanReport({ text }) {
  reportCode ??= import('tsx/esm/api').then(({ register }) => {
    register();
    return import('@portal/domain/report');
  });
  const { buildReport, parseMetaphlanProfile } = await reportCode;
  try {
    return { report: buildReport(parseMetaphlanProfile(text)) };
  } catch (error) {
    if (error instanceof Error && error.name === 'ProfileError') return { profileError: error.message };
    throw error;
  }
}

/** @param {{ kind: 'pdf', bytes: Uint8Array, inflateBudget: number } | { kind: 'metaphlan', text: string }} task */
export default function read(task) {
  return task.kind === 'pdf' ? pdfPages(task) : metaphlanReport(task);
}
