import { type ConsentAnswered, RECRUITMENT_MESSAGES, THANKS_DELAY_MS } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type ConsentAddress, useRecruitmentConsent, useValidateCandidate } from '../api.ts';
import { ConsentDocument } from '../components/consent-document.tsx';
import { ConsentForm } from '../components/consent-form.tsx';
import { ConsentHtmlText } from '../components/consent-html-text.tsx';
import { RECRUITMENT_TEXTS } from '../recruitment-texts.ts';

/** Set when the previous consent of the chain was just answered, so that this one says it was saved. */
type ConsentLocationState = { saved?: boolean } | null;

/** The emailed link `/recruitment/:recruitmentId/candidate/:candidateId/consent/:consentId`: one consent of a chain. */
export function ConsentPage() {
  const { recruitmentId = '', candidateId = '', consentId = '' } = useParams();
  const saved = Boolean((useLocation().state as ConsentLocationState)?.saved);
  const token = useSearchParams()[0].get('token');
  // The link of an expression of interest's email carries a token: it validates the email first.
  if (token !== null)
    return <ValidateEmail address={{ recruitmentId, candidateId, consentId }} token={token} />;
  // A new consent of the chain starts afresh: its own form, answer and timer.
  return (
    <ConsentStep
      key={`${recruitmentId}/${candidateId}/${consentId}`}
      address={{ recruitmentId, candidateId, consentId }}
      previousSaved={saved}
    />
  );
}

/** Sends the emailed token, then shows the consent at its plain address (the token leaves the URL). */
function ValidateEmail({ address, token }: { address: ConsentAddress; token: string }) {
  const validation = useValidateCandidate(address, token);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const validated = validation.isSuccess;

  useEffect(() => {
    if (validated) navigate(pathname, { replace: true });
  }, [validated, navigate, pathname]);

  if (!validation.isError) return <Loading />;
  const invalid = validation.error instanceof ApiError && validation.error.status === 400;
  return (
    <div className="recruitment-card">
      <h1>Research consent</h1>
      <Alert tone="error">{invalid ? RECRUITMENT_MESSAGES.missingToken : validation.error.message}</Alert>
    </div>
  );
}

function ConsentStep({ address, previousSaved }: { address: ConsentAddress; previousSaved: boolean }) {
  const consent = useRecruitmentConsent(address);
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [answered, setAnswered] = useState<ConsentAnswered | null>(null);
  const [terminated, setTerminated] = useState(false);
  const [showThanks, setShowThanks] = useState(false);
  const title = consent.data?.title;

  // The control that moved the candidate on is gone with the last page; the new heading takes focus.
  useEffect(() => {
    if ((previousSaved && title) || showThanks) headingRef.current?.focus();
  }, [previousSaved, title, showThanks]);

  // Research §4: after the last consent the thank-you follows after a moment.
  useEffect(() => {
    if (!answered || answered.nextConsentId !== null) return;
    const timer = setTimeout(() => setShowThanks(true), THANKS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [answered]);

  function onAnswered(result: ConsentAnswered) {
    setAnswered(result);
    if (result.nextConsentId === null) return;
    const state: ConsentLocationState = { saved: true };
    navigate(
      `/recruitment/${address.recruitmentId}/candidate/${address.candidateId}/consent/${result.nextConsentId}`,
      { state },
    );
  }

  if (consent.isPending) return <Loading />;
  if (consent.isError) {
    const unknown = consent.error instanceof ApiError && [400, 404].includes(consent.error.status);
    return (
      <div className="recruitment-card">
        <h1>Research consent</h1>
        <Alert tone="error">{unknown ? RECRUITMENT_MESSAGES.notFound : consent.error.message}</Alert>
      </div>
    );
  }
  if (showThanks) {
    return (
      <div className="recruitment-card">
        <h1 ref={headingRef} tabIndex={-1}>
          {RECRUITMENT_TEXTS.thanksHeading}
        </h1>
        <Alert tone="success">
          <ConsentHtmlText
            html={answered?.thanksResponse ?? consent.data.thanksResponse ?? RECRUITMENT_TEXTS.defaultThanks}
          />
        </Alert>
      </div>
    );
  }
  return (
    <div className="recruitment-card">
      {/* Once this consent is answered, its own form says so; one success message at a time. */}
      {previousSaved && !answered ? <Alert tone="success">{RECRUITMENT_MESSAGES.saved}</Alert> : null}
      <h1 ref={headingRef} tabIndex={-1}>
        <ConsentHtmlText html={consent.data.title} />
      </h1>
      {consent.data.isTerminated || terminated ? (
        <Alert tone="info">{RECRUITMENT_MESSAGES.terminated}</Alert>
      ) : (
        <>
          <ConsentDocument consent={consent.data} />
          <ConsentForm
            address={address}
            consent={consent.data}
            onAnswered={onAnswered}
            onTerminated={() => setTerminated(true)}
          />
        </>
      )}
    </div>
  );
}
