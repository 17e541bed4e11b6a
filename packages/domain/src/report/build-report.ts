import { type Composition, compositionOf } from './composition.ts';
import { speciesDiversity } from './diversity.ts';
import { gmhiOfSpecies, gmhiWebtoolOfSpecies, speciesOf } from './gmhi.ts';
import { gmwi2 } from './gmwi2.ts';
import { PERCENTILE_CAVEATS, percentileOf } from './percentiles.ts';
import type { MarkerVersion, MetaphlanProfile } from './profile.ts';
import { DIVERSITY_READINGS, INDEX_CAVEATS, INDEX_CITATIONS, INDEX_READINGS } from './readings.ts';
import { gmhiSignatureSpecies } from './reference-data.ts';
import { cladeTree, type Rank, taxonLabel } from './taxa.ts';
import { type ReportVersion, reportVersionOf } from './version.ts';

export type MetricReading = {
  value: number | null;
  /** Mid-rank percentile among healthy reference people, 0–100; null when not available. */
  percentile: number | null;
  reading: string;
  percentileCaveat: string | null;
};

export type IndexReading = MetricReading & {
  /** What to keep in mind about the value itself. */
  caveat: string;
  citation: string;
};

export type NotableTaxon = {
  index: 'GMWI2' | 'GMHI';
  name: string;
  label: string;
  rank: Rank;
  /** Percent of the classified sample. */
  percent: number;
  /** Which group the index counts the taxon in. */
  linkedWith: 'health' | 'disease';
  /** GMWI2 model coefficient; null for GMHI, which weighs its signature species by abundance. */
  coefficient: number | null;
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
  indices: { gmwi2: IndexReading; gmhi: IndexReading };
  /** GMWI2's contributing taxa (largest effect first), then GMHI's signature species present. */
  notableTaxa: NotableTaxon[];
};

function diversityReadings(profile: MetaphlanProfile): Record<DiversityMetric, MetricReading> {
  const d = speciesDiversity(profile);
  const reading = (metric: DiversityMetric, value: number | null, text: (p: number | null) => string) => {
    const percentile = percentileOf(metric, value);
    return { value, percentile, reading: text(percentile), percentileCaveat: PERCENTILE_CAVEATS[metric] };
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

function gmhiNotables(profile: MetaphlanProfile, classified: number): NotableTaxon[] {
  const { healthPrevalent, healthScarce } = gmhiSignatureSpecies();
  const linked = new Map<string, 'health' | 'disease'>([
    ...healthPrevalent.map((n) => [n, 'health'] as const),
    ...healthScarce.map((n) => [n, 'disease'] as const),
  ]);
  return profile.taxa
    .filter((t) => t.rank === 's' && t.abundance > 0 && linked.has(t.name))
    .map((t) => ({
      index: 'GMHI' as const,
      name: t.name,
      label: taxonLabel(t.name),
      rank: t.rank,
      percent: (t.abundance / classified) * 100,
      linkedWith: linked.get(t.name) ?? 'health',
      coefficient: null,
    }))
    .sort((a, b) => b.percent - a.percent || a.name.localeCompare(b.name));
}

/** Builds the stored report of one parsed MetaPhlAn profile. */
export function buildReport(profile: MetaphlanProfile): BuildReport {
  const tree = cladeTree(profile.taxa);
  const classified = [...tree.values()].filter((n) => n.rank === 'k').reduce((s, n) => s + n.abundance, 0);
  const species = speciesOf(profile);
  const gmwi2Result = gmwi2(profile);
  const gmhiValue = gmhiOfSpecies(species);
  const gmhiPercentile = percentileOf('gmhiWebtool', gmhiWebtoolOfSpecies(species));

  const gmwi2Notables: NotableTaxon[] = (gmwi2Result?.taxa ?? [])
    .map((t) => ({
      index: 'GMWI2' as const,
      name: t.name,
      label: taxonLabel(t.name),
      rank: t.rank,
      percent: t.fraction * 100,
      linkedWith: t.coefficient > 0 ? ('health' as const) : ('disease' as const),
      coefficient: t.coefficient,
    }))
    .sort((a, b) => Math.abs(b.coefficient) - Math.abs(a.coefficient) || a.name.localeCompare(b.name));

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
        value: gmwi2Result?.score ?? null,
        percentile: null,
        reading: INDEX_READINGS.gmwi2(gmwi2Result?.score ?? null),
        percentileCaveat: null,
        caveat: INDEX_CAVEATS.gmwi2,
        citation: INDEX_CITATIONS.gmwi2,
      },
      gmhi: {
        value: gmhiValue,
        percentile: gmhiValue === null ? null : gmhiPercentile,
        reading: INDEX_READINGS.gmhi(gmhiValue),
        percentileCaveat: gmhiValue === null ? null : PERCENTILE_CAVEATS.gmhiWebtool,
        caveat: INDEX_CAVEATS.gmhi(profile.markerVersion),
        citation: INDEX_CITATIONS.gmhi,
      },
    },
    notableTaxa: [...gmwi2Notables, ...(classified > 0 ? gmhiNotables(profile, classified) : [])],
  };
}
