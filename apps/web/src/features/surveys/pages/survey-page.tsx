import { surveyTypeFromSlug } from '@portal/domain';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useSurveyAnswers, useSurveyDefinition } from '../api.ts';
import { SupportFailure } from '../components/support-failure.tsx';
import { SurveyForm } from '../components/survey-form.tsx';
import { SURVEY_TEXTS } from '../survey-texts.ts';

/** /surveys/:type/:kitId: one questionnaire of one kit (research §2 "Questionnaire page"). */
export function SurveyPage() {
  const { type = '', kitId = '' } = useParams();
  const id = Number(kitId);
  if (!surveyTypeFromSlug(type) || !Number.isSafeInteger(id) || id <= 0) {
    return (
      <>
        <h1>{SURVEY_TEXTS.title}</h1>
        <Alert tone="error">{SURVEY_TEXTS.unknownSurvey}</Alert>
        <Link to="/surveys">{SURVEY_TEXTS.backToList}</Link>
      </>
    );
  }
  // A new kit or questionnaire starts afresh from the server's answers.
  return <LoadedSurvey key={`${id}/${type}`} kitId={id} slug={type} />;
}

function LoadedSurvey({ kitId, slug }: { kitId: number; slug: string }) {
  const definition = useSurveyDefinition(slug);
  const answers = useSurveyAnswers(kitId, slug);
  const { userId, actorId } = useSession();
  // Once both are in, the form keeps its own copy; a later refetch neither replaces nor hides it.
  if (definition.data && answers.data && userId)
    return (
      <SurveyForm
        kitId={kitId}
        slug={slug}
        userId={userId}
        readOnly={actorId !== null}
        definition={definition.data}
        initial={answers.data.questionResultsMap}
        initialProgress={answers.data.progress}
      />
    );
  const error = definition.error ?? answers.error;
  if (!error) return <Loading />;
  // A refusal (not this person's kit, not activated yet) says why; anything else just failed.
  const detail =
    error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : null;
  return (
    <>
      <h1>{SURVEY_TEXTS.title}</h1>
      <SupportFailure title={SURVEY_TEXTS.loadFailed} detail={detail} />
      <Link to="/surveys">{SURVEY_TEXTS.backToList}</Link>
    </>
  );
}
