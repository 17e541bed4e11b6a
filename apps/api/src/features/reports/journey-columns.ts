import { type BuildReport, COMPARED_METRICS, type ComparedMetric } from '@portal/domain/report';

/** Where each score sits in the stored report (BuildReport). */
export const VALUE_PATHS: Record<ComparedMetric, readonly [string, string]> = {
  richness: ['diversity', 'richness'],
  shannon: ['diversity', 'shannon'],
  inverseSimpson: ['diversity', 'inverseSimpson'],
  evenness: ['diversity', 'evenness'],
  gmwi2: ['indices', 'gmwi2'],
  gmhi: ['indices', 'gmhi'],
};

/** What the journey reads of a report, stored beside it at import (decision 047). */
export function journeyColumnsOf(report: BuildReport) {
  const journeyScores = Object.fromEntries(
    COMPARED_METRICS.map((metric) => {
      const [group, key] = VALUE_PATHS[metric];
      const section = report[group as 'diversity' | 'indices'] as Record<string, { value?: number | null }>;
      return [metric, section[key]?.value ?? null];
    }),
  ) as Record<ComparedMetric, number | null>;
  return { journeyScores, journeySpecies: report.composition.species };
}
