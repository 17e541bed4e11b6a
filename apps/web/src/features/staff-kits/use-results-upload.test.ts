import { STAFF_KIT_MESSAGES } from '@portal/domain';
import { SPECIES_ONLY_TABLE } from '@portal/domain/report';
import { describe, expect, it } from 'vitest';
import { readUploads } from './use-results-upload.ts';

const PROFILE =
  '#mpa_v30_CHOCOPhlAn_201901\n#clade_name\tNCBI_tax_id\trelative_abundance\tadditional_species\nk__Bacteria\t2\t100\t\n';
const file = (name: string, text: string) => new File([text], name, { type: 'text/plain' });

describe('readUploads', () => {
  it('names each file by its sample and refuses a sample sent twice before anything is sent', async () => {
    const items = await readUploads([
      file('mb2k7qx9pd_metaphlan.txt', PROFILE),
      file('MB2K7QX9PD.tsv', PROFILE),
      file('results (1).txt', PROFILE),
    ]);
    expect(items.map((it) => it.sampleIdentifier)).toEqual(['MB2K7QX9PD', 'MB2K7QX9PD', null]);
    expect(items[1]?.refusal).toBe(
      STAFF_KIT_MESSAGES.duplicateInUpload('MB2K7QX9PD', 'mb2k7qx9pd_metaphlan.txt'),
    );
    expect(items[0]?.refusal).toBeNull();
  });

  it('splits a merged table into one profile per column, and refuses a species-only table', async () => {
    const merged =
      '#mpa_v30_CHOCOPhlAn_201901\nclade_name\tNCBI_tax_id\tMBAAAA1111\tMBBBBB2222\nk__Bacteria\t2\t100\t100\n';
    const items = await readUploads([file('run-7.tsv', merged), file('gmhi.csv', 'Species,S1\ns__A,100\n')]);
    expect(items.map((it) => [it.fileName, it.sampleIdentifier])).toEqual([
      ['run-7.tsv, column MBAAAA1111', 'MBAAAA1111'],
      ['run-7.tsv, column MBBBBB2222', 'MBBBBB2222'],
      ['gmhi.csv', null],
    ]);
    expect(items[0]?.text).toContain('#SampleID\tMBAAAA1111');
    expect(items[2]?.refusal).toBe(`The table was refused: ${SPECIES_ONLY_TABLE}`);
  });
});
