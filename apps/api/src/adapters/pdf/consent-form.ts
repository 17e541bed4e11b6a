import PDFDocument from 'pdfkit';
import { unicodeFonts } from './fonts.ts';

/** The blank parental consent form a parent signs (a real PDF, generated on the server). */
export function consentFormPdf(brand: string, supportEmail: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = unicodeFonts(
      new PDFDocument({
        size: 'A4',
        margin: 56,
        info: { Title: `${brand} parental consent form` },
      }),
    );
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(20).text(`${brand}`, { continued: false }).moveDown(0.3);
    doc.fontSize(16).text('Parent or guardian consent for a person under 18').moveDown();
    doc
      .fontSize(11)
      .text(
        `${brand} analyses gut-microbiome samples and shows the results in a personal report. Because the person ` +
          'named below is under 18, we show their results only after a parent or legal guardian has read and ' +
          'signed this form.',
      )
      .moveDown()
      .text('By signing, I confirm that:')
      .list(
        [
          'I am the parent or legal guardian of the person named below.',
          'I consent to them providing a sample and answering the health questionnaires.',
          `I consent to ${brand} showing them their microbiome results in the portal.`,
          'I understand I can withdraw this consent at any time by contacting support.',
        ],
        { bulletRadius: 2 },
      )
      .moveDown(1.5);
    const line = (label: string) => {
      doc.text(`${label}: ________________________________________________`).moveDown(1.2);
    };
    line('Name of the person under 18');
    line('Their date of birth (DD/MM/YYYY)');
    line('Parent or guardian full name');
    line('Relationship to the person');
    line('Signature');
    line('Date (DD/MM/YYYY)');
    doc
      .moveDown()
      .fontSize(10)
      .text(
        `Upload a photo or scan of the signed form in My Profile, or email it to ${supportEmail}. ` +
          'Accepted files: PDF, PNG or JPEG under 1MB.',
      );
    doc.end();
  });
}
