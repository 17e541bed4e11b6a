import type { ReportSummary } from '@portal/domain/report/at-a-glance';
import { STATEMENTS, statementText } from '@portal/domain/report/statements';
import { suggestionsOf } from '@portal/domain/report/suggestions';
import { Alert } from '../../../components/ui/alert.tsx';
import { REPORT_TEXTS, SECTION_TITLES } from '../report-texts.ts';
import { StatementEvidence } from './statement-evidence.tsx';
import { WithTerms } from './term.tsx';

/**
 * "Your report at a glance", first on the report (issue 37): each finding stored at import, what it
 * means (a registry statement, with its evidence on request), and a link to the section behind it.
 */
export function AtAGlance({ summary }: { summary: ReportSummary | undefined }) {
  if (!summary) return null;
  const suggestions = suggestionsOf(summary);
  return (
    <section className="report-section report-glance" aria-labelledby="report-glance">
      <h2 id="report-glance">{REPORT_TEXTS.glanceTitle}</h2>
      {summary.gpFirst ? (
        <Alert tone="warning" title={REPORT_TEXTS.gpFirstTitle}>
          <p>{statementText('gp.first')}</p>
          <StatementEvidence id="gp.first" />
        </Alert>
      ) : null}
      {summary.interpretable ? (
        <ol className="report-findings">
          {summary.findings.map((finding) => (
            <li key={finding.key} className="report-finding">
              <p className="report-finding-found">
                <WithTerms text={finding.found} />
              </p>
              <p>
                <strong>{REPORT_TEXTS.meansLabel}</strong> {statementText(finding.means)}
                {finding.couldBeEither ? ` ${statementText('range.couldBeEither')}` : null}
              </p>
              <StatementEvidence id={finding.means} />
              <p>
                <a href={`#${finding.section}`}>{REPORT_TEXTS.moreAbout(SECTION_TITLES[finding.section])}</a>
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p role="status">{statementText(summary.reason)}</p>
      )}
      {suggestions.length > 0 ? (
        <>
          <h3>{REPORT_TEXTS.suggestionsTitle}</h3>
          <p>{REPORT_TEXTS.suggestionsIntro}</p>
          <ul className="report-findings">
            {suggestions.map((id) => (
              <li key={id}>
                <p>
                  {statementText(id)} ({REPORT_TEXTS.gradeShort(STATEMENTS[id].grade)})
                </p>
                <StatementEvidence id={id} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
