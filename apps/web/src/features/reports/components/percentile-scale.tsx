import { percentileOrdinal, scalePosition } from '../report-format.ts';
import { REPORT_TEXTS } from '../report-texts.ts';

/**
 * Where a value stands among healthy reference people: the percentile in words, and a 0–100 scale with
 * the usual middle half shaded. The scale only repeats the words, so screen readers skip it.
 */
export function PercentileScale({ percentile }: { percentile: number | null }) {
  if (percentile === null) return <p className="percentile-none">{REPORT_TEXTS.noPercentile}</p>;
  return (
    <div className="percentile">
      <p className="percentile-text">
        {REPORT_TEXTS.percentileLabel}:{' '}
        <strong>{REPORT_TEXTS.percentile(percentileOrdinal(percentile))}</strong>
      </p>
      <div className="percentile-scale" aria-hidden="true">
        <span className="percentile-usual" />
        <span className="percentile-marker" style={{ left: `${scalePosition(percentile)}%` }} />
      </div>
      <div className="percentile-ends" aria-hidden="true">
        <span>{REPORT_TEXTS.scaleLower}</span>
        <span>{REPORT_TEXTS.scaleUsual}</span>
        <span>{REPORT_TEXTS.scaleHigher}</span>
      </div>
    </div>
  );
}
