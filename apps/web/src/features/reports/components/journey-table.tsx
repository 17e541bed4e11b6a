import type { ComparedMetric, Journey } from '@portal/domain/report';
import { COMPARED_METRICS } from '@portal/domain/report/compared-metrics';
import { JOURNEY_TEXTS } from '../journey-texts.ts';
import { DIGITS, formatDisplayDate, formatValue } from '../report-format.ts';
import { COMPARED_LABELS } from '../report-texts.ts';
import { type ReportColumn, ReportTable } from './report-table.tsx';

const COLUMNS: ReportColumn[] = [
  { label: JOURNEY_TEXTS.dateColumn },
  { label: JOURNEY_TEXTS.sampleColumn },
  ...COMPARED_METRICS.map((metric) => ({ label: COMPARED_LABELS[metric], numeric: true })),
  { label: JOURNEY_TEXTS.notesColumn },
];

const cell = (value: number | null, metric: ComparedMetric) =>
  value === null ? '–' : formatValue(value, DIGITS[metric]);

/** The journey's text alternative: every sample's six scores, its notes and the database break. */
export function JourneyTable({ journey }: { journey: Journey }) {
  return (
    <ReportTable
      labelledBy="journey-table-caption"
      caption={JOURNEY_TEXTS.tableCaption}
      columns={COLUMNS}
      foot={
        <tr>
          <th scope="row" colSpan={2}>
            {JOURNEY_TEXTS.bandRow}
          </th>
          {COMPARED_METRICS.map((metric) => {
            const band = journey.bands[metric];
            return (
              <td className="report-number" key={metric}>
                {band ? `${cell(band.low, metric)} to ${cell(band.high, metric)}` : '–'}
              </td>
            );
          })}
          <td />
        </tr>
      }
    >
      {journey.points.map((point) => (
        <tr key={point.sampleIdentifier}>
          <th scope="row">{formatDisplayDate(point.displayDate)}</th>
          <td>{point.sampleIdentifier}</td>
          {COMPARED_METRICS.map((metric) => (
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
    </ReportTable>
  );
}
