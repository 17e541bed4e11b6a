import bwipjs from 'bwip-js/node';

/*
 * Barcodes drawn as vector rectangles (bwip-js encodes, pdfkit draws), black on white, each module a
 * whole number of dots of a 203 dpi thermal printer and placed on that printer's dot grid: the bars do
 * not blur or round unevenly when the label prints at 203 dpi, and a PDF viewer or laser printer draws
 * them sharp at any resolution (issue 34).
 */

/** One dot of a 203 dpi label printer, in PDF points. */
export const DOT = 72 / 203;
export const MM = 72 / 25.4;

/** A length in points moved onto the 203 dpi grid. */
const onGrid = (points: number) => Math.round(points / DOT) * DOT;

type Bars = { sbs: number[] };
type Matrix = { pixs: number[]; pixx: number; pixy: number };

/**
 * A Code 128 barcode of `text` with its top-left corner at (x, y); `module` dots per narrow bar (3 dots
 * = 0.375 mm, read by any handheld scanner). Returns the width and height drawn, in points.
 */
export function code128(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: { module?: number; height?: number } = {},
): { width: number; height: number } {
  const [raw] = bwipjs.raw('code128', text, {}) as Bars[];
  if (!raw) throw new Error('bwip-js made no Code 128');
  const module = (options.module ?? 3) * DOT;
  const height = onGrid(options.height ?? 15 * MM);
  const left = onGrid(x);
  const top = onGrid(y);
  let at = left;
  doc.save().fillColor('#000000');
  raw.sbs.forEach((width, i) => {
    // Bars and spaces alternate, a bar first.
    if (i % 2 === 0) doc.rect(at, top, width * module, height);
    at += width * module;
  });
  doc.fill().restore();
  return { width: at - left, height };
}

/** The width a Code 128 of `text` takes, in points (to centre or right-align it). */
export function code128Width(text: string, module = 3): number {
  const [raw] = bwipjs.raw('code128', text, {}) as Bars[];
  return (raw?.sbs.reduce((sum, w) => sum + w, 0) ?? 0) * module * DOT;
}

/** A Data Matrix of `text` with its top-left corner at (x, y); `module` dots per cell. Returns its side. */
export function dataMatrix(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: { module?: number } = {},
): { width: number; height: number } {
  const [raw] = bwipjs.raw('datamatrix', text, {}) as Matrix[];
  if (!raw) throw new Error('bwip-js made no Data Matrix');
  const cell = (options.module ?? 4) * DOT;
  const left = onGrid(x);
  const top = onGrid(y);
  doc.save().fillColor('#000000');
  for (let row = 0; row < raw.pixy; row++) {
    // Each run of dark cells in a row is one rectangle: no seams between neighbouring cells.
    let start = -1;
    for (let col = 0; col <= raw.pixx; col++) {
      const dark = col < raw.pixx && raw.pixs[row * raw.pixx + col] === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        doc.rect(left + start * cell, top + row * cell, (col - start) * cell, cell);
        start = -1;
      }
    }
  }
  doc.fill().restore();
  return { width: raw.pixx * cell, height: raw.pixy * cell };
}
