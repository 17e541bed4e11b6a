import { doiUrl, STATEMENTS, type StatementId } from '@portal/domain/report/statements';
import { Link } from 'react-router';
import { REPORT_TEXTS } from '../report-texts.ts';

/**
 * A registry statement's evidence, on request: its grade (linked to "How we grade evidence"), its sources
 * as DOI links, what it does not mean, and when it was last reviewed (issue 37).
 */
export function StatementEvidence({ id }: { id: StatementId }) {
  const s = STATEMENTS[id];
  return (
    <details className="statement-evidence">
      <summary>{REPORT_TEXTS.evidenceSummary(s.grade)}</summary>
      <p>
        <Link to="/evidence">{REPORT_TEXTS.howWeGrade}</Link>
      </p>
      <ul className="statement-citations">
        {s.citations.map((c) => (
          <li key={c.doi}>
            <a href={doiUrl(c.doi)} target="_blank" rel="noreferrer">
              {c.label}
            </a>{' '}
            <span className="statement-doi">doi:{c.doi}</span>
          </li>
        ))}
      </ul>
      <p>
        <strong>{REPORT_TEXTS.notMeaning}</strong> {s.notMeaning}
      </p>
      <p className="statement-reviewed">{REPORT_TEXTS.reviewed(s.reviewed)}</p>
    </details>
  );
}
