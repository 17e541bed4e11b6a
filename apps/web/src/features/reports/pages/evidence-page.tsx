import {
  doiUrl,
  EVIDENCE_GRADES,
  type EvidenceGrade,
  STATEMENTS,
  type StatementId,
} from '@portal/domain/report/statements';
import { Link } from 'react-router';
import { EVIDENCE_TEXTS, REPORT_TEXTS } from '../report-texts.ts';

const GRADES = Object.keys(EVIDENCE_GRADES) as EvidenceGrade[];

/** "How we grade evidence" (issue 37): the scale, then every registry statement with its grade and sources. */
export function EvidencePage() {
  return (
    <>
      <h1>{EVIDENCE_TEXTS.title}</h1>
      <p>{EVIDENCE_TEXTS.intro}</p>
      <table className="report-table">
        <caption>{EVIDENCE_TEXTS.gradesCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{EVIDENCE_TEXTS.gradeColumn}</th>
            <th scope="col">{EVIDENCE_TEXTS.meaningColumn}</th>
          </tr>
        </thead>
        <tbody>
          {GRADES.map((grade) => (
            <tr key={grade}>
              <th scope="row">
                {grade} ({EVIDENCE_GRADES[grade].title})
              </th>
              <td>{EVIDENCE_GRADES[grade].meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{EVIDENCE_TEXTS.statementsTitle}</h2>
      <ul className="evidence-statements">
        {(Object.keys(STATEMENTS) as StatementId[]).map((id) => {
          const s = STATEMENTS[id];
          return (
            <li key={id}>
              <p>
                <strong>{s.text}</strong>
              </p>
              <p>{REPORT_TEXTS.evidenceSummary(s.grade).split(',')[0]}.</p>
              <p>
                {REPORT_TEXTS.notMeaning} {s.notMeaning}
              </p>
              <p>
                {EVIDENCE_TEXTS.sources}:{' '}
                {s.citations.map((c, i) => (
                  <span key={c.doi}>
                    {i > 0 ? '; ' : ''}
                    <a href={doiUrl(c.doi)} target="_blank" rel="noreferrer">
                      {c.label}
                    </a>
                  </span>
                ))}
              </p>
              <p className="statement-reviewed">{REPORT_TEXTS.reviewed(s.reviewed)}</p>
            </li>
          );
        })}
      </ul>
      <p>
        <Link to="/reports">{EVIDENCE_TEXTS.toReports}</Link>
      </p>
    </>
  );
}
