import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReport } from './build-report.ts';
import { buildJourney, type JourneySample, moverPair } from './journey.ts';
import { journeyMoversText } from './journey-movers.ts';
import { parseMetaphlanProfile } from './profile.ts';

/* Issue 33 item 17: the species that rose and fell most are compared within one marker database only. */

const reportOf = (name: string) =>
  buildReport(
    parseMetaphlanProfile(
      fs.readFileSync(new URL(`../../test-data/report/${name}`, import.meta.url), 'utf8'),
    ),
  );

const T1 = 'gmwi2/kefir/Subj030_time1_S18_metaphlan.txt';
const T2 = 'gmwi2/kefir/Subj030_time2_S19_metaphlan.txt';
const V4 = 'edge/metaphlan4-vjan21.txt';

const samplesOf = (...names: string[]): JourneySample[] =>
  names.map((name, i) => {
    const r = reportOf(name);
    return {
      sampleIdentifier: `S${i + 1}`,
      name: `Kit ${i + 1}`,
      displayDate: `2026-0${i + 1}-01`,
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
    };
  });

const names = (taxa: readonly { name: string }[]) => taxa.map((t) => t.name);

describe('the journey’s movers stay within one lab database (issue 33 item 17)', () => {
  it('the profiles hold the renamed species: Bacteroides vulgatus in MetaPhlAn 3, Phocaeicola vulgatus in MetaPhlAn 4', () => {
    const [t1, , v4] = samplesOf(T1, T2, V4);
    expect(names(t1?.species ?? [])).toContain('Bacteroides_vulgatus');
    expect(t1?.database).not.toBe(v4?.database);
    expect(v4?.species.find((s) => s.name === 'Phocaeicola_vulgatus')?.percent).toBeGreaterThan(13);
  });

  it('a MetaPhlAn 4 latest sample after two MetaPhlAn 3 ones: no renamed species as a new arrival, and says why', () => {
    const journey = buildJourney(samplesOf(T1, T2, V4));
    expect(journey.compared).toBeNull();
    expect(names(journey.rose)).not.toContain('Phocaeicola_vulgatus');
    expect(names(journey.fell)).not.toContain('Bacteroides_vulgatus');
    expect(journey.rose).toEqual([]);
    expect(journeyMoversText(journey, (d) => d)).toMatch(/newer lab database.*not compared/);
  });

  it('compares the latest sample with the latest earlier one of its database, across a break in between', () => {
    const journey = buildJourney(samplesOf(T1, V4, T2));
    expect(journey.compared?.before).toMatchObject({ sampleIdentifier: 'S1', name: 'Kit 1' });
    expect(journey.compared?.after).toMatchObject({ sampleIdentifier: 'S3', name: 'Kit 3' });
    const all = [...journey.rose, ...journey.fell];
    expect(all.length).toBeGreaterThan(0);
    expect(names(all)).not.toContain('Phocaeicola_vulgatus');
    expect(journeyMoversText(journey, (d) => d)).toBe(
      'Species compared between Kit 1 (sample S1, 2026-01-01) and your latest, Kit 3 (sample S3, 2026-03-01): the latest two samples analysed with the same lab database, since species names differ between databases.',
    );
  });

  it('picks the latest earlier sample of the same database, not the first', () => {
    const journey = buildJourney(samplesOf(T1, T2, T1));
    expect(journey.compared?.before.sampleIdentifier).toBe('S2');
    expect(moverPair([{ database: 'a' }, { database: 'b' }, { database: 'a' }, { database: 'b' }])).toEqual([
      1, 3,
    ]);
    expect(moverPair([{ database: null }, { database: null }])).toEqual([0, 1]);
    expect(moverPair([{ database: 'a' }])).toBeNull();
  });
});
