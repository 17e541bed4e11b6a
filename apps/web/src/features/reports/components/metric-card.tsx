import type { IndexReading, MetricReading } from '@portal/domain/report';
import { useId } from 'react';
import { formatValue } from '../report-format.ts';
import { REPORT_TEXTS } from '../report-texts.ts';
import { PercentileScale } from './percentile-scale.tsx';

type MetricCardProps = {
  title: string;
  reading: MetricReading | IndexReading;
  digits: number;
  /** Indices say nothing about a percentile unless the report has one. */
  percentileOptional?: boolean;
};

/** One measure of the report: its value, where it stands, what it means and what to keep in mind. */
export function MetricCard({ title, reading, digits, percentileOptional = false }: MetricCardProps) {
  const titleId = useId();
  const isIndex = 'citation' in reading;
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
      {isIndex ? <p className="report-caveat">{reading.caveat}</p> : null}
      {reading.percentileCaveat ? <p className="report-caveat">{reading.percentileCaveat}</p> : null}
      {isIndex ? (
        <p className="report-citation">
          {REPORT_TEXTS.citationLabel}: <cite>{reading.citation}</cite>
        </p>
      ) : null}
    </article>
  );
}
