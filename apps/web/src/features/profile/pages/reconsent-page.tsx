import { CONSENT_LEDGER_TEXTS, type ReconsentItem } from '@portal/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { Paragraphs } from '../components/document-version.tsx';
import { useAnswerConsent, useReconsent } from '../my-choices-api.ts';

const T = CONSENT_LEDGER_TEXTS;

/** One changed document: what changed first, then the full text, then the answer. */
function ReconsentDocument({
  item,
  onAnswered,
}: {
  item: ReconsentItem;
  onAnswered: (text: string) => void;
}) {
  const headingId = useId();
  const answer = useAnswerConsent('RE_CONSENT');
  const { actorId } = useSession();
  async function give(consented: boolean) {
    try {
      await answer.mutateAsync({ consentId: item.consentId, consented });
      onAnswered(consented ? T.reconsentAgreed(item.title) : T.reconsentDeclined(item.title));
    } catch {
      // The error is shown below the buttons; nothing changed.
    }
  }
  return (
    <section className="card reconsent-item" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.versionTitle(item.title, item.version)}</h2>
      {item.effectiveDate ? <p>{T.effective(formatDate(item.effectiveDate))}</p> : null}
      <div className="reconsent-changes">
        <h3>{T.whatChanged}</h3>
        <ul>
          {item.changes.map((change) => (
            <li key={change.version}>
              <strong>{change.version}: </strong>
              {change.summary}
            </li>
          ))}
        </ul>
      </div>
      <details>
        <summary>{T.readFullText}</summary>
        <div className="document-text">
          <Paragraphs text={item.text} />
        </div>
      </details>
      {answer.isError ? <Alert tone="error">{errorText(answer.error)}</Alert> : null}
      <div className="form-actions">
        <Button busy={answer.isPending} disabled={!!actorId} onClick={() => give(true)}>
          {item.agreeLabel}
        </Button>
        <Button variant="secondary" disabled={!!actorId || answer.isPending} onClick={() => give(false)}>
          {item.disagreeLabel}
        </Button>
      </div>
    </section>
  );
}

/**
 * Agreeing again after a material change (issue 36 item 2), shown at sign-in: each changed document
 * with what changed first. "Decide later" leaves the portal working; only the research use waits.
 */
export function ReconsentPage() {
  const reconsent = useReconsent();
  const [done, setDone] = useState<string[]>([]);
  const pending = reconsent.data?.pending ?? [];
  return (
    <>
      <h1>{T.reconsentTitle}</h1>
      {done.map((text) => (
        <Alert key={text} tone="success">
          {text}
        </Alert>
      ))}
      {reconsent.data ? (
        pending.length === 0 ? (
          <>
            <p>{T.allDone}</p>
            <Link to="/dashboard">{T.continue}</Link>
          </>
        ) : (
          <>
            <p>{T.reconsentIntro}</p>
            {pending.map((item) => (
              <ReconsentDocument
                key={`${item.consentId}-${item.version}`}
                item={item}
                onAnswered={(text) => setDone((list) => [...list, text])}
              />
            ))}
            <p>
              <Link to="/dashboard">{T.reconsentLater}</Link>
            </p>
          </>
        )
      ) : reconsent.isError ? (
        <Alert tone="error">{errorText(reconsent.error)}</Alert>
      ) : (
        <Loading />
      )}
    </>
  );
}
