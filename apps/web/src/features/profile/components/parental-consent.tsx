import { CONSENT_FILE_MAX_BYTES, CONSENT_MESSAGES, PARENTAL_CONSENT_TEXTS, withBrand } from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config.ts';
import {
  useEmailConsentForm,
  useParentalConsentStatus,
  useRefreshCurrentUser,
  useUploadConsentForm,
} from '../api.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ALLOWED_TYPES = ['application/pdf', 'image/png', 'image/jpeg'];

type Props = { skipped: boolean; onSkip: () => void };

/** Consumer §4 "Under-age consent": email, download or upload the signed parental consent form. */
export function ParentalConsent({ skipped, onSkip }: Props) {
  const { brandName } = useConfig();
  const headingId = useId();
  const fileId = useId();
  const emailForm = useEmailConsentForm();
  const upload = useUploadConsentForm();
  const refreshUser = useRefreshCurrentUser();
  const status = useParentalConsentStatus();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [uploadMessage, setUploadMessage] = useState<{ tone: 'error' | 'success'; text: string }>();

  function sendEmail(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    const problem = !value
      ? CONSENT_MESSAGES.parentEmailRequired
      : EMAIL.test(value)
        ? undefined
        : CONSENT_MESSAGES.parentEmailInvalid;
    setEmailError(problem);
    if (!problem) emailForm.mutate(value);
  }

  function sendFile() {
    if (!file) return;
    if (file.size >= CONSENT_FILE_MAX_BYTES) {
      setUploadMessage({ tone: 'error', text: CONSENT_MESSAGES.fileTooLarge });
      return;
    }
    if (file.type && !ALLOWED_TYPES.includes(file.type)) {
      setUploadMessage({ tone: 'error', text: CONSENT_MESSAGES.wrongFileType });
      return;
    }
    setUploadMessage(undefined);
    upload.mutate(file, {
      onSuccess: () => {
        setUploadMessage({ tone: 'success', text: CONSENT_MESSAGES.uploadSuccess });
        void refreshUser();
      },
      onError: (error) => {
        const underway = error instanceof ApiError && error.message === CONSENT_MESSAGES.requestUnderway;
        setUploadMessage({
          tone: 'error',
          text: underway
            ? CONSENT_MESSAGES.requestUnderway
            : withBrand(CONSENT_MESSAGES.uploadFailure, brandName),
        });
      },
    });
  }

  return (
    <section className="card profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Parental consent</h2>
      <p>A parent or guardian needs to sign the consent form before results can be shown.</p>
      {status.data?.state === 'DECLINED' ? (
        <Alert tone="warning">
          <p>{PARENTAL_CONSENT_TEXTS.declined}</p>
          <p className="consent-decline-reason">“{status.data.declineReason}”</p>
          <p>{PARENTAL_CONSENT_TEXTS.declinedNext}</p>
        </Alert>
      ) : status.data?.state === 'PENDING' && !uploadMessage ? (
        <Alert tone="info">{PARENTAL_CONSENT_TEXTS.pending}</Alert>
      ) : null}
      <form onSubmit={sendEmail} noValidate aria-label="Email the consent form">
        <Field
          label="Parent or guardian email"
          type="email"
          autoComplete="off"
          value={email}
          error={emailError}
          onChange={(event) => setEmail(event.target.value)}
        />
        {emailForm.isSuccess ? <Alert tone="success">{CONSENT_MESSAGES.emailSent}</Alert> : null}
        {emailForm.error ? <Alert tone="error">{emailForm.error.message}</Alert> : null}
        <Button type="submit" variant="secondary" busy={emailForm.isPending}>
          Email the form
        </Button>
      </form>
      <p>
        <a href="/api/parental-consent/form.pdf" download>
          Download the consent form
        </a>
      </p>
      <div className="field">
        <label htmlFor={fileId}>Upload the signed form (PDF, PNG or JPEG, less than 1MB)</label>
        <input
          id={fileId}
          type="file"
          accept="application/pdf,image/png,image/jpeg"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setUploadMessage(undefined);
          }}
        />
      </div>
      {uploadMessage ? <Alert tone={uploadMessage.tone}>{uploadMessage.text}</Alert> : null}
      <div className="form-actions">
        <Button variant="secondary" onClick={sendFile} disabled={!file} busy={upload.isPending}>
          Upload the form
        </Button>
        <Button variant="link" onClick={onSkip} aria-pressed={skipped}>
          Skip for now
        </Button>
      </div>
    </section>
  );
}
