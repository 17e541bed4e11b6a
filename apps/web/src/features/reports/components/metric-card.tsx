import type { MetricReading } from '@portal/domain/report';
import type { ScoreNotes } from '@portal/domain/report/readings';
import { useId } from 'react';
import { formatValue } from '../report-format.ts';
import { REPORT_TEXTS } from '../report-texts.ts';
import { PercentileScale } from './percentile-scale.tsx';

type MetricCardProps = {
  title: string;
  reading: MetricReading;
  /** Its caveats and citation, looked up by score (`scoreNotes`): reports do not store them. */
  notes: ScoreNotes;
  digits: number;
  /** Indices say nothing about a percentile unless the report has one. */
  percentileOptional?: boolean;
};

/** One measure of the report: its value, where it stands, what it means and what to keep in mind. */
export function MetricCard({ title, reading, notes, digits, percentileOptional = false }: MetricCardProps) {
  const titleId = useId();
  const showScale = reading.value !== null && (reading.percentile !== null || !percentileOptional);
  return (
    <article className="report-metric" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <p className="report-metric-value">
        {reading.value === null ? (
          <span className="report-metric-missing">{REPORT_TEXTS.notAvailable}</span>
        ) : (
          formatValue(reading.value, digits)
        )}
      </p>
      {showScale ? <PercentileScale percentile={reading.percentile} /> : null}
      <p>{reading.reading}</p>
      {notes.caveat ? <p className="report-caveat">{notes.caveat}</p> : null}
      {notes.percentileCaveat ? <p className="report-caveat">{notes.percentileCaveat}</p> : null}
      {notes.citation ? (
        <p className="report-citation">
          {REPORT_TEXTS.citationLabel}: <cite>{notes.citation}</cite>
        </p>
      ) : null}
    </article>
  );
}
