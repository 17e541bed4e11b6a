import { CONSENT_LEDGER_TEXTS, type DocumentVersionInfo, type VersionComparison } from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { useDocumentVersion, useVersionComparison } from '../my-choices-api.ts';

const T = CONSENT_LEDGER_TEXTS;

/** A text as its paragraphs (a blank line between them). */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text, never reordered.
          <p key={i}>{p}</p>
        ))}
    </>
  );
}

/** One version of a document in a dialog: its text, effective date and what changed. */
export function DocumentVersionDialog({
  consentId,
  title,
  version,
  onClose,
}: {
  consentId: number;
  title: string;
  version: string | null;
  onClose: () => void;
}) {
  const read = useDocumentVersion(consentId, version);
  return (
    <Modal
      open={version !== null}
      onClose={onClose}
      title={T.versionTitle(title, version ?? '')}
      informational
    >
      {read.data ? (
        <div className="document-version">
          {read.data.effectiveDate ? <p>{T.effective(formatDate(read.data.effectiveDate))}</p> : null}
          {read.data.summary ? (
            <>
              <h3>{T.whatChanged}</h3>
              <p>{read.data.summary}</p>
            </>
          ) : null}
          <div className="document-text">
            <Paragraphs text={read.data.text} />
          </div>
        </div>
      ) : read.isError ? (
        <Alert tone="error">{errorText(read.error)}</Alert>
      ) : (
        <Loading />
      )}
    </Modal>
  );
}

/** The two texts side by side: removed words marked in the older, added words in the newer. */
function SideBySide({ comparison }: { comparison: VersionComparison }) {
  return (
    <figure className="version-compare">
      <figcaption className="visually-hidden">{T.compareCaption(comparison.from, comparison.to)}</figcaption>
      <div className="version-compare-column">
        <h4>{comparison.from}</h4>
        <p className="version-compare-text">
          {comparison.parts.map((part, i) =>
            part.change === 'ADDED' ? null : part.change === 'REMOVED' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one comparison, in order.
              <del key={i}>
                <span className="visually-hidden">[{T.removed}: </span>
                {part.text}
                <span className="visually-hidden">]</span>
              </del>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one comparison, in order.
              <span key={i}>{part.text}</span>
            ),
          )}
        </p>
      </div>
      <div className="version-compare-column">
        <h4>{comparison.to}</h4>
        <p className="version-compare-text">
          {comparison.parts.map((part, i) =>
            part.change === 'REMOVED' ? null : part.change === 'ADDED' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one comparison, in order.
              <ins key={i}>
                <span className="visually-hidden">[{T.added}: </span>
                {part.text}
                <span className="visually-hidden">]</span>
              </ins>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one comparison, in order.
              <span key={i}>{part.text}</span>
            ),
          )}
        </p>
      </div>
    </figure>
  );
}

/** Choose two versions of a document and see them side by side. */
export function CompareVersions({
  consentId,
  versions,
}: {
  consentId: number;
  versions: DocumentVersionInfo[];
}) {
  const id = useId();
  const last = versions.length - 1;
  const [from, setFrom] = useState(versions[Math.max(0, last - 1)]?.version ?? '');
  const [to, setTo] = useState(versions[last]?.version ?? '');
  const [pair, setPair] = useState<{ from: string; to: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const compared = useVersionComparison(consentId, pair);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (from === to) {
      setProblem(T.compareSame);
      setPair(null);
      return;
    }
    setProblem(null);
    setPair({ from, to });
  }

  const options = versions.map((v) => (
    <option key={v.version} value={v.version}>
      {v.version}
    </option>
  ));
  return (
    <form className="compare-versions" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{T.compareTitle}</h4>
      <div className="compare-versions-fields">
        <div className="field">
          <label htmlFor={`${id}-from`}>{T.compareFrom}</label>
          <select id={`${id}-from`} value={from} onChange={(e) => setFrom(e.target.value)}>
            {options}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{T.compareTo}</label>
          <select id={`${id}-to`} value={to} onChange={(e) => setTo(e.target.value)}>
            {options}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          {T.compare}
        </Button>
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {pair ? (
        compared.data ? (
          <SideBySide comparison={compared.data} />
        ) : compared.isError ? (
          <Alert tone="error">{errorText(compared.error)}</Alert>
        ) : (
          <Loading />
        )
      ) : null}
    </form>
  );
}
