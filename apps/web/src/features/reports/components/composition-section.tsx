import type { BuildReport } from '@portal/domain/report';
import { taxonLabel } from '@portal/domain/report/taxa';
import { lazy, Suspense } from 'react';
import { Loading } from '../../../components/ui/loading.tsx';
import { formatShare } from '../report-format.ts';
import { REPORT_TEXTS } from '../report-texts.ts';
import { CompositionTable } from './composition-table.tsx';
import { chartHeight, type PhylumBar } from './phylum-chart-size.ts';
import { TopSpecies } from './top-species.tsx';
import { WhenVisible } from './when-visible.tsx';

const PhylumChart = lazy(() => import('./phylum-chart.tsx'));

/**
 * Charts first (the phylum bars, with a text version, and the most common species), then the full
 * composition table behind a disclosure, for whoever wants every number.
 */
export function CompositionSection({ report, bars }: { report: BuildReport; bars: readonly PhylumBar[] }) {
  return (
    <section className="report-section" aria-labelledby="report-composition">
      <h2 id="report-composition">{REPORT_TEXTS.compositionTitle}</h2>
      <p>{REPORT_TEXTS.compositionIntro(formatShare(report.unknownPercent))}</p>
      <figure className="report-figure" aria-labelledby="report-phylum-chart">
        <figcaption id="report-phylum-chart">{REPORT_TEXTS.chartTitle}</figcaption>
        {/* Below the first screen on a phone: drawn when scrolled near, in a box of its size till then. */}
        <WhenVisible
          placeholder={<div className="report-chart" style={{ height: chartHeight(bars.length) }} />}
        >
          <Suspense fallback={<Loading label={REPORT_TEXTS.loadingChart} />}>
            <PhylumChart bars={bars} />
          </Suspense>
        </WhenVisible>
        <div className="visually-hidden">
          {bars.map((bar) => (
            <div key={bar.label}>
              <p>{REPORT_TEXTS.chartSummary(bar.label)}</p>
              <ul>
                {bar.entries.map((entry) => (
                  <li key={entry.name}>
                    {taxonLabel(entry.name)}: {formatShare(entry.percent)}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </figure>
      <TopSpecies species={report.composition.species} />
      <details className="report-disclosure">
        <summary>{REPORT_TEXTS.showTable}</summary>
        <CompositionTable composition={report.composition} />
      </details>
    </section>
  );
}
