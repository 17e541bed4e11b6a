import { describe, expect, it } from 'vitest';
import type { ComparedMetric } from './compare.ts';
import { buildJourney, healthyBands, type JourneySample } from './journey.ts';
import { journeyNotes } from './journey-notes.ts';

const values = (
  v: Partial<Record<ComparedMetric, number | null>>,
): Record<ComparedMetric, number | null> => ({
  richness: 100,
  shannon: 3,
  inverseSimpson: 10,
  evenness: 0.6,
  gmwi2: 0,
  gmhi: 0,
  ...v,
});

const sample = (
  id: string,
  database: string,
  v: Partial<Record<ComparedMetric, number | null>>,
  species: [string, number][] = [],
): JourneySample => ({
  sampleIdentifier: id,
  name: id,
  displayDate: '2026-01-01',
  database,
  values: values(v),
  species: species.map(([name, percent]) => ({ name, percent })),
  notes: [],
});

const V30 = 'mpa_v30_CHOCOPhlAn_201901';
const V4 = 'mpa_vJan21_CHOCOPhlAnSGB_202103';

describe('buildJourney', () => {
  it.each<
    [string, Partial<Record<ComparedMetric, number | null>>, ComparedMetric, number | null, boolean | null]
  >([
    ['a GMWI2 rise beyond the threshold', { gmwi2: 1.6 }, 'gmwi2', 1.6, true],
    ['a GMWI2 rise within it', { gmwi2: 1.4 }, 'gmwi2', 1.4, false],
    ['a richness fall beyond it', { richness: 40 }, 'richness', -60, true],
    ['a Shannon change within it', { shannon: 4 }, 'shannon', 1, false],
    ['a missing GMHI', { gmhi: null }, 'gmhi', null, null],
  ])('%s', (_label, later, metric, delta, meaningful) => {
    const journey = buildJourney([sample('A', V30, {}), sample('B', V30, later)]);
    const change = journey.points[1]?.changes[metric];
    expect(journey.points[0]?.changes[metric]).toBeNull();
    if (delta === null) expect(change).toBeNull();
    else {
      expect(change?.delta).toBeCloseTo(delta, 12);
      expect(change?.meaningful).toBe(meaningful);
    }
  });

  it('marks the break where the marker database changes and computes no change across it', () => {
    const journey = buildJourney([
      sample('A', V30, {}),
      sample('B', V30, { richness: 300 }),
      sample('C', V4, { richness: 20 }),
    ]);
    expect(journey.points.map((p) => p.newDatabase)).toEqual([false, false, true]);
    expect(journey.points[1]?.changes.richness).toEqual({ delta: 200, meaningful: true });
    expect(journey.points[2]?.changes.richness).toBeNull();
  });

  it('lists the species that rose and fell most from the latest earlier sample of the same database to the last', () => {
    const journey = buildJourney(
      [
        sample('A', V30, {}, [
          ['Up', 1],
          ['Down', 30],
          ['Gone', 5],
          ['Other/unclassified', 10],
        ]),
        sample('B', V4, {}, [['Up', 50]]),
        sample('C', V30, {}, [
          ['Up', 20],
          ['Down', 10],
          ['New', 4],
          ['Other/unclassified', 40],
        ]),
      ],
      2,
    );
    expect(journey.rose.map((t) => [t.name, t.change])).toEqual([
      ['Up', 19],
      ['New', 4],
    ]);
    expect(journey.fell.map((t) => [t.name, t.change])).toEqual([
      ['Down', -20],
      ['Gone', -5],
    ]);
    expect(journey.points[0]).not.toHaveProperty('species');
  });

  it('has no rose and fell table with one sample', () => {
    const journey = buildJourney([sample('A', V30, {}, [['Up', 1]])]);
    expect(journey).toMatchObject({ rose: [], fell: [] });
  });

  it('draws the healthy band of every score but GMWI2, which has no healthy reference here', () => {
    const bands = healthyBands();
    expect(bands.gmwi2).toBeNull();
    for (const metric of ['richness', 'shannon', 'inverseSimpson', 'evenness', 'gmhi'] as const) {
      const band = bands[metric];
      expect(band?.low).toBeLessThan(band?.high ?? Number.NaN);
    }
    expect(bands.evenness?.high).toBeLessThanOrEqual(1);
  });
});

describe('journeyNotes', () => {
  it.each<[string, { questionId: string; answerString: string | null }[], string[]]>([
    ['no answers', [], []],
    [
      'antibiotics in either questionnaire, once',
      [
        { questionId: 'DOS_ANTIBIOTICS', answerString: 'true' },
        { questionId: 'STOOL_ANTIBIOTICS_3_MONTHS', answerString: 'true' },
      ],
      ['Antibiotics in the last 3 months'],
    ],
    ['no antibiotics', [{ questionId: 'DOS_ANTIBIOTICS', answerString: 'false' }], []],
    [
      'an untypical day and a changed diet',
      [
        { questionId: 'FOOD_DIET_CHANGED', answerString: 'true' },
        { questionId: 'DOS_DIET_TYPICAL', answerString: 'false' },
      ],
      ['Ate differently from usual the day before sampling', 'Diet changed a lot in the last 12 months'],
    ],
    ['a typical day', [{ questionId: 'DOS_DIET_TYPICAL', answerString: 'true' }], []],
    ['an unrelated question', [{ questionId: 'DOS_UNWELL_X', answerString: 'true' }], []],
  ])('%s', (_label, answers, notes) => {
    expect(journeyNotes(answers)).toEqual(notes);
  });
});
