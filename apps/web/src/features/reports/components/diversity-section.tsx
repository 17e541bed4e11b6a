import type { BuildReport, DiversityMetric } from '@portal/domain/report';
import { scoreNotes } from '@portal/domain/report/readings';
import { DIGITS } from '../report-format.ts';
import { DIVERSITY_LABELS, METRIC_LEADS, REPORT_TEXTS } from '../report-texts.ts';
import { MetricCard } from './metric-card.tsx';

const METRICS: DiversityMetric[] = ['richness', 'shannon', 'inverseSimpson', 'evenness'];

export function DiversitySection({ report }: { report: BuildReport }) {
  return (
    <section className="report-section" aria-labelledby="report-diversity">
      <h2 id="report-diversity">{REPORT_TEXTS.diversityTitle}</h2>
      <p>{REPORT_TEXTS.diversityIntro}</p>
      <div className="report-metrics">
        {METRICS.map((metric) => (
          <MetricCard
            key={metric}
            title={DIVERSITY_LABELS[metric]}
            lead={METRIC_LEADS[metric]}
            reading={report.diversity[metric]}
            reference={report.reference}
            notes={scoreNotes(report, metric)}
            digits={DIGITS[metric]}
          />
        ))}
      </div>
    </section>
  );
}
