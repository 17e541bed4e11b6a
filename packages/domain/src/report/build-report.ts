import { atAGlance, type ReportSummary } from './at-a-glance.ts';
import type { ComparedMetric } from './compared-metrics.ts';
import { type Composition, compositionOf } from './composition.ts';
import { speciesDiversity } from './diversity.ts';
import {
  type GmhiExplanation,
  type Gmwi2Contributions,
  gmhiExplanation,
  gmwi2Contributions,
} from './explain.ts';
import { gmhiWebtoolOfSpecies } from './gmhi.ts';
import { gmhiSpeciesOf } from './gmhi-names.ts';
import { MEANINGFUL_CHANGE } from './meaningful-change.ts';
import { percentileOf, referenceSet } from './percentiles.ts';
import type { MarkerVersion, MetaphlanProfile } from './profile.ts';
import { DIVERSITY_READINGS, gmwi2NotComputedText, INDEX_READINGS } from './readings.ts';
import type { ReferenceMetric } from './reference-data.ts';
import { type ValueRange, valueRange } from './uncertainty.ts';
import { type ReportVersion, reportVersionOf } from './version.ts';

/**
 * The version of the report's rules (findings, statements, ranges). Raise it when they change; the
 * protocol section shows it.
 */
export const REPORT_RULES_VERSION = '2';

/**
 * One score as stored: its caveats and citation, the same in every report of a database, are looked up
 * where shown (`scoreNotes`), not stored (decision 027, session 11).
 */
export type MetricReading = {
  value: number | null;
  /** Mid-rank percentile among healthy reference people, 0–100; null when not available. */
  percentile: number | null;
  reading: string;
  /**
   * The value ± its repeatability coefficient, with the percentiles of both ends: where a repeat sample
   * would likely fall (issue 37). Null when the value is.
   */
  range: ValueRange | null;
};

/** How the sample was analysed; null where the lab's file does not say (shown as unknown, never guessed). */
export type ReportProtocol = {
  /** MetaPhlAn's generation, read from the database name; the exact release is not in the file. */
  profiler: string | null;
  database: string | null;
  /** The day the portal computed the report from the lab's file (the import). */
  analysedOn: string | null;
  rulesVersion: string;
  /** Set on a correction stored after the lab retracted the report: 1 for the first amended report. */
  amendment?: number;
};

export type DiversityMetric = 'richness' | 'shannon' | 'inverseSimpson' | 'evenness';

/** Everything the report page and PDF show, computed once at import; plain JSON. */
export type BuildReport = {
  version: ReportVersion;
  sample: string | null;
  database: string | null;
  markerVersion: MarkerVersion | null;
  /** Share of the sample MetaPhlAn could not assign (its UNKNOWN estimate). */
  unknownPercent: number;
  composition: Composition;
  diversity: Record<DiversityMetric, MetricReading>;
  indices: { gmwi2: MetricReading; gmhi: MetricReading };
  /**
   * GMWI2 as its terms (null where GMWI2 does not apply). Each taxon is stored once: the page's notable
   * taxa and the groups are read from these and gmhiExplanation (decision 027, session 11).
   */
  gmwi2Contributions: Gmwi2Contributions | null;
  /** GMHI as its terms (null where GMHI is). */
  gmhiExplanation: GmhiExplanation | null;
  /** The population the percentiles are read against, with its size (`percentileExplanation` says what a percentile means). */
  reference: { name: string; size: number };
  /** "Your report at a glance": findings chosen at import by rules (at-a-glance.ts). */
  summary: ReportSummary;
  protocol: ReportProtocol;
};

export type BuildOptions = {
  /** ISO date the report is computed on (the import); null when not known. */
  analysedOn?: string | null;
  /** The person's previous report of the same marker database, for the change finding. */
  previous?: { displayDate: string | null; values: Record<ComparedMetric, number | null> } | null;
};

/** The smallest value each score can take, so a range does not run below it. */
const FLOOR: Partial<Record<ComparedMetric, number>> = {
  richness: 0,
  shannon: 0,
  inverseSimpson: 1,
  evenness: 0,
};

