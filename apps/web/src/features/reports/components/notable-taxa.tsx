import type { Rank } from '@portal/domain/report';
import { formatTaxonPercent } from '../report-format.ts';
import type { NotableTaxon } from '../report-taxa.ts';
import { LINKED_LABELS, REPORT_TEXTS } from '../report-texts.ts';
import { TableScroll } from './table-scroll.tsx';

const RANK_NAMES: Record<Rank, string> = {
  k: 'kingdom',
  p: 'phylum',
  c: 'class',
  o: 'order',
  f: 'family',
  g: 'genus',
  s: 'species',
  t: 'strain',
};

/** The microbes GMWI2 and GMHI count in this sample, in the report's order (largest effect first). */
export function NotableTaxa({ taxa }: { taxa: readonly NotableTaxon[] }) {
  return (
    <section className="report-section" aria-labelledby="report-notable">
      <h2 id="report-notable">{REPORT_TEXTS.notableTitle}</h2>
      <p>{REPORT_TEXTS.notableIntro}</p>
      {taxa.length === 0 ? (
        <p>{REPORT_TEXTS.notableNone}</p>
      ) : (
        <TableScroll labelledBy="report-notable-caption">
          <table className="report-table">
            <caption id="report-notable-caption">{REPORT_TEXTS.notableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{REPORT_TEXTS.taxonColumn}</th>
                <th scope="col">{REPORT_TEXTS.rankColumn}</th>
                <th scope="col">{REPORT_TEXTS.indexColumn}</th>
                <th scope="col">{REPORT_TEXTS.linkedColumn}</th>
                <th scope="col" className="report-number">
                  {REPORT_TEXTS.percentColumn}
                </th>
              </tr>
            </thead>
            <tbody>
              {taxa.map((taxon) => (
                <tr key={`${taxon.index}-${taxon.name}`}>
                  <th scope="row">{taxon.label}</th>
                  <td>{RANK_NAMES[taxon.rank]}</td>
                  <td>{taxon.index}</td>
                  <td>{LINKED_LABELS[taxon.linkedWith]}</td>
                  <td className="report-number">{formatTaxonPercent(taxon.percent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
