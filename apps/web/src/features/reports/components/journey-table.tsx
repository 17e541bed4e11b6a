import type { ComparedMetric, Journey } from '@portal/domain/report';
import { JOURNEY_SCORES, JOURNEY_TEXTS } from '../journey-texts.ts';
import { DIGITS, formatDisplayDate, formatValue } from '../report-format.ts';
import { COMPARED_LABELS } from '../report-texts.ts';
import { TableScroll } from './table-scroll.tsx';

const cell = (value: number | null, metric: ComparedMetric) =>
  value === null ? '–' : formatValue(value, DIGITS[metric]);

/** The journey's text alternative: every sample's six scores, its notes and the database break. */
export function JourneyTable({ journey }: { journey: Journey }) {
  return (
    <TableScroll labelledBy="journey-table-caption">
      <table className="report-table">
        <caption id="journey-table-caption">{JOURNEY_TEXTS.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{JOURNEY_TEXTS.dateColumn}</th>
            <th scope="col">{JOURNEY_TEXTS.sampleColumn}</th>
            {JOURNEY_SCORES.map((metric) => (
              <th scope="col" className="report-number" key={metric}>
                {COMPARED_LABELS[metric]}
              </th>
            ))}
            <th scope="col">{JOURNEY_TEXTS.notesColumn}</th>
          </tr>
        </thead>
        <tbody>
          {journey.points.map((point) => (
            <tr key={point.sampleIdentifier}>
              <th scope="row">{formatDisplayDate(point.displayDate)}</th>
              <td>{point.sampleIdentifier}</td>
              {JOURNEY_SCORES.map((metric) => (
                <td className="report-number" key={metric}>
                  {cell(point.values[metric], metric)}
                  {point.changes[metric]?.meaningful ? (
                    <span className="journey-meaningful"> ({JOURNEY_TEXTS.meaningful})</span>
                  ) : null}
                </td>
              ))}
              <td>{[...(point.newDatabase ? [JOURNEY_TEXTS.breakNote] : []), ...point.notes].join(' ')}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {JOURNEY_TEXTS.bandRow}
            </th>
            {JOURNEY_SCORES.map((metric) => {
              const band = journey.bands[metric];
              return (
                <td className="report-number" key={metric}>
                  {band ? `${cell(band.low, metric)} to ${cell(band.high, metric)}` : '–'}
                </td>
              );
            })}
            <td />
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
