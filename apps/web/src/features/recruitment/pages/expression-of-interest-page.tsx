import { RECRUITMENT_MESSAGES } from '@portal/domain';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useStudy } from '../api.ts';
import { InterestForm } from '../components/interest-form.tsx';
import { RECRUITMENT_TEXTS } from '../recruitment-texts.ts';

const STUDY_ID = /^[1-9]\d{0,9}$/;

/** The public link `/recruitment/:recruitmentId/expression-of-interest`: someone registers interest in a study. */
export function ExpressionOfInterestPage() {
  const { recruitmentId = '' } = useParams();
  const valid = STUDY_ID.test(recruitmentId);
  const study = useStudy(recruitmentId, valid);

  if (!valid) return <StudyUnavailable message={RECRUITMENT_TEXTS.studyNotFound} />;
  if (study.isPending) return <Loading />;
  if (study.isError) {
    const unknown = study.error instanceof ApiError && study.error.status === 404;
    return <StudyUnavailable message={unknown ? RECRUITMENT_TEXTS.studyNotFound : study.error.message} />;
  }
  return (
    <div className="auth-card">
      <h1>{RECRUITMENT_TEXTS.eoiHeading(study.data.title)}</h1>
      {study.data.isTerminated ? (
        <Alert tone="info">{RECRUITMENT_MESSAGES.terminated}</Alert>
      ) : (
        <>
          <p>{RECRUITMENT_TEXTS.eoiIntro}</p>
          <InterestForm recruitmentId={study.data.id} />
        </>
      )}
    </div>
  );
}

function StudyUnavailable({ message }: { message: string }) {
  return (
    <div className="auth-card">
      <h1>{RECRUITMENT_TEXTS.eoiFormLabel}</h1>
      <Alert tone="error">{message}</Alert>
    </div>
  );
}
