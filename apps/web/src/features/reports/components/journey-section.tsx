import { COMPARED_METRICS } from '@portal/domain/report/compared-metrics';
import { lazy, Suspense } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useJourney } from '../api.ts';
import { JOURNEY_TEXTS } from '../journey-texts.ts';
import { formatDisplayDate } from '../report-format.ts';
import { JourneyMovers } from './journey-movers.tsx';
import { JourneyTable } from './journey-table.tsx';
import { WhenVisible } from './when-visible.tsx';

const JourneyCharts = lazy(() => import('./journey-charts.tsx'));

/** The charts' grid at their size while their chunk loads, so nothing below moves when they arrive. */
function ChartsPlaceholder() {
  return (
    <div className="journey-charts" role="status" aria-label={JOURNEY_TEXTS.loading}>
      {COMPARED_METRICS.map((metric) => (
        <div key={metric} className="journey-chart-placeholder" />
      ))}
    </div>
  );
}

/**
 * Every report of the person on one journey: a chart per score with the healthy band, the meaningful-change
 * rule and its source, the same numbers as a table, and the species that moved most. Shown from two reports.
 */
export function JourneySection({ enabled }: { enabled: boolean }) {
  const journey = useJourney(enabled);
  if (!enabled) return null;
  if (journey.isPending) return <Loading label={JOURNEY_TEXTS.loading} />;
  if (journey.isError) return <Alert tone="error">{journey.error.message}</Alert>;
  const { points } = journey.data;
  if (points.length < 2) return null;
  return (
    <section className="report-section" aria-labelledby="report-journey">
      <h2 id="report-journey">{JOURNEY_TEXTS.title}</h2>
      <p>
        {JOURNEY_TEXTS.intro(
          points.length,
          formatDisplayDate(points[0]?.displayDate ?? ''),
          formatDisplayDate(points.at(-1)?.displayDate ?? ''),
        )}
      </p>
      <ul className="journey-legend">
        <li>{JOURNEY_TEXTS.legendMeaningful}</li>
        <li>{JOURNEY_TEXTS.legendNote}</li>
        <li>{JOURNEY_TEXTS.legendBreak}</li>
        <li>{JOURNEY_TEXTS.noBand}</li>
      </ul>
      {/* The chart library's chunk is fetched and run only when the charts come near the screen. */}
      <WhenVisible placeholder={<ChartsPlaceholder />}>
        <Suspense fallback={<ChartsPlaceholder />}>
          <JourneyCharts journey={journey.data} />
        </Suspense>
      </WhenVisible>
      <JourneyTable journey={journey.data} />
      <h3>{JOURNEY_TEXTS.ruleTitle}</h3>
      <p className="journey-rule">{journey.data.rule}</p>
      <p className="journey-rule">{journey.data.source}</p>
      <JourneyMovers journey={journey.data} />
    </section>
  );
}
