import fs from 'node:fs';
import {
  type BuildReport,
  buildJourney,
  buildReport,
  gmhiDivisorText,
  type JourneySample,
  parseMetaphlanProfile,
} from '@portal/domain/report';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../test/pdf-text.ts';
import { MARGIN } from './pdf-document.ts';
import { reportPdf } from './report-pdf.ts';
import { signBandGeometry } from './score-figures.ts';

/* Issue 33 items 17, 18 and 21: the journey's movers named by their two samples, the GMWI2 gauge, the texts. */

const data = new URL('../../../../../packages/domain/test-data/report/', import.meta.url);
const reportOf = (path: string) =>
  buildReport(parseMetaphlanProfile(fs.readFileSync(new URL(path, data), 'utf8')));
const [T1, T2, T3, V4] = [
  'gmwi2/kefir/Subj030_time1_S18_metaphlan.txt',
  'gmwi2/kefir/Subj030_time2_S19_metaphlan.txt',
  'gmwi2/kefir/Subj030_time3_S20_metaphlan.txt',
  'edge/metaphlan4-vjan21.txt',
].map(reportOf) as [BuildReport, BuildReport, BuildReport, BuildReport];
const meta = {
  brand: 'Gut Portal',
  person: 'Ada Lovelace',
  sampleIdentifier: 'S20',
  kitName: 'Spring kit',
  displayDate: '2026-07-01',
};
const DATES = ['2026-01-01', '2026-04-01', '2026-07-01', '2026-10-01'];

const journeyOf = (...reports: BuildReport[]) =>
  buildJourney(
    reports.map(
      (r, i): JourneySample => ({
        sampleIdentifier: `S${18 + i}`,
        name: `Kit ${i + 1}`,
        displayDate: DATES[i] ?? '',
        database: r.database,
        values: {
          richness: r.diversity.richness.value,
          shannon: r.diversity.shannon.value,
          inverseSimpson: r.diversity.inverseSimpson.value,
          evenness: r.diversity.evenness.value,
          gmwi2: r.indices.gmwi2.value,
          gmhi: r.indices.gmhi.value,
        },
        species: r.composition.species,
        notes: [],
      }),
    ),
  );

/** The text as a reader searches it: a line that ends on a word's hyphen joins the next line. */
const textOf = async (report: BuildReport, journey: ReturnType<typeof buildJourney> | null = null) =>
  (await readPdf(await reportPdf(report, meta, journey))).pages
    .join(' ')
    .replace(/(\w-)\s+(?=\w)/g, '$1')
    .replace(/\s+/g, ' ');

describe('the journey in the PDF names the two samples its species compare (issue 33 item 17)', () => {
  it('a MetaPhlAn 4 latest sample: no renamed species as a new arrival, and says why', async () => {
    const text = await textOf(T3, journeyOf(T1, T2, V4));
    expect(text).toContain(
      'Your latest sample was analysed with a newer lab database than the samples before it.',
    );
    expect(text).not.toContain('Phocaeicola');
  });

  it('across a break: the latest sample and the latest earlier one of its database', async () => {
    const text = await textOf(T3, journeyOf(T1, V4, T3));
    expect(text).toContain(
      'Species compared between Kit 1 (sample S18, 1 January 2026) and your latest, Kit 3 (sample S20, 1 July 2026)',
    );
    expect(text).toContain('Rose most');
    expect(text).not.toContain('Phocaeicola');
  });
});

describe('the GMWI2 gauge is drawn as the page draws it (issue 33 item 18)', () => {
  it('puts zero in the middle and each score on its side of it, at its distance', () => {
    const x0 = MARGIN + 10;
    const w = 400;
    const near = signBandGeometry(0.047, x0, w);
    const below = signBandGeometry(-0.969, x0, w);
    // Zero sits in the middle for both, with the healthy (upper) half shaded.
    expect(near.zeroX).toBe(x0 + w / 2);
    expect(below.zeroX).toBe(x0 + w / 2);
    expect(near.healthy).toEqual({ x: x0 + w / 2, width: w / 2 });
    // 0.047 sits just above zero (not at the far end), -0.969 a quarter of the half below it.
    expect(near.markerX).toBeCloseTo(x0 + w / 2 + (0.047 / 4) * (w / 2), 9);
    expect(below.markerX).toBeCloseTo(x0 + w / 2 - (0.969 / 4) * (w / 2), 9);
    expect((near.markerX ?? 0) - near.zeroX).toBeLessThan(w * 0.01);
    // Beyond the scale's reach a score sits at the end; no score, no marker.
    expect(signBandGeometry(9, x0, w).markerX).toBe(x0 + w);
    expect(signBandGeometry(null, x0, w).markerX).toBeNull();
  });

  it('labels the scale’s two sides as the page does', async () => {
    const text = await textOf(T3);
    expect(text).toContain('More on the disease side');
    expect(text).toContain('More on the health side');
  });
});

describe('the PDF’s explanations say what they compute (issue 33 item 21)', () => {
  it('says why GMHI divides by 31 and writes ψ, not psi', async () => {
    const text = await textOf(T3);
    const g = T3.gmhiExplanation;
    if (!g) throw new Error('the kefir sample has a GMHI');
    expect(text).toContain(`Linked with disease: ${g.healthScarce.present} of 43 species found`);
    expect(text).toContain(gmhiDivisorText(g.healthScarce));
    expect(text).toMatch(/Diversity term ψ ?= \(\d+ ÷ 31\) × /);
    expect(text).not.toMatch(/\bpsi\b/);
  });

  it('writes one weight in the singular', async () => {
    const c = T3.gmwi2Contributions;
    if (!c?.taxa[0]) throw new Error('the kefir sample has GMWI2 weights');
    const one = { ...c, taxa: [c.taxa[0]], score: c.taxa[0].coefficient };
    const text = await textOf({ ...T3, gmwi2Contributions: one });
    expect(text).toContain(`The one weight below makes your score, ${one.score.toFixed(3)}.`);
    expect(text).not.toMatch(/\b1 weights\b/);
  });
});