function rangeOf(
  metric: ComparedMetric,
  value: number | null,
  reference: ReferenceMetric | null,
): ValueRange | null {
  if (value === null || !Number.isFinite(value)) return null;
  const shift = metric === 'gmhi' ? -Math.log10(43 / 31) : 0;
  const percentile = reference === null ? null : (v: number) => percentileOf(reference, v + shift);
  return valueRange(value, MEANINGFUL_CHANGE[metric], percentile, FLOOR[metric]);
}

function diversityReadings(profile: MetaphlanProfile): Record<DiversityMetric, MetricReading> {
  const d = speciesDiversity(profile);
  const reading = (metric: DiversityMetric, value: number | null, text: (p: number | null) => string) => {
    const percentile = percentileOf(metric, value);
    return { value, percentile, reading: text(percentile), range: rangeOf(metric, value, metric) };
  };
  return {
    richness: reading('richness', d.richness, (p) => DIVERSITY_READINGS.richness(d.richness, p)),
    shannon: reading('shannon', d.shannon, (p) => DIVERSITY_READINGS.shannon(d.shannon, p)),
    inverseSimpson: reading('inverseSimpson', d.inverseSimpson, (p) =>
      DIVERSITY_READINGS.inverseSimpson(d.inverseSimpson, p),
    ),
    evenness: reading('evenness', d.evenness, (p) => DIVERSITY_READINGS.evenness(d.evenness, p)),
  };
}

type Summarised = Pick<BuildReport, 'unknownPercent' | 'composition' | 'diversity' | 'indices'>;

/** The six values the journey and the change finding follow. */
export function reportValues(
  report: Pick<BuildReport, 'diversity' | 'indices'>,
): Record<ComparedMetric, number | null> {
  return {
    richness: report.diversity.richness.value,
    shannon: report.diversity.shannon.value,
    inverseSimpson: report.diversity.inverseSimpson.value,
    evenness: report.diversity.evenness.value,
    gmwi2: report.indices.gmwi2.value,
    gmhi: report.indices.gmhi.value,
  };
}

/** The at-a-glance findings of a report, with the change since `previous` when there is one. */
export function summaryOf(report: Summarised, previous: BuildOptions['previous'] = null): ReportSummary {
  return atAGlance({
    unknownPercent: report.unknownPercent,
    species: report.composition.species,
    ...report.diversity,
    ...report.indices,
    previous,
    values: reportValues(report),
  });
}

/** Builds the stored report of one parsed MetaPhlAn profile. */
export function buildReport(profile: MetaphlanProfile, options: BuildOptions = {}): BuildReport {
  const species = gmhiSpeciesOf(profile);
  const contributions = gmwi2Contributions(profile);
  const gmhiTerms = gmhiExplanation(species);
  const gmhiValue = gmhiTerms?.score ?? null;
  const gmhiPercentile = percentileOf('gmhiWebtool', gmhiWebtoolOfSpecies(species));
  const gmwi2Value = contributions?.score ?? null;
  const composition = compositionOf(profile);
  const diversity = diversityReadings(profile);
  const indices = {
    gmwi2: {
      value: gmwi2Value,
      percentile: null,
      reading:
        gmwi2Value === null
          ? gmwi2NotComputedText(profile.markerVersion, profile.database)
          : INDEX_READINGS.gmwi2(gmwi2Value),
      range: rangeOf('gmwi2', gmwi2Value, null),
    },
    gmhi: {
      value: gmhiValue,
      percentile: gmhiValue === null ? null : gmhiPercentile,
      reading: INDEX_READINGS.gmhi(gmhiValue),
      range: rangeOf('gmhi', gmhiValue, 'gmhiWebtool'),
    },
  };

  return {
    version: reportVersionOf(profile.markerVersion),
    sample: profile.sample,
    database: profile.database,
    markerVersion: profile.markerVersion,
    unknownPercent: profile.unknownPercent,
    composition,
    diversity,
    indices,
    gmwi2Contributions: contributions,
    gmhiExplanation: gmhiTerms,
    reference: referenceSet(),
    summary: summaryOf(
      { unknownPercent: profile.unknownPercent, composition, diversity, indices },
      options.previous,
    ),
    protocol: {
      profiler: profile.markerVersion === null ? null : `MetaPhlAn ${profile.markerVersion}`,
      database: profile.database,
      analysedOn: options.analysedOn ?? null,
      rulesVersion: REPORT_RULES_VERSION,
    },
  };
}
