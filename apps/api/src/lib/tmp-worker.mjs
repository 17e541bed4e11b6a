import { parentPort } from 'node:worker_threads';
const t0 = performance.now();
const { register } = await import('tsx/esm/api');
register();
const { buildReport, parseMetaphlanProfile } = await import('@portal/domain/report');
const t1 = performance.now();
const { PDFDocument } = await import('pdf-lib');
const t2 = performance.now();
parentPort.postMessage({ tsx: t1 - t0, pdf: t2 - t1, ok: typeof buildReport });
