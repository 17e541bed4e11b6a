import type { BuildReport, ComparedMetric, ReportComparison, TaxonChange } from '@portal/domain/report';
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
import { TableScroll } from './table-scroll.tsx';

const METRICS: ComparedMetric[] = ['richness', 'shannon', 'inverseSimpson', 'evenness', 'gmwi2', 'gmhi'];

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
        <TableScroll labelledBy={id}>
          <table className="report-table" aria-labelledby={id}>
            <thead>
              <tr>
                <th scope="col">{REPORT_TEXTS.taxonColumn}</th>
                <th scope="col" className="report-number">
                  {REPORT_TEXTS.earlierColumn}
                </th>
                <th scope="col" className="report-number">
                  {REPORT_TEXTS.laterColumn}
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.map((taxon) => (
                <tr key={taxon.name}>
                  <th scope="row">{taxon.label}</th>
                  <td className="report-number">{formatTaxonPercent(taxon.before)}</td>
                  <td className="report-number">{formatTaxonPercent(taxon.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
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
      <TableScroll labelledBy="report-changes-caption">
        <table className="report-table">
          <caption id="report-changes-caption">{REPORT_TEXTS.changesCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{REPORT_TEXTS.measureColumn}</th>
              <th scope="col" className="report-number">
                {REPORT_TEXTS.earlierColumn}
              </th>
              <th scope="col" className="report-number">
                {REPORT_TEXTS.laterColumn}
              </th>
              <th scope="col" className="report-number">
                {REPORT_TEXTS.changeColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            {METRICS.map((metric) => (
              <tr key={metric}>
                <th scope="row">{COMPARED_LABELS[metric]}</th>
                <td className="report-number">{measureText(earlier.report, metric)}</td>
                <td className="report-number">{measureText(later.report, metric)}</td>
                <td className="report-number">
                  <ChangeText change={comparison.deltas[metric]} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
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
