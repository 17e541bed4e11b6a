import { BRAND_COLOURS, CHART_SERIES } from '@portal/domain';
import { statementText } from '@portal/domain/report/statements';
import PDFDocument from 'pdfkit';
import { BODY, unicodeFonts } from './fonts.ts';

/* A tagged A4 document with the caveat in the footer of every page; the report and comparison PDFs share it. */

/** The caveat on every page: a registry statement (issue 37). */
export const NOT_A_DIAGNOSIS = statementText('report.notDiagnosis');

/*
 * The colours are the brand's (packages/domain's brand.ts, the palette of the web app's tokens and the
 * emails), so the PDF reads as the same brand as the page it comes from.
 */

/** The chart series, in order: each at least 3:1 against white; the last (a grey) is "the rest". */
export const PALETTE = CHART_SERIES;
export const INK = BRAND_COLOURS.text;
export const MUTED = BRAND_COLOURS.muted;
export const BRAND = BRAND_COLOURS.primary;

export const MARGIN = 50;
const FOOTER_HEIGHT = 40;

export type Tagged = {
  doc: PDFKit.PDFDocument;
  root: PDFKit.PDFStructureElement;
  /** The text width between the margins. */
  width: number;
  done: Promise<Buffer>;
};

/** The document's bytes, once it has ended. */
export function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The footer: an artifact (repeated page furniture), drawn as each page starts. */
function footer(doc: PDFKit.PDFDocument, label: string, page: number) {
  const { margins, height, width } = doc.page;
  const bottom = margins.bottom;
  // Below the bottom margin: lift it while drawing so the text does not start a new page.
  margins.bottom = 0;
  doc.markContent('Artifact', { type: 'Pagination' });
  doc
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(NOT_A_DIAGNOSIS, MARGIN, height - FOOTER_HEIGHT + 4, { width: width - 2 * MARGIN })
    .text(`${label} · page ${page}`, MARGIN, height - FOOTER_HEIGHT + 16, {
      width: width - 2 * MARGIN,
      align: 'right',
    });
  doc.endMarkedContent();
  margins.bottom = bottom;
  doc.fillColor(INK).fontSize(10);
  doc.x = margins.left;
  doc.y = margins.top;
}

/** A tagged PDF (structure tree, title shown, language) whose every page carries the caveat. */
export function taggedDocument(options: {
  title: string;
  subject?: string;
  author: string;
  label: string;
}): Tagged {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    autoFirstPage: false,
    tagged: true,
    lang: 'en-AU',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: options.title,
      Author: options.author,
      ...(options.subject ? { Subject: options.subject } : {}),
    },
  });
  unicodeFonts(doc);
  const done = collect(doc);
  let pages = 0;
  doc.on('pageAdded', () => {
    pages += 1;
    footer(doc, options.label, pages);
  });
  doc.addPage();
  const root = doc.struct('Document');
  doc.addStructure(root);
  return { doc, root, width: doc.page.width - 2 * MARGIN, done };
}

/** Tagged text: a heading or paragraph as one structure element. */
export function say(
  t: Tagged,
  type: 'H1' | 'H2' | 'H3' | 'P',
  text: string,
  style: { size?: number; color?: string; gap?: number; options?: PDFKit.Mixins.TextOptions } = {},
) {
  const { doc } = t;
  const size = style.size ?? { H1: 22, H2: 15, H3: 12, P: 10 }[type];
  // Noto Sans (fonts.ts) has ψ and every accented Latin letter; a CJK name falls back by itself.
  t.root.add(
    doc.struct(type, {}, () => {
      doc
        .font(BODY)
        .fontSize(size)
        .fillColor(style.color ?? INK)
        .text(text, { width: t.width, ...style.options });
    }),
  );
  doc.fillColor(INK);
  doc.moveDown(style.gap ?? 0.3);
}

/** A vector drawing as a Figure with its text alternative. */
export function figure(t: Tagged, alt: string, draw: () => void) {
  t.root.add(t.doc.struct('Figure', { alt }, draw));
  t.doc.fillColor(INK).strokeColor(INK);
}

/** Starts a new page unless `height` points still fit on this one. */
export function ensureRoom(t: Tagged, height: number) {
  const { doc } = t;
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

export const fmt = (value: number | null | undefined, digits = 2) =>
  value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(digits);

const DATE = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'UTC' });

/** An ISO date (YYYY-MM-DD) as "1 March 2026". */
export function longDate(iso: string | null): string {
  if (!iso) return 'not set';
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}
