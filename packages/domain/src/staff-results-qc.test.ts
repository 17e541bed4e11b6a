import { describe, expect, it } from 'vitest';
import { missingLabSteps, profileBody, profileQc, RESULTS_QC_MESSAGES } from './staff-results.ts';

describe('the lab QC of a profile (issue 34 item 8)', () => {
  const profile = [
    '#mpa_vJun23_CHOCOPhlAnSGB_202307',
    '#/usr/bin/metaphlan sample.fastq --unclassified_estimation',
    '#12345678 reads processed',
    '#SampleID\tMB2K7QX9PD',
    '#clade_name\tNCBI_tax_id\trelative_abundance\tadditional_species',
    'UNCLASSIFIED\t-1\t21.5\t',
    'k__Bacteria\t2\t78.5\t',
  ].join('\n');

  it('reads the reads processed, the unclassified share, the sample id inside and the database', () => {
    expect(profileQc(profile)).toEqual({
      reads: 12345678,
      unknownPercent: 21.5,
      fileSampleId: 'MB2K7QX9PD',
      database: 'mpa_vJun23_CHOCOPhlAnSGB_202307',
    });
  });

  it("says nothing it does not know: MetaPhlAn's default sample name, no reads line, no unknown row", () => {
    expect(
      profileQc('#mpa_v30_CHOCOPhlAn_201901\n#SampleID\tMetaphlan_Analysis\nk__Bacteria\t2\t100\n'),
    ).toEqual({
      reads: null,
      unknownPercent: null,
      fileSampleId: null,
      database: 'mpa_v30_CHOCOPhlAn_201901',
    });
  });

  it('compares abundances without the header lines or line endings (a copy under another name)', () => {
    const renamed = profile.replace('MB2K7QX9PD', 'MBOTHER123').replace(/\n/g, '\r\n');
    expect(profileBody(renamed)).toBe(profileBody(profile));
    expect(profileBody(profile.replace('78.5', '78.4'))).not.toBe(profileBody(profile));
  });
});

describe('the required lab steps (issue 34 item 6)', () => {
  it("names the steps a sample has not been through, in the project's order", () => {
    const required = ['ACCESSIONING', 'DNA_EXTRACTION', 'DNA_LIBRARY_PREP', 'SEQUENCING'];
    expect(missingLabSteps(required, ['SEQUENCING', 'ACCESSIONING'])).toEqual([
      'DNA_EXTRACTION',
      'DNA_LIBRARY_PREP',
    ]);
    expect(missingLabSteps([], [])).toEqual([]);
    expect(RESULTS_QC_MESSAGES.stepsMissing('MB1', ['SEQUENCING'], ['SEQUENCING'])).toBe(
      'Sample MB1 cannot have results stored yet: its project requires SEQUENCING, and it has not been through SEQUENCING. Move it through that step first. Nothing was stored.',
    );
  });
});
