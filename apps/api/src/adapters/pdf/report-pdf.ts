import type { BuildReport, ReportComparison } from '@portal/domain/report';
import PDFDocument from 'pdfkit';

type Meta = {
  brand: string;
  person: string;
  sampleIdentifier: string;
  kitName: string;
  displayDate: string | null;
};

const fmt = (value: number | null, digits = 2) => (value === null ? 'n/a' : value.toFixed(digits));
const pct = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)}th percentile`);

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function header(doc: PDFKit.PDFDocument, title: string, meta: Meta) {
  doc.fontSize(20).fillColor('#0b5d4b').text(meta.brand).fillColor('#1f2933');
  doc.fontSize(16).text(title).moveDown(0.3);
  doc
    .fontSize(10)
    .text(`Prepared for ${meta.person}`)
    .text(
      `Kit: ${meta.kitName} · Sample ${meta.sampleIdentifier}${meta.displayDate ? ` · ${meta.displayDate}` : ''}`,
    )
    .moveDown();
}

function bars(doc: PDFKit.PDFDocument, entries: { label: string; percent: number }[]) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  for (const entry of entries) {
    const y = doc.y;
    doc
      .fontSize(9)
      .fillColor('#1f2933')
      .text(`${entry.label} — ${entry.percent.toFixed(1)}%`, left, y, { width: width * 0.55 });
    const barWidth = Math.max(1, (width * 0.4 * entry.percent) / 100);
    doc.rect(left + width * 0.58, y + 1, barWidth, 8).fill('#2f9e83');
    doc.fillColor('#1f2933');
    doc.y = Math.max(doc.y, y + 12);
  }
  doc.x = left;
  doc.moveDown(0.5);
}

/** The report as a PDF, with the same numbers the page shows (both come from the stored report). */
export function reportPdf(report: BuildReport, meta: Meta): Promise<Buffer> {
  const summary = [
    `Sample ${meta.sampleIdentifier}`,
    `Richness ${fmt(report.diversity.richness.value, 0)}`,
    `Shannon ${fmt(report.diversity.shannon.value)}`,
    `GMWI2 ${fmt(report.indices.gmwi2.value, 3)}`,
    `GMHI ${fmt(report.indices.gmhi.value, 3)}`,
  ].join(' | ');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    // The key numbers also go in the document's subject, so search tools and tests can read them.
    info: { Title: `${meta.brand} microbiome report ${meta.sampleIdentifier}`, Subject: summary },
  });
  const done = collect(doc);
  header(doc, 'Your gut microbiome report', meta);

  doc.fontSize(13).text('Diversity').moveDown(0.3);
  const d = report.diversity;
  for (const [label, reading, digits] of [
    ['Species richness', d.richness, 0],
    ['Shannon diversity', d.shannon, 2],
    ['Inverse Simpson', d.inverseSimpson, 2],
    ['Evenness (Pielou)', d.evenness, 2],
  ] as const) {
    doc
      .fontSize(10)
      .text(`${label}: ${fmt(reading.value, digits)} (${pct(reading.percentile)})`, { continued: false });
    doc.fontSize(9).fillColor('#52606d').text(reading.reading).fillColor('#1f2933').moveDown(0.3);
  }

  doc.moveDown(0.5).fontSize(13).text('Gut health indices').moveDown(0.3);
  for (const [label, reading] of [
    ['GMWI2 (Gut Microbiome Wellness Index 2)', report.indices.gmwi2],
    ['GMHI (Gut Microbiome Health Index)', report.indices.gmhi],
  ] as const) {
    doc
      .fontSize(10)
      .text(
        `${label}: ${fmt(reading.value, 3)}${reading.percentile !== null ? ` (${pct(reading.percentile)})` : ''}`,
      );
    doc
      .fontSize(9)
      .fillColor('#52606d')
      .text(reading.reading)
      .text(reading.caveat)
      .text(reading.citation)
      .fillColor('#1f2933')
      .moveDown(0.4);
  }

  doc.addPage().fontSize(13).text('Composition by phylum').moveDown(0.3);
  bars(doc, report.composition.phylum.slice(0, 10));
  doc.fontSize(13).text('Top genera').moveDown(0.3);
  bars(doc, report.composition.genus.slice(0, 15));

  if (report.notableTaxa.length > 0) {
    doc.fontSize(13).text('Notable taxa').moveDown(0.3);
    for (const taxon of report.notableTaxa.slice(0, 20))
      doc
        .fontSize(9)
        .text(
          `${taxon.label} (${taxon.index}) — ${taxon.percent.toFixed(2)}%, linked with ${taxon.linkedWith}`,
        );
  }
  doc
    .moveDown()
    .fontSize(8)
    .fillColor('#52606d')
    .text(
      `Report version ${report.version}${report.database ? `, marker database ${report.database}` : ''}. ` +
        'This report describes your gut microbiome; it is not a diagnosis. Talk to your health professional about any health concern.',
    );
  doc.end();
  return done;
}

/** Two reports side by side: what changed, the taxa that rose and fell most, and Bray–Curtis. */
export function comparisonPdf(comparison: ReportComparison, earlier: Meta, later: Meta): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${earlier.brand} report comparison` },
  });
  const done = collect(doc);
  header(doc, 'How your gut microbiome changed', later);
  doc
    .fontSize(10)
    .text(
      `Earlier sample: ${earlier.sampleIdentifier}${earlier.displayDate ? ` (${earlier.displayDate})` : ''}`,
    );
  doc
    .text(`Later sample: ${later.sampleIdentifier}${later.displayDate ? ` (${later.displayDate})` : ''}`)
    .moveDown();
  doc.fontSize(13).text('Changes (later minus earlier)').moveDown(0.3);
  const labels: Record<string, string> = {
    richness: 'Species richness',
    shannon: 'Shannon diversity',
    inverseSimpson: 'Inverse Simpson',
    evenness: 'Evenness',
    gmwi2: 'GMWI2',
    gmhi: 'GMHI',
  };
  for (const [key, value] of Object.entries(comparison.deltas))
    doc
      .fontSize(10)
      .text(
        `${labels[key] ?? key}: ${value === null ? 'n/a' : `${value >= 0 ? '+' : ''}${value.toFixed(3)}`}`,
      );
  doc
    .moveDown()
    .text(
      `Bray–Curtis dissimilarity between the two samples: ${comparison.brayCurtis.toFixed(3)} (0 = identical, 1 = nothing shared)`,
    );
  doc.moveDown().fontSize(13).text('Rose most').moveDown(0.3);
  for (const t of comparison.rose)
    doc.fontSize(9).text(`${t.label}: ${t.before.toFixed(2)}% → ${t.after.toFixed(2)}%`);
  doc.moveDown().fontSize(13).text('Fell most').moveDown(0.3);
  for (const t of comparison.fell)
    doc.fontSize(9).text(`${t.label}: ${t.before.toFixed(2)}% → ${t.after.toFixed(2)}%`);
  doc.end();
  return done;
}
