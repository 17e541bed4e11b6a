import {
  CONSENT_ACTOR_TEXT,
  CONSENT_ANSWER_TEXT,
  CONSENT_LEDGER_TEXTS,
  CONSENT_PAGE_TEXT,
  MY_CONSENTS_TEXTS,
  type MyConsent,
  RESEARCH_USE_TEXT,
} from '@portal/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useMyConsents, useWithdrawConsent } from '../my-choices-api.ts';
import { CompareVersions, DocumentVersionDialog } from './document-version.tsx';

const T = MY_CONSENTS_TEXTS;
const L = CONSENT_LEDGER_TEXTS;

/**
 * One consent: what holds now, every answer before it, and the way to withdraw it. An article, not a
 * region: the data-usage question above is the region of that name (axe landmark-unique, issue 33).
 */
function ConsentHistory({ consent, onWithdraw }: { consent: MyConsent; onWithdraw: (() => void) | null }) {
  const headingId = useId();
  const [reading, setReading] = useState<string | null>(null);
  return (
    <article className="my-consent" aria-labelledby={headingId}>
      <h3 id={headingId}>{consent.title}</h3>
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">{T.tableCaption(consent.title)}</caption>
          <thead>
            <tr>
              <th scope="col">Answer</th>
              <th scope="col">Document version</th>
              <th scope="col">When</th>
              <th scope="col">{L.who}</th>
              <th scope="col">{L.page}</th>
            </tr>
          </thead>
          <tbody>
            {consent.history.map((entry) => (
              <tr key={`${entry.at}-${entry.answer}`}>
                <td>{CONSENT_ANSWER_TEXT[entry.answer]}</td>
                <td>
                  <Button variant="link" onClick={() => setReading(entry.version)}>
                    {L.openVersion(entry.version)}
                  </Button>
                </td>
                <td>
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </td>
                <td>{CONSENT_ACTOR_TEXT[entry.actor]}</td>
                <td>{entry.page ? CONSENT_PAGE_TEXT[entry.page] : L.pageUnknown}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {consent.versions.length > 1 ? (
        <>
          <ul className="document-versions">
            {consent.versions.map((v) => (
              <li key={v.version}>
                <Button variant="link" onClick={() => setReading(v.version)}>
                  {L.openVersion(v.version)}
                </Button>
                {v.summary ? ` · ${L.whatChanged}: ${v.summary}` : null}
              </li>
            ))}
          </ul>
          <CompareVersions consentId={consent.consentId} versions={consent.versions} />
        </>
      ) : null}
      <DocumentVersionDialog
        consentId={consent.consentId}
        title={consent.title}
        version={reading}
        onClose={() => setReading(null)}
      />
      {consent.withdrawable && onWithdraw ? (
        <div className="form-actions">
          <Button variant="secondary" onClick={onWithdraw}>
            {T.withdraw}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/**
 * "Your consents" on My Profile (issue 23): every consent the person gave or refused, newest answer
 * first, with the document's version and the time; consent given can be withdrawn after a confirmation.
 */
export function ConsentsSection() {
  const headingId = useId();
  const consents = useMyConsents();
  const withdraw = useWithdrawConsent();
  // A support view changes nothing (design.md §6): it is not offered a withdrawal the server would refuse.
  const { actorId } = useSession();
  const [asking, setAsking] = useState<MyConsent | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function confirm() {
    if (!asking) return;
    try {
      await withdraw.mutateAsync(asking.consentId);
      setDone(T.withdrawn(asking.title));
      setAsking(null);
    } catch {
      // The dialog shows the server's reason and stays open.
    }
  }

  return (
    <section id="your-consents" className="card profile-section my-consents" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.title}</h2>
      <p>{T.intro}</p>
      {consents.data ? (
        <p className="research-use">
          <strong>{L.researchUseTitle}: </strong>
          {RESEARCH_USE_TEXT[consents.data.researchUse]}{' '}
          {consents.data.researchUse === 'PAUSED' && !actorId ? (
            <Link to="/re-consent">{L.reviewNow}</Link>
          ) : null}
        </p>
      ) : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
      {consents.data ? (
        consents.data.consents.length === 0 ? (
          <p>{T.empty}</p>
        ) : (
          consents.data.consents.map((consent) => (
            <ConsentHistory
              key={consent.consentId}
              consent={consent}
              onWithdraw={
                actorId
                  ? null
                  : () => {
                      withdraw.reset();
                      setDone(null);
                      setAsking(consent);
                    }
              }
            />
          ))
        )
      ) : consents.isError ? (
        <Alert tone="error">{T.loadFailed}</Alert>
      ) : (
        <Loading />
      )}
      <Modal
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={T.confirmTitle(asking?.title ?? '')}
      >
        <p>{T.confirmText}</p>
        {withdraw.isError ? <Alert tone="error">{errorText(withdraw.error)}</Alert> : null}
        <div className="form-actions">
          <Button busy={withdraw.isPending} onClick={confirm}>
            {T.confirm}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(null)}>
            {T.cancel}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
