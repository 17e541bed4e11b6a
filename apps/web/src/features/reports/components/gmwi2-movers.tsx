import type { Gmwi2Movers } from '@portal/domain/report';
import { JOURNEY_TEXTS } from '../journey-texts.ts';
import { DIGITS, formatChange, formatValue } from '../report-format.ts';
import { LINKED_LABELS, REPORT_TEXTS } from '../report-texts.ts';
import { TableScroll } from './table-scroll.tsx';

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
          <TableScroll labelledBy="report-gmwi2-movers-caption">
            <table className="report-table">
              <caption id="report-gmwi2-movers-caption">{JOURNEY_TEXTS.moversCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{JOURNEY_TEXTS.microbeColumn}</th>
                  <th scope="col">{REPORT_TEXTS.linkedColumn}</th>
                  <th scope="col">{JOURNEY_TEXTS.changedColumn}</th>
                  <th scope="col" className="report-number">
                    {JOURNEY_TEXTS.effectColumn}
                  </th>
                </tr>
              </thead>
              <tbody>
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
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </div>
  );
}
