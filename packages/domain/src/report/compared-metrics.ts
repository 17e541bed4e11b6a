/**
 * The six scores that a comparison and the journey follow, in the report's order. A module of its own,
 * free of the reference files that the rest of `report` reads with node:fs, so the web app can import it
 * (`@portal/domain/report/compared-metrics`).
 */
export const COMPARED_METRICS = [
  'richness',
  'shannon',
  'inverseSimpson',
  'evenness',
  'gmwi2',
  'gmhi',
] as const;
export type ComparedMetric = (typeof COMPARED_METRICS)[number];
