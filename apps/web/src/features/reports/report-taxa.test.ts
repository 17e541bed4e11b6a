import type { GmhiGroupTerm } from '@portal/domain/report';
import { describe, expect, it } from 'vitest';
import { groupTaxa, notableTaxaOf } from './report-taxa.ts';
import { makeReport } from './reports.test-helpers.ts';

const gmhiGroup = (linkedWith: 'health' | 'disease', names: [string, number][]): GmhiGroupTerm => ({
  linkedWith,
  title: linkedWith,
  present: names.length,
  listed: 7,
  divisor: 7,
  entropy: 0.1,
  psi: 0.01,
  species: names.map(([name, percent]) => ({
    name,
    label: name.replace('_', ' '),
    linkedWith,
    fraction: percent / 100,
    percent,
    entropy: 0.05,
  })),
});

describe('the taxa of a report stored once', () => {
  it('lists GMWI2 taxa in the report order, then GMHI species present by share', () => {
    const report = makeReport({
      gmhiExplanation: {
        score: 0.1,
        pseudocount: 0.00001,
        healthPrevalent: gmhiGroup('health', [['Bifidobacterium_adolescentis', 0.7]]),
        healthScarce: gmhiGroup('disease', [['Veillonella_atypica', 1.2]]),
      },
    });
    expect(notableTaxaOf(report).map((t) => [t.index, t.name, t.linkedWith])).toEqual([
      ['GMWI2', 'Lachnoclostridium', 'disease'],
      ['GMHI', 'Veillonella_atypica', 'disease'],
      ['GMHI', 'Bifidobacterium_adolescentis', 'health'],
    ]);
  });

  it('groups GMWI2 taxa by what they are linked with', () => {
    const taxa = makeReport().gmwi2Contributions?.taxa ?? [];
    expect(groupTaxa(taxa, 'disease').map((t) => t.lineage.split('|').at(-1))).toEqual([
      'g__Lachnoclostridium',
    ]);
    expect(groupTaxa(taxa, 'health')).toEqual([]);
  });

  it('reads the list a report without explanations stored itself (older shape, not rebuilt)', () => {
    const listed = {
      index: 'GMWI2' as const,
      name: 'Old',
      label: 'Old',
      rank: 'g' as const,
      percent: 1,
      linkedWith: 'health' as const,
    };
    const old = { ...makeReport({ gmwi2Contributions: null, gmhiExplanation: null }), notableTaxa: [listed] };
    expect(notableTaxaOf(old)).toEqual([listed]);
  });
});
