import type { BuildReport, ComparedMetric, ReportComparison, TaxonChange } from '@portal/domain/report';
import { COMPARED_METRICS } from '@portal/domain/report/compared-metrics';
import {
  changeDirection,
  DIGITS,
  formatBrayCurtis,
  formatChange,
  formatTaxonPercent,
  formatValue,
} from '../report-format.ts';
import { COMPARED_LABELS, REPORT_TEXTS } from '../report-texts.ts';
import { Gmwi2MoversPart } from './gmwi2-movers.tsx';
import { type ReportColumn, ReportTable } from './report-table.tsx';

const MEASURE_COLUMNS: ReportColumn[] = [
  { label: REPORT_TEXTS.measureColumn },
  { label: REPORT_TEXTS.earlierColumn, numeric: true },
  { label: REPORT_TEXTS.laterColumn, numeric: true },
  { label: REPORT_TEXTS.changeColumn, numeric: true },
];
const TAXON_COLUMNS: ReportColumn[] = [
  { label: REPORT_TEXTS.taxonColumn },
  { label: REPORT_TEXTS.earlierColumn, numeric: true },
  { label: REPORT_TEXTS.laterColumn, numeric: true },
];

function measureText(report: BuildReport | undefined, metric: ComparedMetric): string {
  if (!report) return '';
  const value =
    metric === 'gmwi2' || metric === 'gmhi' ? report.indices[metric].value : report.diversity[metric].value;
  return value === null ? REPORT_TEXTS.notAvailable : formatValue(value, DIGITS[metric]);
}

function ChangeText({ change }: { change: number | null }) {
  if (change === null) return <>{REPORT_TEXTS.notAvailable}</>;
  const direction = changeDirection(change);
  return (
    <>
      {formatChange(change)} <span className="report-change">({REPORT_TEXTS[direction]})</span>
    </>
  );
}

function TaxonChanges({
  id,
  title,
  empty,
  changes,
}: {
  id: string;
  title: string;
  empty: string;
  changes: readonly TaxonChange[];
}) {
  return (
    <div className="report-changes">
      <h3 id={id}>{title}</h3>
      {changes.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ReportTable labelledBy={id} columns={TAXON_COLUMNS}>
          {changes.map((taxon) => (
            <tr key={taxon.name}>
              <th scope="row">{taxon.label}</th>
              <td className="report-number">{formatTaxonPercent(taxon.before)}</td>
              <td className="report-number">{formatTaxonPercent(taxon.after)}</td>
            </tr>
          ))}
        </ReportTable>
      )}
    </div>
  );
}

type ComparisonSectionProps = {
  earlier: { label: string; report: BuildReport };
  later: { label: string; report: BuildReport | undefined };
  comparison: ReportComparison;
};

/** What changed from the earlier report to the later one: measures, species, and overall dissimilarity. */
export function ComparisonSection({ earlier, later, comparison }: ComparisonSectionProps) {
  return (
    <section className="report-section" aria-labelledby="report-comparison">
      <h2 id="report-comparison">{REPORT_TEXTS.comparisonTitle}</h2>
      <p>{REPORT_TEXTS.comparisonIntro(earlier.label, later.label)}</p>
      <ReportTable
        labelledBy="report-changes-caption"
        caption={REPORT_TEXTS.changesCaption}
        columns={MEASURE_COLUMNS}
      >
        {COMPARED_METRICS.map((metric) => (
          <tr key={metric}>
            <th scope="row">{COMPARED_LABELS[metric]}</th>
            <td className="report-number">{measureText(earlier.report, metric)}</td>
            <td className="report-number">{measureText(later.report, metric)}</td>
            <td className="report-number">
              <ChangeText change={comparison.deltas[metric]} />
            </td>
          </tr>
        ))}
      </ReportTable>
      <div className="report-changes-grid">
        <TaxonChanges
          id="report-rose"
          title={REPORT_TEXTS.roseTitle}
          empty={REPORT_TEXTS.noneRose}
          changes={comparison.rose}
        />
        <TaxonChanges
          id="report-fell"
          title={REPORT_TEXTS.fellTitle}
          empty={REPORT_TEXTS.noneFell}
          changes={comparison.fell}
        />
      </div>
      {comparison.gmwi2Movers ? <Gmwi2MoversPart movers={comparison.gmwi2Movers} /> : null}
      <h3>{REPORT_TEXTS.brayCurtisTitle}</h3>
      <p className="report-bray-curtis">{REPORT_TEXTS.brayCurtis(formatBrayCurtis(comparison.brayCurtis))}</p>
      <p>{REPORT_TEXTS.brayCurtisExplained}</p>
    </section>
  );
}
