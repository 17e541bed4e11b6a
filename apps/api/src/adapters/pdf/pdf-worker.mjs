// @ts-check
/**
 * A thread of the PDF pool (pdf-pool.ts): builds a report or comparison PDF off the server's thread, so
 * a PDF that takes a second to draw never stops the server from answering other requests (issue 31).
 *
 * Plain JavaScript that registers the TypeScript loader itself: a worker thread started under Vitest or
 * a bare `node` does not get the loader of the thread that started it.
 */
import Piscina from 'piscina';
import { register } from 'tsx/esm/api';

register();
/** @type {Record<string, (...args: unknown[]) => Promise<Buffer>>} */
const builders = await import('./report-pdf.ts');

/** @param {{ name: string, args: unknown[] }} task */
export default async function build({ name, args }) {
  const builder = builders[name];
  if (typeof builder !== 'function') throw new Error(`no PDF builder named ${name}`);
  const pdf = await builder(...args);
  // The bytes move to the server's thread instead of being copied.
  const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  return Piscina.move(
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice(),
  );
}
