import { CONSENT_REJECT_REASON_MAX, type PersonPage } from '@portal/domain';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { consentFormUrl, useReviewConsent } from '../api.ts';

/** The minor's form waiting for review, shown inline, with Approve, or Decline and the reason. */
export function ConsentReview({ person }: { person: PersonPage }) {
  const id = person.profile.id;
  const pending = person.consents.forms.find((form) => form.reviewedAt === null);
  const review = useReviewConsent(id);
  const [url, setUrl] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');

  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!pending && !review.isSuccess) return null;

  const show = () => {
    setLoadError(null);
    consentFormUrl(id).then(setUrl, (error: Error) => setLoadError(error.message));
  };
  const reasonError = review.error instanceof ApiError ? review.error.fields?.reason : undefined;

  return (
    <section className="staff-panel" aria-labelledby="consent-review-title">
      <h2 id="consent-review-title">Parental consent form to review</h2>
      {review.isSuccess ? (
        <Alert tone="success">
          {review.data.parentConsented
            ? 'Approved, and the family emailed.'
            : 'Declined: the family is emailed the reason and asked for a new form; My Profile shows the reason.'}
        </Alert>
      ) : null}
      {review.isSuccess ? null : url ? (
        <iframe className="consent-form-frame" src={url} title="Uploaded parental consent form" />
      ) : (
        <Button variant="secondary" onClick={show}>
          Show the form
        </Button>
      )}
      {loadError ? <Alert tone="error">{loadError}</Alert> : null}
      {review.error && !reasonError ? <Alert tone="error">{review.error.message}</Alert> : null}
      {review.isSuccess ? null : (
        <div className="form-actions">
          <Button busy={review.isPending} onClick={() => review.mutate({ approve: true })}>
            Approve
          </Button>
          <Button variant="secondary" aria-expanded={declining} onClick={() => setDeclining(!declining)}>
            Decline…
          </Button>
        </div>
      )}
      {declining && !review.isSuccess ? (
        <form
          className="staff-form"
          aria-label="Decline the form"
          onSubmit={(event) => {
            event.preventDefault();
            review.mutate({ approve: false, reason });
          }}
        >
          <div className="field">
            <label htmlFor="decline-reason">Reason for declining</label>
            <textarea
              id="decline-reason"
              maxLength={CONSENT_REJECT_REASON_MAX}
              value={reason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'decline-reason-error' : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
            <FieldError id="decline-reason-error">{reasonError}</FieldError>
          </div>
          <Button type="submit" busy={review.isPending}>
            Decline the form
          </Button>
        </form>
      ) : null}
    </section>
  );
}
