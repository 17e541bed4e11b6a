import fs from 'node:fs';
import { buildReport, parseMetaphlanProfile, unregisteredInterpretations } from '@portal/domain/report';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../test/pdf-text.ts';
import { reportPdf } from './report-pdf.ts';

const data = new URL('../../../../../packages/domain/test-data/report/', import.meta.url);
const reportOf = (path: string) =>
  buildReport(parseMetaphlanProfile(fs.readFileSync(new URL(path, data), 'utf8')));
const meta = {
  brand: 'Gut Portal',
  person: 'Ada',
  sampleIdentifier: 'S1',
  kitName: 'Kit',
  displayDate: '2026-07-01',
};

describe('every interpretive sentence of the report PDF is in the registry (issue 37)', () => {
  it.each([
    'gmwi2/SRR1761667_metaphlan.txt',
    'gmwi2/kefir/Subj017_time1_ReExtract_S44_metaphlan.txt',
    'edge/metaphlan4-sgb.txt',
  ])('%s', async (path) => {
    const pdf = await readPdf(await reportPdf(reportOf(path), meta));
    expect(unregisteredInterpretations(pdf.pages.join('\n'))).toEqual([]);
  });
});
