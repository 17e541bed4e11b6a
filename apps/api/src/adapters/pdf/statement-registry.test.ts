import fs from 'node:fs';
import {
  type BuildReport,
  buildJourney,
  buildReport,
  compareReports,
  type JourneySample,
  parseMetaphlanProfile,
  reportValues,
} from '@portal/domain/report';
import { reportTaxa, uncoveredText } from '@portal/domain/report/text-coverage';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { pdfToText } from '../../test/poppler.ts';
import { comparisonPdf, reportPdf } from './report-pdf.ts';

/*
 * Issue 37 item 2, in the PDF as a reader copies it (Poppler's pdftotext): every text of the report PDF,
 * its journey pages and the comparison PDF, drawn from real profiles, is a registry statement, a plain
 * text listed on purpose (packages/domain/src/report/plain-texts.ts) or the person's data. A new sentence
 * anywhere in these PDFs fails here until it is classified.
 */

const data = new URL('../../../../../packages/domain/test-data/report/', import.meta.url);
const reportOf = (path: string) =>
  buildReport(parseMetaphlanProfile(fs.readFileSync(new URL(path, data), 'utf8')));
const meta = {
  brand: 'Gut Portal',
  person: 'Ada',
  sampleIdentifier: 'S1',
  kitName: 'Spring kit',
  displayDate: '2026-07-01',
};
const META = [meta.brand, meta.person, meta.sampleIdentifier, meta.kitName];

function journeyOf(reports: readonly BuildReport[]) {
  const samples = reports.map(
    (report, i): JourneySample => ({
      sampleIdentifier: `S${i + 1}`,
      name: `Kit ${i + 1}`,
      displayDate: `2026-0${i + 1}-01`,
      database: report.database,
      values: reportValues(report),
      species: report.composition.species,
      notes: i === 1 ? ['Antibiotics in the last 3 months', 'Unwell in the week before sampling'] : [],
    }),
  );
  return { journey: buildJourney(samples), names: samples.flatMap((s) => [s.name, s.sampleIdentifier]) };
}

/** The text alternatives of the PDF's figures (its tagged structure's Alt), which a screen reader reads. */
async function altTexts(pdf: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const alts: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { alt, children } = node as { alt?: string; children?: unknown[] };
    if (alt) alts.push(alt);
    for (const child of children ?? []) walk(child);
  };
  for (let n = 1; n <= doc.numPages; n++) walk(await (await doc.getPage(n)).getStructTree());
  await doc.destroy();
  return alts;
}

/** The PDF as read (pdftotext) and as heard (the figures' text alternatives). */
async function textOf(pdf: Buffer): Promise<string> {
  const alts = await altTexts(pdf);
  expect(alts.length).toBeGreaterThan(0);
  return [await pdfToText(pdf), ...alts].join('\n');
}

const KEFIR = [
  'gmwi2/kefir/Subj030_time1_S18_metaphlan.txt',
  'gmwi2/kefir/Subj030_time2_S19_metaphlan.txt',
  'gmwi2/kefir/Subj030_time3_S20_metaphlan.txt',
];

describe('every text of the report PDF is in the registry or listed as plain (issue 37)', () => {
  it.each([
    'gmwi2/SRR1761667_metaphlan.txt',
    'gmwi2/kefir/Subj017_time1_ReExtract_S44_metaphlan.txt',
    'gmwi2/unscored/Subj053_time2_S40_metaphlan.txt',
    'edge/metaphlan4-sgb.txt',
    'edge/metaphlan2.txt',
  ])('%s', async (path) => {
    const report = reportOf(path);
    const text = await textOf(await reportPdf(report, meta));
    expect(uncoveredText(text, [...META, ...reportTaxa(report)])).toEqual([]);
  });

  it('with "talk to your GP first", a journey of three samples and a change since the last one', async () => {
    const reports = KEFIR.map(reportOf);
    const [first, second, third] = reports;
    if (!first || !second || !third) throw new Error('three kefir samples');
    const latest = buildReport(
      parseMetaphlanProfile(fs.readFileSync(new URL(KEFIR[2] ?? '', data), 'utf8')),
      { previous: { displayDate: '2026-02-01', values: reportValues(second) } },
    );
    latest.summary = { ...latest.summary, gpFirst: true };
    const { journey, names } = journeyOf(reports);
    const text = await textOf(await reportPdf(latest, meta, journey));
    expect(text).toContain('Your journey');
    expect(uncoveredText(text, [...META, ...names, ...reports.flatMap(reportTaxa)])).toEqual([]);
  });

  it('the comparison PDF', async () => {
    const [earlier, later] = KEFIR.map(reportOf);
    if (!earlier || !later) throw new Error('two kefir samples');
    const comparison = compareReports(earlier, later);
    if (!comparison.comparable) throw new Error('the same person and database compare');
    const text = await pdfToText(await comparisonPdf(comparison, meta, { ...meta, sampleIdentifier: 'S2' }));
    expect(uncoveredText(text, [...META, 'S2', ...reportTaxa(earlier), ...reportTaxa(later)])).toEqual([]);
  });

  it('would fail on a sentence that is in neither list', async () => {
    const report = reportOf('gmwi2/SRR1761667_metaphlan.txt');
    const added = 'Your gut is in great shape.';
    const text = await pdfToText(await reportPdf(report, { ...meta, person: `Ada. ${added}` }));
    expect(uncoveredText(text, [...META, ...reportTaxa(report)]).join(' ')).toContain(added);
  });
});
