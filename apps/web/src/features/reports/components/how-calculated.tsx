import type { BuildReport } from '@portal/domain/report';
import { INDEX_CITATIONS } from '@portal/domain/report/readings';
import { DIVERSITY_LABELS, INDEX_LABELS, METHOD_TEXTS, REPORT_TEXTS } from '../report-texts.ts';
import { ScoreWhy } from './score-why.tsx';

const DIVERSITY = ['richness', 'shannon', 'inverseSimpson', 'evenness'] as const;

/**
 * The science, after the plain-language parts: how each measure is worked out, the studies behind the
 * indices, and the "Why" of each index and of the percentiles (issue 25). Each part opens on request.
 */
export function HowCalculated({ report }: { report: BuildReport }) {
  return (
    <section className="report-section report-science" aria-labelledby="report-how">
      <h2 id="report-how">{REPORT_TEXTS.howCalculated}</h2>
      <p>{METHOD_TEXTS.intro}</p>
      <details className="report-why">
        <summary>{METHOD_TEXTS.measuresTitle}</summary>
        <dl className="report-methods">
          {DIVERSITY.map((metric) => (
            <div key={metric}>
              <dt>{DIVERSITY_LABELS[metric]}</dt>
              <dd>{METHOD_TEXTS[metric]}</dd>
            </div>
          ))}
          <div>
            <dt>{INDEX_LABELS.gmwi2}</dt>
            <dd>{METHOD_TEXTS.gmwi2}</dd>
          </div>
          <div>
            <dt>{INDEX_LABELS.gmhi}</dt>
            <dd>{METHOD_TEXTS.gmhi}</dd>
          </div>
        </dl>
      </details>
      <details className="report-why">
        <summary>{METHOD_TEXTS.sourcesTitle}</summary>
        <ul>
          <li>
            <cite>{INDEX_CITATIONS.gmwi2}</cite>
          </li>
          <li>
            <cite>{INDEX_CITATIONS.gmhi}</cite>
          </li>
        </ul>
      </details>
      <ScoreWhy report={report} />
    </section>
  );
}
