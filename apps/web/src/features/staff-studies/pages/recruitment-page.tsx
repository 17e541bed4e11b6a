import { type StaffRecruitmentConsent, staffConsentInputSchema } from '@portal/domain';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CandidatesPanel } from '../components/candidates-panel.tsx';
import {
  type ConsentDraft,
  ConsentEditor,
  type ConsentErrors,
  consentErrors,
  EMPTY_CONSENT,
} from '../components/consent-editor.tsx';
import { FunnelPanel } from '../components/funnel-panel.tsx';
import { MailoutPanel } from '../components/mailout-panel.tsx';
import { useRecruitment, useSaveConsent } from '../recruitments-api.ts';

const draftOf = (c: StaffRecruitmentConsent): ConsentDraft => ({
  title: c.title,
  htmlContent: c.htmlContent,
  agreeLabel: c.agreeLabel,
  disagreeLabel: c.disagreeLabel,
  url: c.url ?? '',
  thanksResponse: c.thanksResponse ?? '',
});

/** Edits one consent (consentId) or adds one at the end of the chain (null), then closes. */
function ConsentChange({
  recruitmentId,
  consentId,
  label,
  initial,
  version,
  onDone,
}: {
  recruitmentId: number;
  consentId: number | null;
  label: string;
  initial: ConsentDraft;
  /** The version the draft came from (none for a new consent). */
  version?: number;
  onDone: () => void;
}) {
  const save = useSaveConsent(recruitmentId);
  const [draft, setDraft] = useState(initial);
  // After a refused save (409: changed in another window) the reread consent replaces the draft.
  const [loaded, setLoaded] = useState(version);
  const stale = save.error instanceof ApiError && save.error.status === 409;
  useEffect(() => {
    if (!stale || version === loaded) return;
    setDraft(initial);
    setLoaded(version);
  }, [stale, version, loaded, initial]);
  const [errors, setErrors] = useState<ConsentErrors>({});
  const submit = () => {
    const parsed = staffConsentInputSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(consentErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { consentId, body: loaded === undefined ? draft : { ...draft, version: loaded } },
      { onSuccess: onDone },
    );
  };
  return (
    <div className="staff-panel">
      {save.error ? <Alert tone="error">{save.error.message}</Alert> : null}
      <ConsentEditor label={label} value={draft} errors={errors} onChange={setDraft} />
      <div className="form-actions">
        <Button busy={save.isPending} onClick={submit}>
          Save {consentId === null ? 'the new consent' : 'the consent'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** STUDY: a recruitment's consent chain (edit a consent nobody answered, add one) and its candidates. */
export function RecruitmentPage() {
  const id = Number(useParams().recruitmentId);
  const recruitment = useRecruitment(id);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  if (recruitment.isPending) return <Loading />;
  if (recruitment.error) return <Alert tone="error">{recruitment.error.message}</Alert>;
  const r = recruitment.data;
  return (
    <>
      <p>
        <Link to="/staff/recruitments">All recruitments</Link>
      </p>
      <h1>{r.title}</h1>
      <p>
        Recruitment {r.id} · {r.candidates} candidates, {r.unsubscribed} unsubscribed
        {r.terminated ? ' · ended' : ''}
      </p>
      <section className="staff-panel" aria-labelledby="chain">
        <h2 id="chain">Consent chain</h2>
        <ol className="staff-chain">
          {r.chain.map((consent, index) => (
            <li key={consent.id}>
              {editing === consent.id ? (
                <ConsentChange
                  recruitmentId={r.id}
                  consentId={consent.id}
                  label={`Consent ${index + 1}`}
                  initial={draftOf(consent)}
                  version={consent.version}
                  onDone={() => setEditing(null)}
                />
              ) : (
                <article aria-label={`Consent ${index + 1}`}>
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API with the consent allow-list */}
                  <h3 dangerouslySetInnerHTML={{ __html: consent.title }} />
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API with the consent allow-list */}
                  <div className="consent-html" dangerouslySetInnerHTML={{ __html: consent.htmlContent }} />
                  <p className="staff-note">
                    Options: {consent.agreeLabel} / {consent.disagreeLabel}
                    {consent.url ? ` · PDF ${consent.url}` : ''} · {consent.responses} answered
                  </p>
                  {consent.responses > 0 ? (
                    <p className="staff-note">Candidates have answered it, so its words stay as they are.</p>
                  ) : (
                    <Button
                      variant="secondary"
                      disabled={editing !== null}
                      onClick={() => setEditing(consent.id)}
                    >
                      Edit consent {index + 1}
                    </Button>
                  )}
                </article>
              )}
            </li>
          ))}
        </ol>
        {editing === 'new' ? (
          <ConsentChange
            recruitmentId={r.id}
            consentId={null}
            label={`Consent ${r.chain.length + 1}`}
            initial={EMPTY_CONSENT}
            onDone={() => setEditing(null)}
          />
        ) : (
          <Button variant="secondary" disabled={editing !== null} onClick={() => setEditing('new')}>
            Add a consent at the end
          </Button>
        )}
      </section>
      <FunnelPanel recruitmentId={r.id} />
      <CandidatesPanel recruitmentId={r.id} />
      <MailoutPanel audience={{ kind: 'RECRUITMENT', id: r.id }} />
    </>
  );
}
