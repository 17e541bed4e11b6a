import PDFDocument from 'pdfkit';
import { code128, code128Width, DOT, dataMatrix, MM } from './barcodes.ts';
import { BODY, BOLD, unicodeFonts } from './fonts.ts';
import { collect, INK, MUTED } from './pdf-document.ts';

/**
 * What logistics prints for the kits it dispatches (issue 24): a packing slip (A5), an address label
 * (100 × 150 mm, the common thermal-label size, black only for a 203 dpi thermal printer) and a tube
 * label (50 × 25 mm), one page per kit, in the order the kits were scanned. The slip and the address
 * label carry a Code 128 of the kit id (`KIT-12`), the tube label a Data Matrix of the sample id: each
 * is what the console's scan field reads (issue 34).
 */

export type DispatchKit = {
  label: string;
  sampleIdentifier: string;
  project: string;
  orderId: number | null;
  orderDate: string | null;
  /** The carrier's tracking number, once the kit has one. */
  trackingNumber?: string | null;
  recipient: {
    name: string;
    addressLine1: string;
    addressLine2: string | null;
    suburb: string;
    state: string;
    postcode: string;
  } | null;
};

export type DispatchKind = 'slip' | 'label' | 'tube';

const LABEL_SIZE: [number, number] = [100 * MM, 150 * MM];
const TUBE_SIZE: [number, number] = [50 * MM, 25 * MM];
const BLACK = '#000000';

const addressLines = (kit: DispatchKit) =>
  kit.recipient
    ? [
        kit.recipient.name,
        kit.recipient.addressLine1,
        ...(kit.recipient.addressLine2 ? [kit.recipient.addressLine2] : []),
        `${kit.recipient.suburb} ${kit.recipient.state} ${kit.recipient.postcode}`.toUpperCase(),
      ]
    : ['No address on file: check the order before posting.'];

function slip(doc: PDFKit.PDFDocument, kit: DispatchKit, brand: string) {
  doc.font(BOLD).fillColor(INK).fontSize(16).text(`${brand} — packing slip`);
  doc.font(BODY).moveDown(0.5).fontSize(10).fillColor(MUTED);
  doc.text(`Kit ${kit.label} · sample ${kit.sampleIdentifier} · ${kit.project}`);
  if (kit.orderId !== null) doc.text(`Order ${kit.orderId}${kit.orderDate ? ` of ${kit.orderDate}` : ''}`);
  if (kit.trackingNumber) doc.text(`Tracking ${kit.trackingNumber}`);
  // The kit id's barcode on a line of its own (white on every side), scanned to verify the packing.
  const top = doc.y + 10;
  const { height } = code128(doc, kit.label, 36, top, { module: 3, height: 14 * MM });
  doc
    .fillColor(BLACK)
    .fontSize(8)
    .text(kit.label, 36, top + height + 2, { width: code128Width(kit.label, 3), align: 'center' });
  doc.x = 36;
  doc.moveDown().font(BOLD).fillColor(INK).fontSize(12).text('Ship to');
  doc.font(BODY);
  for (const line of addressLines(kit)) doc.text(line);
  doc.moveDown().font(BOLD).text('In this box').font(BODY);
  doc.list(
    [
      '1 × gut microbiome sampling kit',
      `1 × sample tube labelled ${kit.sampleIdentifier}`,
      '1 × instructions and reply-paid return envelope',
    ],
    { bulletRadius: 2 },
  );
  doc.moveDown().fontSize(10).fillColor(MUTED);
  doc.text('Packed by: ______________________    Checked by: ______________________');
}

/** The address label: black only, the kit's Code 128 at the foot, every edge on the 203 dpi grid. */
function label(doc: PDFKit.PDFDocument, kit: DispatchKit, brand: string, returnAddress: string) {
  const pad = 14;
  const width = LABEL_SIZE[0] - 2 * pad;
  doc.fillColor(BLACK).fontSize(8).text(`From ${brand}, ${returnAddress}`, pad, pad, { width });
  doc.moveDown(1.5).font(BOLD).fontSize(10).text('TO', { width });
  doc.font(BODY).fontSize(15);
  for (const line of addressLines(kit)) doc.text(line, { width });
  doc.moveDown(1).fontSize(9).text(`${kit.label} · sample ${kit.sampleIdentifier}`, { width });
  if (kit.trackingNumber) doc.font(BOLD).text(`Tracking ${kit.trackingNumber}`, { width }).font(BODY);
  // The kit id's barcode, centred above the bottom edge, its human-readable text below it.
  const height = 18 * MM;
  const barcodeWidth = code128Width(kit.label, 3);
  const top = LABEL_SIZE[1] - pad - height - 14;
  doc.rect(0, top - 8 * DOT, LABEL_SIZE[0], 1).fill(BLACK);
  code128(doc, kit.label, (LABEL_SIZE[0] - barcodeWidth) / 2, top, { module: 3, height });
  // Below the bottom margin: lift it while writing, so the text does not start a new page.
  doc.page.margins.bottom = 0;
  doc
    .fillColor(BLACK)
    .fontSize(10)
    .text(kit.label, pad, top + height + 3, { width, align: 'center', lineBreak: false });
}

