import type { BuildReport } from './build-report.ts';
import { COMPARED_METRICS, type ComparedMetric } from './compared-metrics.ts';
import { OTHER_TAXA } from './composition.ts';
import { type Gmwi2Movers, gmwi2Movers } from './explain.ts';
import { taxonLabel } from './taxa.ts';
import { type Comparability, reportsComparable } from './version.ts';

export type TaxonChange = { name: string; label: string; before: number; after: number; change: number };

export { COMPARED_METRICS, type ComparedMetric };

export type ReportComparison = {
  /** later − earlier; null where either report lacks the value. */
  deltas: Record<ComparedMetric, number | null>;
  /** Species whose share of the classified sample rose most (percentage points), largest first. */
  rose: TaxonChange[];
  fell: TaxonChange[];
  /** Bray–Curtis dissimilarity of the two species profiles: 0 identical, 1 nothing shared. */
  brayCurtis: number;
  /** What moved GMWI2 ("What moved my score"); null unless both reports have GMWI2. */
  gmwi2Movers: Gmwi2Movers | null;
};

/** A species' share, or 0: only own keys count, so a species named `constructor` is no inherited function. */
const share = (values: Readonly<Record<string, number>>, name: string) =>
  Object.hasOwn(values, name) ? (values[name] as number) : 0;

/** Σ|a−b| / Σ(a+b) over the union of keys; two empty profiles are identical (0). */
export function brayCurtis(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): number {
  let difference = 0;
  let total = 0;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = share(a, key);
    const y = share(b, key);
    difference += Math.abs(x - y);
    total += x + y;
  }
  return total === 0 ? 0 : difference / total;
}

function speciesPercents(report: BuildReport): Record<string, number> {
  return Object.fromEntries(
    report.composition.species.filter((e) => e.name !== OTHER_TAXA).map((e) => [e.name, e.percent]),
  );
}

/** Rescales to a total of 1 so a difference in UNKNOWN or unclassified share does not count as change. */
function proportions(values: Record<string, number>): Record<string, number> {
  const total = Object.values(values).reduce((sum, v) => sum + v, 0);
  return total > 0 ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v / total])) : {};
}

function metricValue(report: BuildReport, metric: ComparedMetric): number | null {
  return metric === 'gmwi2' || metric === 'gmhi'
    ? report.indices[metric].value
    : report.diversity[metric].value;
}

/** What changed from an earlier report to a later one; refused (code V12V2) across report versions. */
export function compareReports(
  earlier: BuildReport,
  later: BuildReport,
  top = 5,
): Exclude<Comparability, { comparable: true }> | ({ comparable: true } & ReportComparison) {
  const comparability = reportsComparable(earlier, later);
  if (!comparability.comparable) return comparability;

  const deltas = Object.fromEntries(
    COMPARED_METRICS.map((metric) => {
      const before = metricValue(earlier, metric);
      const after = metricValue(later, metric);
      return [metric, before === null || after === null ? null : after - before];
    }),
  ) as Record<ComparedMetric, number | null>;

  const before = speciesPercents(earlier);
  const after = speciesPercents(later);
  const changes = [...new Set([...Object.keys(before), ...Object.keys(after)])].map((name) => {
    const b = share(before, name);
    const a = share(after, name);
    return { name, label: taxonLabel(name), before: b, after: a, change: a - b };
  });
  const byName = (x: TaxonChange, y: TaxonChange) => x.name.localeCompare(y.name);
  const rose = changes
    .filter((c) => c.change > 0)
    .sort((x, y) => y.change - x.change || byName(x, y))
    .slice(0, top);
  const fell = changes
    .filter((c) => c.change < 0)
    .sort((x, y) => x.change - y.change || byName(x, y))
    .slice(0, top);

  return {
    comparable: true,
    deltas,
    rose,
    fell,
    brayCurtis: brayCurtis(proportions(before), proportions(after)),
    gmwi2Movers:
      earlier.gmwi2Contributions && later.gmwi2Contributions
        ? gmwi2Movers(earlier.gmwi2Contributions, later.gmwi2Contributions)
        : null,
  };
}
