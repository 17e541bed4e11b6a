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
import { percentileOf, referenceSet } from './percentiles.ts';
import type { MarkerVersion, MetaphlanProfile } from './profile.ts';
import { DIVERSITY_READINGS, gmwi2NotComputedText, INDEX_READINGS } from './readings.ts';
import { type ReportVersion, reportVersionOf } from './version.ts';

/**
 * One score as stored: its caveats and citation, the same in every report of a database, are looked up
 * where shown (`scoreNotes`), not stored (decision 027, session 11).
 */
export type MetricReading = {
  value: number | null;
  /** Mid-rank percentile among healthy reference people, 0–100; null when not available. */
  percentile: number | null;
  reading: string;
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
};

function diversityReadings(profile: MetaphlanProfile): Record<DiversityMetric, MetricReading> {
  const d = speciesDiversity(profile);
  const reading = (metric: DiversityMetric, value: number | null, text: (p: number | null) => string) => {
    const percentile = percentileOf(metric, value);
    return { value, percentile, reading: text(percentile) };
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

/** Builds the stored report of one parsed MetaPhlAn profile. */
export function buildReport(profile: MetaphlanProfile): BuildReport {
  const species = gmhiSpeciesOf(profile);
  const contributions = gmwi2Contributions(profile);
  const gmhiTerms = gmhiExplanation(species);
  const gmhiValue = gmhiTerms?.score ?? null;
  const gmhiPercentile = percentileOf('gmhiWebtool', gmhiWebtoolOfSpecies(species));
  const gmwi2Value = contributions?.score ?? null;

  return {
    version: reportVersionOf(profile.markerVersion),
    sample: profile.sample,
    database: profile.database,
    markerVersion: profile.markerVersion,
    unknownPercent: profile.unknownPercent,
    composition: compositionOf(profile),
    diversity: diversityReadings(profile),
    indices: {
      gmwi2: {
        value: gmwi2Value,
        percentile: null,
        reading:
          gmwi2Value === null
            ? gmwi2NotComputedText(profile.markerVersion, profile.database)
            : INDEX_READINGS.gmwi2(gmwi2Value),
      },
      gmhi: {
        value: gmhiValue,
        percentile: gmhiValue === null ? null : gmhiPercentile,
        reading: INDEX_READINGS.gmhi(gmhiValue),
      },
    },
    gmwi2Contributions: contributions,
    gmhiExplanation: gmhiTerms,
    reference: referenceSet(),
  };
}
