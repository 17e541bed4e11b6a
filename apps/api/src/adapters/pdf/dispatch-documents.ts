import PDFDocument from 'pdfkit';
import { collect, INK, MUTED } from './pdf-document.ts';

/**
 * What logistics prints for the kits it dispatches (issue 24): a packing slip (A5) and an address label
 * (100 × 150 mm, the common thermal-label size), one page per kit, in the order the kits were scanned.
 */

export type DispatchKit = {
  label: string;
  sampleIdentifier: string;
  project: string;
  orderId: number | null;
  orderDate: string | null;
  recipient: {
    name: string;
    addressLine1: string;
    addressLine2: string | null;
    suburb: string;
    state: string;
    postcode: string;
  } | null;
};

export type DispatchKind = 'slip' | 'label';

const MM = 72 / 25.4;
const LABEL_SIZE: [number, number] = [100 * MM, 150 * MM];

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
  doc.fillColor(INK).fontSize(18).text(`${brand} — packing slip`);
  doc.moveDown(0.5).fontSize(11).fillColor(MUTED);
  doc.text(`Kit ${kit.label} · sample ${kit.sampleIdentifier} · ${kit.project}`);
  if (kit.orderId !== null) doc.text(`Order ${kit.orderId}${kit.orderDate ? ` of ${kit.orderDate}` : ''}`);
  doc.moveDown().fillColor(INK).fontSize(12).text('Ship to', { underline: true });
  for (const line of addressLines(kit)) doc.text(line);
  doc.moveDown().text('In this box', { underline: true });
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

function label(doc: PDFKit.PDFDocument, kit: DispatchKit, brand: string, returnAddress: string) {
  const width = LABEL_SIZE[0] - 2 * 14;
  doc.fillColor(MUTED).fontSize(8).text(`From ${brand}, ${returnAddress}`, { width });
  doc.moveDown(1.5).fillColor(INK).fontSize(10).text('TO', { width });
  doc.fontSize(15);
  for (const line of addressLines(kit)) doc.text(line, { width });
  doc.moveDown(2).fontSize(9).fillColor(MUTED).text(`${kit.label} · ${kit.sampleIdentifier}`, { width });
}

/** One page per kit: packing slips or address labels. */
export function dispatchPdf(
  kind: DispatchKind,
  kits: DispatchKit[],
  meta: { brand: string; returnAddress: string },
): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    lang: 'en-AU',
    displayTitle: true,
    info: {
      Title: `${meta.brand} ${kind === 'slip' ? 'packing slips' : 'address labels'}`,
      Author: meta.brand,
    },
  });
  const done = collect(doc);
  for (const kit of kits) {
    if (kind === 'slip') {
      doc.addPage({ size: 'A5', margin: 36 });
      slip(doc, kit, meta.brand);
    } else {
      doc.addPage({ size: LABEL_SIZE, margin: 14 });
      label(doc, kit, meta.brand, meta.returnAddress);
    }
  }
  doc.end();
  return done;
}
