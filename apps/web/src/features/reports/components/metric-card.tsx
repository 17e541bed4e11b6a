import type { MetricReading } from '@portal/domain/report';
import { formatCount, type ScoreNotes } from '@portal/domain/report/readings';
import { statementText } from '@portal/domain/report/statements';
import { REFERENCE_DETAILS } from '@portal/domain/report/uncertainty';
import { useId } from 'react';
import { formatValue, percentileOrdinal } from '../report-format.ts';
import { REPORT_TEXTS } from '../report-texts.ts';
import { PercentileBand, SignBand } from './score-band.tsx';

type MetricCardProps = {
  title: string;
  /** What the measure tells, in everyday words, under its name. */
  lead: string;
  reading: MetricReading;
  /** Its caveats and citation, looked up by score (`scoreNotes`): reports do not store them. */
  notes: ScoreNotes;
  digits: number;
  /** Indices have no percentile unless the report has one; they are then drawn around zero. */
  index?: boolean;
  /** The reference the percentile comes from (name and size), shown under it. */
  reference?: { name: string; size: number } | undefined;
};

/**
 * One measure of the report: its value, a band showing where it stands, what it means in plain words,
 * and, behind "How this is calculated", the reference set's caveat and the source.
 */
export function MetricCard({
  title,
  lead,
  reading,
  notes,
  digits,
  index = false,
  reference,
}: MetricCardProps) {
  const titleId = useId();
  const { value, percentile } = reading;
  const valueText = value === null ? null : formatValue(value, digits);
  const science = notes.percentileCaveat !== null || notes.citation !== null;
  return (
    <article className="report-metric" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <p className="report-metric-lead">{lead}</p>
      <p className="report-metric-value">
        {valueText === null ? (
          <span className="report-metric-missing">{REPORT_TEXTS.notAvailable}</span>
        ) : (
          valueText
        )}
      </p>
      {valueText !== null && percentile !== null ? (
        <>
          <p className="percentile-text">
            {REPORT_TEXTS.percentileLabel}:{' '}
            <strong>{REPORT_TEXTS.percentile(percentileOrdinal(percentile))}</strong>
          </p>
          <PercentileBand title={title} valueText={valueText} percentile={percentile} />
        </>
      ) : null}
      {valueText !== null && value !== null && percentile === null && index ? (
        <SignBand title={title} valueText={valueText} value={value} />
      ) : null}
      {valueText !== null && percentile === null && !index ? (
        <p className="percentile-none">{REPORT_TEXTS.noPercentile}</p>
      ) : null}
      <p>{reading.reading}</p>
      {valueText !== null && reading.range ? (
        <p className="report-range">
          {REPORT_TEXTS.rangeLine(
            formatValue(reading.range.low, digits),
            formatValue(reading.range.high, digits),
          )}
          {reading.range.percentileLow !== null && reading.range.percentileHigh !== null
            ? REPORT_TEXTS.rangePercentiles(
                percentileOrdinal(reading.range.percentileLow),
                percentileOrdinal(reading.range.percentileHigh),
              )
            : null}
          .{reading.range.couldBeEither ? ` ${statementText('range.couldBeEither')}` : null}
        </p>
      ) : null}
      {valueText !== null && percentile !== null && reference ? (
        <p className="report-reference">
          {REPORT_TEXTS.referenceLine(reference.name, formatCount(reference.size))}{' '}
          {REFERENCE_DETAILS.healthyMeant}
        </p>
      ) : null}
      {notes.caveat ? <p className="report-caveat">{notes.caveat}</p> : null}
      {science ? (
        <details className="report-metric-science">
          <summary>{REPORT_TEXTS.howCalculated}</summary>
          {notes.percentileCaveat ? <p className="report-caveat">{notes.percentileCaveat}</p> : null}
          {notes.citation ? (
            <p className="report-citation">
              {REPORT_TEXTS.citationLabel}: <cite>{notes.citation}</cite>
            </p>
          ) : null}
        </details>
      ) : null}
    </article>
  );
}
