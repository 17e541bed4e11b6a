import { kitTypeName, type StudyKitType } from '@portal/domain';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { unicodeFonts } from './fonts.ts';
import { collect, INK, MUTED } from './pdf-document.ts';

/**
 * Labels of the multi-site study's kits (issue 24): one 100 × 60 mm label per kit, in the order given,
 * with the QR code of the kit's form (the requisition form of a blood or stool kit, the replacement form
 * of a replacement kit), the link written out for a phone that cannot scan, and the kit's tube labels.
 */
export type StudyLabel = {
  kitId: number;
  kitType: StudyKitType;
  site: string;
  formLink: string;
  tubes: string[];
};

const MM = 72 / 25.4;
const SIZE: [number, number] = [100 * MM, 60 * MM];
const PAD = 4 * MM;
const QR = 40 * MM;

export async function studyLabelsPdf(labels: StudyLabel[], brand: string): Promise<Buffer> {
  const codes = await Promise.all(
    labels.map((label) =>
      QRCode.toBuffer(label.formLink, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 400 }),
    ),
  );
  const doc = unicodeFonts(
    new PDFDocument({
      size: SIZE,
      margin: PAD,
      autoFirstPage: false,
      info: { Title: 'Study kit labels' },
    }),
  );
  const done = collect(doc);
  labels.forEach((label, index) => {
    doc.addPage();
    const code = codes[index];
    if (code) doc.image(code, PAD, PAD, { width: QR, height: QR });
    const x = PAD * 2 + QR;
    const width = SIZE[0] - x - PAD;
    doc.fillColor(MUTED).fontSize(7).text(brand, x, PAD, { width });
    doc
      .fillColor(INK)
      .fontSize(12)
      .text(kitTypeName(label.kitType), x, doc.y + 2, { width });
    doc.fontSize(10).text(`Kit ${label.kitId}`, x, doc.y + 1, { width });
    doc
      .fillColor(MUTED)
      .fontSize(7)
      .text(label.site, x, doc.y + 1, { width });
    doc.moveDown(0.5).fillColor(INK).fontSize(7);
    for (const [i, tube] of label.tubes.entries()) doc.text(`Tube ${i + 1}: ${tube}`, x, doc.y, { width });
    doc
      .fillColor(MUTED)
      .fontSize(6)
      .text(label.formLink, PAD, PAD + QR + 2 * MM, { width: SIZE[0] - 2 * PAD, lineBreak: true });
  });
  if (labels.length === 0) doc.addPage();
  doc.end();
  return done;
}
