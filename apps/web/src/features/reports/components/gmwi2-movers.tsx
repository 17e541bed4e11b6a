import type { Gmwi2Movers } from '@portal/domain/report';
import { JOURNEY_TEXTS } from '../journey-texts.ts';
import { DIGITS, formatChange, formatValue } from '../report-format.ts';
import { LINKED_LABELS, REPORT_TEXTS } from '../report-texts.ts';
import { type ReportColumn, ReportTable } from './report-table.tsx';

const MOVER_COLUMNS: ReportColumn[] = [
  { label: JOURNEY_TEXTS.microbeColumn },
  { label: REPORT_TEXTS.linkedColumn },
  { label: JOURNEY_TEXTS.changedColumn },
  { label: JOURNEY_TEXTS.effectColumn, numeric: true },
];

/** "What moved my score": the taxa whose appearance or disappearance changed GMWI2, each with its effect. */
export function Gmwi2MoversPart({ movers }: { movers: Gmwi2Movers }) {
  const before = formatValue(movers.before, DIGITS.gmwi2);
  const after = formatValue(movers.after, DIGITS.gmwi2);
  return (
    <div className="report-changes">
      <h3 id="report-gmwi2-movers">{JOURNEY_TEXTS.moversTitle}</h3>
      {movers.movers.length === 0 ? (
        <p>{JOURNEY_TEXTS.moversNone(before, after)}</p>
      ) : (
        <>
          <p>{JOURNEY_TEXTS.moversIntro(before, after, formatChange(movers.difference))}</p>
          <ReportTable
            labelledBy="report-gmwi2-movers-caption"
            caption={JOURNEY_TEXTS.moversCaption}
            columns={MOVER_COLUMNS}
          >
            {movers.movers.map((mover) => (
              <tr key={mover.lineage}>
                <th scope="row" title={mover.lineage}>
                  {mover.label}
                </th>
                <td>{LINKED_LABELS[mover.linkedWith]}</td>
                <td>{JOURNEY_TEXTS[mover.change]}</td>
                <td className="report-number">{formatChange(mover.delta)}</td>
              </tr>
            ))}
          </ReportTable>
        </>
      )}
    </div>
  );
}
