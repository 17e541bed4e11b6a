import fs from 'node:fs';
import { buildReport, parseMetaphlanProfile } from '@portal/domain/report';
import { describe, expect, it } from 'vitest';
import { pdfToText, scanPdf } from '../../test/poppler.ts';
import { consentFormPdf } from './consent-form.ts';
import { type DispatchKit, dispatchPdf } from './dispatch-documents.ts';
import { reportPdf } from './report-pdf.ts';
import { studyLabelsPdf } from './study-labels.ts';

/*
 * Every PDF the portal makes writes names in any script as they were typed, read back by Poppler's
 * pdftotext (issue 34: `王芳` printed as `‚³ s‹`, `Nguyễn` as `NguyÅn`), and the dispatch print-outs carry
 * barcodes that a scanner reads back at a label printer's 203 dpi (ZBar, libdmtx).
 */

const flat = (text: string) => text.replace(/\s+/g, ' ');
const meta = { brand: 'Gut Portal', returnAddress: 'PO Box 1, Sydney NSW 2000' };

const kit = (id: number, name: string, addressLine1: string): DispatchKit => ({
  label: `KIT-${id}`,
  sampleIdentifier: `MB2K7QX${id}`,
  project: 'Gut 健康 study',
  orderId: 4,
  orderDate: '2026-11-28',
  recipient: { name, addressLine1, addressLine2: null, suburb: 'Cabramatta', state: 'NSW', postcode: '2166' },
});
const KITS = [kit(12, '王芳', '12 Nguyễn Street'), kit(345, 'Trần Thị Ánh', '7 Ψ Lane')];

describe('the dispatch print-outs', () => {
  it('address labels: the names exactly, 100 × 150 mm, and each page a Code 128 of its kit id', async () => {
    const pdf = await dispatchPdf('label', KITS, meta);
    const text = flat(await pdfToText(pdf));
    for (const words of ['王芳', '12 Nguyễn Street', 'Trần Thị Ánh', '7 Ψ Lane'])
      expect(text).toContain(words);
    // One page per kit, each read back to its own kit id (a page more would be a label printed blank).
    expect(await scanPdf(pdf)).toEqual([['CODE-128:KIT-12'], ['CODE-128:KIT-345']]);
    // 100 × 150 mm (in points), as a thermal label printer's stock.
    const size = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
    expect(size?.slice(1).map((n) => Math.round((Number(n) * 25.4) / 72))).toEqual(
      ['100', '150'].map(Number),
    );
    // Black only: no fill or stroke colour but black in the page content (text and barcode alike).
    expect(pdf.toString('latin1')).not.toMatch(/\b0\.\d+ 0\.\d+ 0\.\d+ (rg|RG)\b/);
    // The fonts are embedded subsets: a label stays small though the CJK font is 10 MB.
    expect(pdf.length).toBeLessThan(60_000);
  });

  it('packing slips: the names exactly and a Code 128 of the kit id on every slip', async () => {
    const pdf = await dispatchPdf('slip', KITS, meta);
    const text = flat(await pdfToText(pdf));
    for (const words of [
      '王芳',
      'Nguyễn',
      'Trần Thị Ánh',
      'Gut 健康 study',
      '1 × gut microbiome sampling kit',
    ]) {
      expect(text).toContain(words);
    }
    expect(await scanPdf(pdf)).toEqual([['CODE-128:KIT-12'], ['CODE-128:KIT-345']]);
  });

  it('tube labels: a Data Matrix of the sample id that names the kit', async () => {
    const pdf = await dispatchPdf('tube', KITS, meta);
    expect(await scanPdf(pdf, 'datamatrix')).toEqual([['DATAMATRIX:MB2K7QX12'], ['DATAMATRIX:MB2K7QX345']]);
    expect(flat(await pdfToText(pdf))).toContain('MB2K7QX12 KIT-12');
  });
});

describe('the other PDFs', () => {
  it('the report PDF prints the person’s name in Chinese and Vietnamese exactly, and ψ as ψ', async () => {
    const data = new URL('../../../../../packages/domain/test-data/report/', import.meta.url);
    const report = buildReport(
      parseMetaphlanProfile(
        fs.readFileSync(new URL('gmwi2/kefir/Subj030_time1_S18_metaphlan.txt', data), 'utf8'),
      ),
    );
    const pdf = await reportPdf(report, {
      brand: 'Gut Portal',
      person: '王芳 (Trần Thị Ánh Nguyễn)',
      sampleIdentifier: 'S18',
      kitName: 'Kit mùa xuân',
      displayDate: '2026-07-01',
    });
    const text = flat(await pdfToText(pdf));
    expect(text).toContain('Prepared for 王芳 (Trần Thị Ánh Nguyễn)');
    expect(text).toContain('Kit mùa xuân');
    expect(text).toMatch(/Diversity term ψ ?=/);
  });

  it('the consent form and the study kit labels write a brand and a site in any script', async () => {
    const form = flat(await pdfToText(await consentFormPdf('Ruột Khỏe 健康', 'help@example.org')));
    expect(form).toContain('Ruột Khỏe 健康');
    const labels = await studyLabelsPdf(
      [
        {
          kitId: 7,
          kitType: 'ORBITM_S_KIT',
          site: 'Bệnh viện Chợ Rẫy 医院',
          formLink: 'https://portal.example/forms/7',
          tubes: ['TB-1'],
        },
      ],
      'Gut Portal',
    );
    expect(flat(await pdfToText(labels))).toContain('Bệnh viện Chợ Rẫy 医院');
  });
});
