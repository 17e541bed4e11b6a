import type { TaxonChange } from './compare.ts';
import { COMPARED_METRICS, type ComparedMetric } from './compared-metrics.ts';
import { OTHER_TAXA } from './composition.ts';
import type { ComparedSample } from './journey-movers.ts';
import {
  isMeaningfulChange,
  MEANINGFUL_CHANGE,
  MEANINGFUL_CHANGE_RULE,
  MEANINGFUL_CHANGE_SOURCE,
} from './meaningful-change.ts';
import { healthyReference, type ReferenceMetric } from './reference-data.ts';
import { taxonLabel } from './taxa.ts';

/** One report as the journey reads it: its scores, species shares and questionnaire notes. */
export type JourneySample = {
  sampleIdentifier: string;
  name: string;
  displayDate: string;
  database: string | null;
  values: Record<ComparedMetric, number | null>;
  /** Species shares (percent of the classified sample). */
  species: { name: string; percent: number }[];
  notes: string[];
};

export type JourneyChange = { delta: number; meaningful: boolean };

export type JourneyPoint = Omit<JourneySample, 'species'> & {
  /** The marker database differs from the previous sample's: the values are not directly comparable. */
  newDatabase: boolean;
  /** Change from the previous sample; null for the first, where either value is missing, or across a break. */
  changes: Record<ComparedMetric, JourneyChange | null>;
};

export type HealthyBand = { low: number; high: number; note: string };

export type Journey = {
  points: JourneyPoint[];
  bands: Record<ComparedMetric, HealthyBand | null>;
  thresholds: Record<ComparedMetric, number>;
  rule: string;
  source: string;
  /**
   * The two samples the species are compared between: the latest, and the latest earlier one analysed
   * with the same marker database (species names differ between databases: Bacteroides vulgatus is
   * Phocaeicola vulgatus in MetaPhlAn 4). Null with one sample, or when no earlier sample shares the
   * latest one's database.
   */
  compared: { before: ComparedSample; after: ComparedSample } | null;
  /** Species that rose and fell most between the two compared samples (percentage points). */
  rose: TaxonChange[];
  fell: TaxonChange[];
};

export const JOURNEY_BREAK_NOTE = 'computed with a newer lab database; not directly comparable';

/* Quartiles of the healthy reference set: the middle half of healthy people, the report's "usual range". */
const BAND_NOTE =
  'The band is the middle half (25th to 75th percentile) of the 2,754 healthy people in the GMWI web tool reference set.';
const GMHI_NOTE = `${BAND_NOTE} The web tool's variant of GMHI reads about 0.14 lower than the published GMHI, so the band is moved up by log10(43/31); treat it as approximate.`;

function quartiles(sorted: readonly number[]): { low: number; high: number } {
  const at = (q: number) => {
    const position = q * (sorted.length - 1);
    const below = Math.floor(position);
    const a = sorted[below] ?? Number.NaN;
    const b = sorted[Math.min(below + 1, sorted.length - 1)] ?? a;
    return a + (b - a) * (position - below);
  };
  return { low: at(0.25), high: at(0.75) };
}

let bands: Record<ComparedMetric, HealthyBand | null> | undefined;

/** The healthy band behind each score; GMWI2 has no healthy reference population here. */
export function healthyBands(): Record<ComparedMetric, HealthyBand | null> {
  if (bands) return bands;
  const { metrics } = healthyReference();
  const band = (metric: ReferenceMetric, shift = 0, note = BAND_NOTE) => {
    const { low, high } = quartiles(metrics[metric]);
    return { low: low + shift, high: high + shift, note };
  };
  bands = {
    richness: band('richness'),
    shannon: band('shannon'),
    inverseSimpson: band('inverseSimpson'),
    evenness: band('evenness'),
    gmwi2: null,
    gmhi: band('gmhiWebtool', Math.log10(43 / 31), GMHI_NOTE),
  };
  return bands;
}

function changesFrom(previous: JourneySample | undefined, sample: JourneySample, broken: boolean) {
  return Object.fromEntries(
    COMPARED_METRICS.map((metric) => {
      const before = previous?.values[metric] ?? null;
      const after = sample.values[metric];
      if (broken || before === null || after === null) return [metric, null];
      const delta = after - before;
      return [metric, { delta, meaningful: isMeaningfulChange(metric, delta) }];
    }),
  ) as Record<ComparedMetric, JourneyChange | null>;
}

function extremes(first: JourneySample, last: JourneySample, top: number) {
  const before = new Map(first.species.filter((s) => s.name !== OTHER_TAXA).map((s) => [s.name, s]));
  const after = new Map(last.species.filter((s) => s.name !== OTHER_TAXA).map((s) => [s.name, s]));
  const changes: TaxonChange[] = [...new Set([...before.keys(), ...after.keys()])].map((name) => {
    const b = before.get(name)?.percent ?? 0;
    const a = after.get(name)?.percent ?? 0;
    return { name, label: taxonLabel(name), before: b, after: a, change: a - b };
  });
  const byName = (x: TaxonChange, y: TaxonChange) => x.name.localeCompare(y.name);
  return {
    rose: changes
      .filter((c) => c.change > 0)
      .sort((x, y) => y.change - x.change || byName(x, y))
      .slice(0, top),
    fell: changes
      .filter((c) => c.change < 0)
      .sort((x, y) => x.change - y.change || byName(x, y))
      .slice(0, top),
  };
}

/**
 * The positions of the two samples whose species are compared: the latest, and the latest earlier one with
 * the same marker database. Null when there is none. The journey's read fetches the species of these two
 * only (journey.service.ts reads them with the same rule in SQL).
 */
export function moverPair(samples: readonly Pick<JourneySample, 'database'>[]): [number, number] | null {
  const last = samples.length - 1;
  if (last < 1) return null;
  const database = samples[last]?.database ?? null;
  for (let i = last - 1; i >= 0; i--) if ((samples[i]?.database ?? null) === database) return [i, last];
  return null;
}

const comparedSample = ({
  sampleIdentifier,
  name,
  displayDate,
  database,
}: JourneySample): ComparedSample => ({
  sampleIdentifier,
  name,
  displayDate,
  database,
});

/**
 * Every report of a person in time order: each score against the healthy band, the change from the sample
 * before (meaningful or not, by the repeatability rule), breaks where the marker database changes, and the
 * species that rose and fell most between the latest sample and the latest earlier one of its database.
 */
export function buildJourney(samples: readonly JourneySample[], top = 8): Journey {
  const points = samples.map((sample, i) => {
    const previous = samples[i - 1];
    const newDatabase = previous !== undefined && previous.database !== sample.database;
    const { species: _species, ...rest } = sample;
    return { ...rest, newDatabase, changes: changesFrom(previous, sample, newDatabase) };
  });
  const pair = moverPair(samples);
  const first = pair ? samples[pair[0]] : undefined;
  const last = pair ? samples[pair[1]] : undefined;
  return {
    points,
    bands: healthyBands(),
    thresholds: MEANINGFUL_CHANGE,
    rule: MEANINGFUL_CHANGE_RULE,
    source: MEANINGFUL_CHANGE_SOURCE,
    compared: first && last ? { before: comparedSample(first), after: comparedSample(last) } : null,
    ...(first && last ? extremes(first, last, top) : { rose: [], fell: [] }),
  };
}
