import fs from 'node:fs';
import { buildReport, parseMetaphlanProfile } from '@portal/domain/report';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setSpeedLayersOff } from '../../config.ts';
import { readPdf } from '../../test/pdf-text.ts';
import {
  closePdfPool,
  comparisonPdfOffThread,
  pdfPoolStats,
  reportPdfOffThread,
  thePool,
} from './pdf-pool.ts';
import { reportPdf } from './report-pdf.ts';

const data = new URL('../../../../../packages/domain/test-data/report/', import.meta.url);
const report = buildReport(
  parseMetaphlanProfile(
    fs.readFileSync(new URL('gmwi2/kefir/Subj030_time1_S18_metaphlan.txt', data), 'utf8'),
  ),
);
const meta = {
  brand: 'Gut Portal',
  person: 'Ada Lovelace',
  sampleIdentifier: 'S18',
  kitName: 'Spring kit',
  displayDate: '2026-07-01',
};

afterAll(closePdfPool);

describe('PDFs drawn off the server thread (issue 31)', () => {
  it('draws on a worker thread the same PDF as this thread would', async () => {
    const offThread = await reportPdfOffThread(report, meta, null);
    expect(pdfPoolStats().threads).toBeGreaterThan(0);
    const here = await reportPdf(report, meta, null);
    expect(offThread.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await readPdf(offThread)).pages).toEqual((await readPdf(here)).pages);
  });

  it('draws a report asked for many times at once only once, and again after a failure', async () => {
    const before = pdfPoolStats().drawn;
    const many = await Promise.all(
      Array.from({ length: 20 }, () => reportPdfOffThread(report, { ...meta, person: 'Grace Hopper' }, null)),
    );
    expect(pdfPoolStats().drawn - before).toBe(1);
    expect(new Set(many).size).toBe(1);
    // A builder that fails (a report missing its scores) is not remembered as a failure.
    const broken = { ...report, diversity: undefined } as never;
    const failures = pdfPoolStats().drawn;
    await expect(reportPdfOffThread(broken, meta, null)).rejects.toThrow();
    await expect(reportPdfOffThread(broken, meta, null)).rejects.toThrow();
    expect(pdfPoolStats().drawn - failures).toBe(2);
  });

  it("with the pdf-cache layer off (the bench's B), draws every request again", async () => {
    const person = { ...meta, person: 'Katherine Johnson' };
    await reportPdfOffThread(report, person, null);
    setSpeedLayersOff(['pdf-cache']);
    try {
      const before = pdfPoolStats().drawn;
      await Promise.all([1, 2, 3].map(() => reportPdfOffThread(report, person, null)));
      expect(pdfPoolStats().drawn - before).toBe(3);
    } finally {
      setSpeedLayersOff([]);
    }
  });

  it('draws comparisons too', async () => {
    const { compareReports } = await import('@portal/domain/report');
    const comparison = compareReports(report, report);
    if (!comparison.comparable) throw new Error('the same report compares with itself');
    const pdf = await comparisonPdfOffThread(comparison, meta, meta);
    expect((await readPdf(pdf)).pages.join(' ')).toContain('Ada Lovelace');
  });
});

describe('the PDF threads, when one fails between PDFs', () => {
  it('log the failure (the pool reports it as an error event), and throw nothing: the server goes on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = Object.assign(new Error('Worker terminated due to reaching memory limit'), {
      code: 'ERR_WORKER_OUT_OF_MEMORY',
    });
    expect(() => thePool().emit('error', failure)).not.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('memory limit'));
    warn.mockRestore();
  });
});
