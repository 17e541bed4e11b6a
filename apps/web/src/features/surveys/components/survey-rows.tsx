import { type Kit, QUESTIONNAIRE_ORDER, SURVEY_ESTIMATES, SURVEY_SLUGS } from '@portal/domain';
import { Link } from 'react-router';
import { SURVEY_TEXTS } from '../survey-texts.ts';

type Stat = Kit['surveysStats'][number];

function actionOf({ completedQuestions, totalQuestions }: Stat): string {
  if (completedQuestions === 0) return SURVEY_TEXTS.start;
  return completedQuestions >= totalQuestions ? SURVEY_TEXTS.review : SURVEY_TEXTS.continue;
}

/**
 * A row per questionnaire of the kit, in questionnaire order (research §4): its time estimate, how
 * much is answered and a link to it. The server has already left out what this person does not answer.
 */
export function SurveyRows({ kit, kitLabel }: { kit: Kit; kitLabel: string }) {
  const rows = QUESTIONNAIRE_ORDER.flatMap((type) => {
    const stat = kit.surveysStats.find((s) => s.surveyType === type);
    return stat ? [{ type, stat }] : [];
  });
  if (rows.length === 0) return <p>{SURVEY_TEXTS.noQuestionnaires}</p>;
  return (
    <ul className="survey-rows">
      {rows.map(({ type, stat }) => (
        <li key={type} className="survey-row">
          <span className="survey-row-name">{SURVEY_TEXTS.names[type]}</span>
          <span className="survey-row-estimate">{SURVEY_TEXTS.estimate(SURVEY_ESTIMATES[type])}</span>
          <span className="survey-row-answered">
            {SURVEY_TEXTS.answered(
              Math.min(stat.completedQuestions, stat.totalQuestions),
              stat.totalQuestions,
            )}
          </span>
          <Link
            className="button button-secondary survey-row-link"
            to={`/surveys/${SURVEY_SLUGS[type]}/${kit.id}`}
          >
            {actionOf(stat)}
            <span className="visually-hidden">
              {' '}
              {SURVEY_TEXTS.names[type]}, {kitLabel}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
