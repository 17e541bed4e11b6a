import { type ReactNode, useId } from 'react';

/**
 * A chart with what it needs around it: a title and summary that name it (a figure labelled by its
 * caption), the chart itself, and the same data as a table behind "Show the figures" for screen
 * readers and anyone who wants the numbers.
 */
export function ChartFrame({
  title,
  summary,
  table,
  tableLabel = 'Show the figures',
  className,
  children,
}: {
  title: ReactNode;
  summary?: ReactNode;
  table?: ReactNode;
  tableLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <figure className={['chart-frame', className].filter(Boolean).join(' ')} aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart-frame-caption">
        <span className="chart-frame-title">{title}</span>
        {summary ? <span className="chart-frame-summary">{summary}</span> : null}
      </figcaption>
      <div className="chart-frame-body">{children}</div>
      {table ? (
        <details className="chart-frame-table">
          <summary>{tableLabel}</summary>
          {table}
        </details>
      ) : null}
    </figure>
  );
}
