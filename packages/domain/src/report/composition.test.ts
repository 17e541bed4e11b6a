import { describe, expect, it } from 'vitest';
import {
  compositionAt,
  compositionOf,
  type MetaphlanProfile,
  OTHER_TAXA,
  parseMetaphlanProfile,
} from './index.ts';
import { readFixture } from './test-fixtures.ts';

const sum = (entries: { percent: number }[]) => entries.reduce((s, e) => s + e.percent, 0);

describe('composition', () => {
  it('gives each rank as percent of the classified sample, largest first', () => {
    const composition = compositionOf(parseMetaphlanProfile(readFixture('edge/metaphlan3-small.txt')));
    expect(composition.phylum.map((e) => [e.name, e.percent])).toEqual([
      ['Bacteroidetes', 50],
      ['Firmicutes', expect.closeTo(100 / 3, 12)],
      ['Viruses_unclassified', expect.closeTo(100 / 6, 12)],
    ]);
    // Stored without a label: readers show the name with taxonLabel (decision 027, session 11).
    expect(composition.species[0]).toEqual({ name: 'Bacteroides_vulgatus', percent: 50 });
    for (const entries of Object.values(composition)) expect(sum(entries)).toBeCloseTo(100, 9);
  });

  it('counts clades that MetaPhlAn 3 implies but does not list, from their children', () => {
    const profile = parseMetaphlanProfile(readFixture('edge/metaphlan3-small.txt'));
    expect(compositionAt(profile, 'o').find((e) => e.name === 'Caudovirales')?.percent).toBeCloseTo(
      100 / 6,
      12,
    );
    const kefir = compositionOf(
      parseMetaphlanProfile(readFixture('gmwi2/kefir/Subj043_time1_S32_metaphlan.txt')),
    );
    expect(kefir.family.map((e) => e.name)).toContain('Myoviridae');
    expect(kefir.family.map((e) => e.name)).not.toContain(OTHER_TAXA);
    expect(sum(kefir.family)).toBeCloseTo(100, 6);
  });

  it('adds an Other/unclassified remainder, last, where a rank does not reach 100', () => {
    const profile: MetaphlanProfile = {
      sample: null,
      database: null,
      markerVersion: null,
      unknownPercent: 20,
      taxa: [
        { lineage: 'k__Bacteria', rank: 'k', name: 'Bacteria', abundance: 80 },
        { lineage: 'k__Bacteria|p__Firmicutes', rank: 'p', name: 'Firmicutes', abundance: 20 },
        { lineage: 'k__Bacteria|p__Bacteroidetes', rank: 'p', name: 'Bacteroidetes', abundance: 40 },
      ],
    };
    expect(compositionAt(profile, 'p')).toEqual([
      { name: 'Bacteroidetes', percent: 50 },
      { name: 'Firmicutes', percent: 25 },
      { name: OTHER_TAXA, percent: 25 },
    ]);
  });
});
