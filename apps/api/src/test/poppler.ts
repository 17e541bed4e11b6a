import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/*
 * A PDF as the tools outside the portal read it (issue 34): Poppler's pdftotext for the text a reader or
 * search copies, pdftoppm to print it at a label printer's 203 dpi, ZBar's zbarimg to scan that print's
 * Code 128s and libdmtx's dmtxread its Data Matrix codes (ZBar reads no Data Matrix): Debian's
 * poppler-utils, zbar-tools and dmtx-utils, installed by .ci/run.
 */
const run = promisify(execFile);

async function inTemp<T>(pdf: Uint8Array, work: (dir: string, file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-pdf-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    return await work(dir, file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** pdftotext's text of the whole PDF (UTF-8). */
export const pdfToText = (pdf: Uint8Array) =>
  inTemp(pdf, async (_dir, file) => (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout);

/** A command's output lines; a reader that found nothing exits non-zero, which reads as no lines. */
const linesOf = (command: string, args: string[]) =>
  run(command, args)
    .catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
    .then((out) => out.stdout.split('\n').filter(Boolean));

/**
 * Each page printed at `dpi`, then scanned as a scanner's camera sees it (in grey levels): the Code 128s
 * (`CODE-128:KIT-12`) or Data Matrix codes (`DATAMATRIX:MB2K7QX12`) read, page by page.
 */
export const scanPdf = (pdf: Uint8Array, reader: 'code128' | 'datamatrix' = 'code128', dpi = 203) =>
  inTemp(pdf, async (dir, file) => {
    await run('pdftoppm', ['-r', String(dpi), '-gray', '-png', file, join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((name) => name.startsWith('page')).sort();
    const found: string[][] = [];
    for (const page of pages) {
      const path = join(dir, page);
      // dmtxread searches a whole page for a long time when it has no Data Matrix: asked only for one.
      found.push(
        reader === 'code128'
          ? await linesOf('zbarimg', ['--quiet', path])
          : (await linesOf('dmtxread', ['--newline', '--stop-after=1', path])).map((t) => `DATAMATRIX:${t}`),
      );
    }
    return found;
  });
