import { RANK_NAMES } from '@portal/domain/report/taxa';
import { formatTaxonPercent } from '../report-format.ts';
import type { NotableTaxon } from '../report-taxa.ts';
import { LINKED_LABELS, REPORT_TEXTS } from '../report-texts.ts';
import { type ReportColumn, ReportTable } from './report-table.tsx';

const NOTABLE_COLUMNS: ReportColumn[] = [
  { label: REPORT_TEXTS.taxonColumn },
  { label: REPORT_TEXTS.rankColumn },
  { label: REPORT_TEXTS.indexColumn },
  { label: REPORT_TEXTS.linkedColumn },
  { label: REPORT_TEXTS.percentColumn, numeric: true },
];

/** The microbes GMWI2 and GMHI count in this sample, in the report's order (largest effect first). */
export function NotableTaxa({ taxa }: { taxa: readonly NotableTaxon[] }) {
  return (
    <section className="report-section" aria-labelledby="report-notable">
      <h2 id="report-notable">{REPORT_TEXTS.notableTitle}</h2>
      <p>{REPORT_TEXTS.notableIntro}</p>
      {taxa.length === 0 ? (
        <p>{REPORT_TEXTS.notableNone}</p>
      ) : (
        <ReportTable
          labelledBy="report-notable-caption"
          caption={REPORT_TEXTS.notableCaption}
          columns={NOTABLE_COLUMNS}
        >
          {taxa.map((taxon) => (
            <tr key={`${taxon.index}-${taxon.name}`}>
              <th scope="row">{taxon.label}</th>
              <td>{RANK_NAMES[taxon.rank]}</td>
              <td>{taxon.index}</td>
              <td>{LINKED_LABELS[taxon.linkedWith]}</td>
              <td className="report-number">{formatTaxonPercent(taxon.percent)}</td>
            </tr>
          ))}
        </ReportTable>
      )}
    </section>
  );
}