/** The tube label: the sample id as a Data Matrix and in writing, and the kit it belongs to. */
function tube(doc: PDFKit.PDFDocument, kit: DispatchKit) {
  const pad = 2 * MM;
  const { width: side } = dataMatrix(doc, kit.sampleIdentifier, pad, pad, { module: 4 });
  const x = pad + side + 2 * MM;
  const width = TUBE_SIZE[0] - x - pad;
  doc.fillColor(BLACK).font(BOLD).fontSize(9).text(kit.sampleIdentifier, x, pad, { width });
  doc
    .font(BODY)
    .fontSize(7.5)
    .text(kit.label, x, doc.y + 1, { width });
  doc.fontSize(6).text('Keep upright. Freeze after sampling.', x, doc.y + 2, { width });
}

export const DOCUMENT_NAMES: Record<DispatchKind, string> = {
  slip: 'packing slips',
  label: 'address labels',
  tube: 'tube labels',
};

/** One page per kit: packing slips or address labels. */
export function dispatchPdf(
  kind: DispatchKind,
  kits: DispatchKit[],
  meta: { brand: string; returnAddress: string },
): Promise<Buffer> {
  const doc = unicodeFonts(
    new PDFDocument({
      autoFirstPage: false,
      lang: 'en-AU',
      displayTitle: true,
      info: { Title: `${meta.brand} ${DOCUMENT_NAMES[kind]}`, Author: meta.brand },
    }),
  );
  const done = collect(doc);
  for (const kit of kits) {
    if (kind === 'slip') {
      doc.addPage({ size: 'A5', margin: 36 });
      slip(doc, kit, meta.brand);
    } else if (kind === 'label') {
      doc.addPage({ size: LABEL_SIZE, margin: 14 });
      label(doc, kit, meta.brand, meta.returnAddress);
    } else {
      doc.addPage({ size: TUBE_SIZE, margin: 0 });
      tube(doc, kit);
    }
  }
  doc.end();
  return done;
}

export type ManifestRow = {
  label: string;
  sampleIdentifier: string;
  recipient: string | null;
  dispatchedAt: string;
  packVerifiedAt: string | null;
};

/**
 * The day's dispatch manifest (A4): each kit of the batch in the order scanned, its recipient, when it
 * was dispatched and whether its packing was verified, and the kit's Code 128 so a pickup can be checked
 * against it; a line to sign for the carrier.
 */
export function manifestPdf(
  day: string,
  rows: ManifestRow[],
  meta: { brand: string; time: (iso: string) => string },
): Promise<Buffer> {
  const doc = unicodeFonts(
    new PDFDocument({
      size: 'A4',
      margin: 40,
      lang: 'en-AU',
      displayTitle: true,
      info: { Title: `${meta.brand} dispatch manifest ${day}`, Author: meta.brand },
    }),
  );
  const done = collect(doc);
  const verified = rows.filter((r) => r.packVerifiedAt).length;
  doc.font(BOLD).fontSize(16).fillColor(BLACK).text(`${meta.brand} — dispatch manifest ${day}`);
  doc.font(BODY).fontSize(10).text(`${rows.length} kits · ${verified} pack-verified`).moveDown();
  const columns = [
    { title: '#', width: 22 },
    { title: 'Kit', width: 150 },
    { title: 'Sample', width: 80 },
    { title: 'Recipient', width: 150 },
    { title: 'Dispatched · verified', width: 113 },
  ];
  const row = (cells: string[], bold = false) => {
    const top = doc.y;
    let x = 40;
    let bottom = top;
    doc.font(bold ? BOLD : BODY).fontSize(8.5);
    cells.forEach((cell, i) => {
      const width = columns[i]?.width ?? 80;
      doc.text(cell, x, top, { width: width - 6 });
      bottom = Math.max(bottom, doc.y);
      x += width;
    });
    doc.y = bottom + 4;
    doc.x = 40;
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  rows.forEach((r, i) => {
    if (doc.y + 50 > doc.page.height - 60) doc.addPage();
    const top = doc.y;
    row([
      String(i + 1),
      '',
      r.sampleIdentifier,
      r.recipient ?? 'No address on file',
      `${meta.time(r.dispatchedAt)}\n${r.packVerifiedAt ? `verified ${meta.time(r.packVerifiedAt)}` : 'not verified'}`,
    ]);
    code128(doc, r.label, 62, top, { module: 2, height: 8 * MM });
    doc
      .font(BODY)
      .fontSize(7)
      .text(r.label, 62, top + 8 * MM + 1, { width: 140, lineBreak: false });
    doc.y = Math.max(doc.y, top + 8 * MM + 12) + 4;
    doc.x = 40;
    doc
      .moveTo(40, doc.y - 2)
      .lineTo(doc.page.width - 40, doc.y - 2)
      .lineWidth(0.5)
      .stroke(BLACK);
  });
  doc.moveDown(2).font(BODY).fontSize(10);
  doc.text('Handed to the carrier by: ______________________   Signature: ______________   Time: ________');
  doc.end();
  return done;
}
