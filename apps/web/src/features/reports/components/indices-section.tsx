import type { BuildReport } from '@portal/domain/report';
import { scoreNotes } from '@portal/domain/report/readings';
import { DIGITS } from '../report-format.ts';
import { INDEX_LABELS, METRIC_LEADS, REPORT_TEXTS } from '../report-texts.ts';
import { MetricCard } from './metric-card.tsx';

export function IndicesSection({ report }: { report: BuildReport }) {
  return (
    <section className="report-section" aria-labelledby="report-indices">
      <h2 id="report-indices">{REPORT_TEXTS.indicesTitle}</h2>
      <p>{REPORT_TEXTS.indicesIntro}</p>
      <div className="report-metrics">
        {(['gmwi2', 'gmhi'] as const).map((index) => (
          <MetricCard
            key={index}
            title={INDEX_LABELS[index]}
            lead={METRIC_LEADS[index]}
            reading={report.indices[index]}
            reference={report.reference}
            notes={scoreNotes(report, index)}
            digits={DIGITS[index]}
            index
          />
        ))}
      </div>
    </section>
  );
}
