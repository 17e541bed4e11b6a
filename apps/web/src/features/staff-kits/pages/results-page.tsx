import { RESULTS_QC_MESSAGES, STAFF_BATCH_MAX } from '@portal/domain';
import { FileUp } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAwaitingRelease, useRelease, useRetract, useReview } from '../api.ts';
import { changedAt } from '../components/kit-table.tsx';
import { type UploadItem, useResultsUpload } from '../use-results-upload.ts';

const fixed = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toFixed(3);

/**
 * LAB: upload many MetaPhlAn profiles at once (files named by sample id, or one merged table), see each
 * sample's scores or why it is refused before anything is stored, store the accepted ones (one
 * transaction per sample, with a progress bar), then release them to their owners.
 */
export function ResultsPage() {
  const id = useId();
  const upload = useResultsUpload();
  const { items, phase, done, total } = upload;
  const accepted = items.filter((it) => it.preview && !it.refusal && !it.stored).length;
  const refused = items.filter((it) => it.refusal).length;
  const stored = items.filter((it) => it.stored).length;
  const busy = phase === 'reading' || phase === 'previewing' || phase === 'storing';
  return (
    <>
      <h1>Results</h1>
      <section className="staff-panel" aria-labelledby={`${id}-upload`}>
        <h2 id={`${id}-upload`}>Upload profiles</h2>
        <div className="field">
          <label htmlFor={`${id}-files`}>MetaPhlAn profiles</label>
          <p id={`${id}-hint`} className="field-hint">
            Files named by sample id (like MB2K7QX9PD.txt or MB2K7QX9PD_metaphlan.txt), or one table merged
            with merge_metaphlan_tables.py. Nothing is stored until you confirm.
          </p>
          <input
            id={`${id}-files`}
            type="file"
            multiple
            accept=".txt,.tsv,.csv,text/plain,text/tab-separated-values,text/csv"
            aria-describedby={`${id}-hint`}
            disabled={busy}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              if (files.length) void upload.choose(files);
            }}
          />
        </div>
        {busy ? (
          <ProgressBar
            label={phase === 'storing' ? 'Storing results' : 'Checking profiles'}
            value={done}
            max={Math.max(total, 1)}
            valueText={`${done} of ${total}`}
            showValue
          />
        ) : null}
        <p role="status" className="results-status">
          {statusText(phase, { done, total, accepted, refused, stored })}
        </p>
        {upload.error ? <Alert tone="error">{upload.error}</Alert> : null}
        {items.length > 0 ? <PreviewTable items={items} /> : null}
        {phase === 'previewed' && accepted > 0 ? (
          <Button icon={FileUp} onClick={() => void upload.store()}>
            Store {accepted} result{accepted === 1 ? '' : 's'}
          </Button>
        ) : null}
      </section>
      <ReleasePanel />
      <RetractPanel />
    </>
  );
}

function statusText(
  phase: string,
  n: { done: number; total: number; accepted: number; refused: number; stored: number },
): string {
  if (phase === 'reading') return 'Reading the files…';
  if (phase === 'previewing') return `Checked ${n.done} of ${n.total} profiles…`;
  if (phase === 'previewed')
    return `Preview: ${n.accepted} ready to store, ${n.refused} refused. Nothing has been stored yet.`;
  if (phase === 'storing') return `Stored ${n.done} of ${n.total}…`;
  if (phase === 'stored') return `${n.stored} stored, ${n.refused} refused. Release them below.`;
  return '';
}

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${value.toFixed(1)} %`;

/** What the checks flag about a profile that is not a refusal: a copy of another sample's profile. */
function flagsOf(it: UploadItem): string {
  const copy = it.preview?.qc?.duplicateOf ?? it.copyOf;
  return copy ? `Copy of ${copy}: it will be held` : 'None';
}

function PreviewTable({ items }: { items: UploadItem[] }) {
  return (
    <StaffTable
      className="results-preview"
      caption="Each sample of the upload: its QC and scores, or why it is refused"
      columns={[
        'Sample',
        'File',
        'Sample id in the file',
        'Database',
        'Reads',
        'Unknown',
        'Richness',
        'Shannon',
        'GMWI2',
        'GMHI',
        'Flags',
        'Result',
      ]}
    >
      {items.map((it) => {
        const scores = it.preview?.scores;
        const qc = it.preview?.qc;
        return (
          <tr key={it.key} className={it.refusal ? 'results-refused' : undefined}>
            <th scope="row" className="mono">
              {it.sampleIdentifier ?? '—'}
            </th>
            <td>{it.fileName}</td>
            <td className="mono">{qc ? (qc.fileSampleId ?? 'not named') : '—'}</td>
            <td>{scores?.database ?? qc?.database ?? '—'}</td>
            <td>{qc?.reads === null || qc?.reads === undefined ? '—' : qc.reads.toLocaleString('en-AU')}</td>
            <td>{percent(qc?.unknownPercent)}</td>
            <td>{scores ? scores.richness : '—'}</td>
            <td>{fixed(scores?.shannon)}</td>
            <td>{fixed(scores?.gmwi2)}</td>
            <td>{fixed(scores?.gmhi)}</td>
            <td>{flagsOf(it)}</td>
            <td>
              {it.refusal
                ? `Refused: ${it.refusal}`
                : it.stored
                  ? 'Stored'
                  : it.preview
                    ? 'Ready'
                    : 'Checking…'}
            </td>
          </tr>
        );
      })}
    </StaffTable>
  );
}

const outcomeOf = (error: unknown) => {
  const fields = error instanceof ApiError ? Object.values(error.fields ?? {}) : [];
  return [error instanceof Error ? error.message : String(error), ...fields].join(' ');
};

/**
 * Stored results not yet released, with their sign-off: a second LAB member approves each (four eyes:
 * not the one who stored it), anyone may hold one with a reason, and the release takes only approved ones.
 */
function ReleasePanel() {
  const id = useId();
  const waiting = useAwaitingRelease();
  const release = useRelease();
  const review = useReview();
  const [outcome, setOutcome] = useState('');
  const [note, setNote] = useState('');
  const items = waiting.data?.items ?? [];
  // A sample its run holds (a control missing or failed) is not offered for release.
  const approved = items
    .filter((it) => it.qcState === 'APPROVED' && !it.runHold)
    .map((it) => it.sampleIdentifier);
  const decide = async (sample: string, decision: 'APPROVE' | 'HOLD') => {
    setOutcome('');
    try {
      await review.mutateAsync({ samples: [sample], decision, ...(decision === 'HOLD' ? { note } : {}) });
      setOutcome(decision === 'APPROVE' ? `${sample} approved.` : `${sample} held.`);
    } catch (error) {
      setOutcome(outcomeOf(error));
    }
  };
  // The whole approved list, or one sample (a result a person waits for, released on its own).
  const submit = async (samples: string[]) => {
    setOutcome('');
    try {
      const result = await release.mutateAsync(samples.slice(0, STAFF_BATCH_MAX));
      setOutcome(`${result.released.length} result${result.released.length === 1 ? '' : 's'} released.`);
    } catch (error) {
      setOutcome(outcomeOf(error));
    }
  };
  return (
    <section className="staff-panel" aria-labelledby="release-title">
      <h2 id="release-title">Waiting for release</h2>
      {waiting.isPending ? <Loading /> : null}
      {waiting.error ? <Alert tone="error">{waiting.error.message}</Alert> : null}
      {waiting.data ? (
        waiting.data.total === 0 ? (
          <p>No stored results are waiting.</p>
        ) : (
          <>
            <p>
              {waiting.data.total} result{waiting.data.total === 1 ? '' : 's'} stored and not yet released
              {waiting.data.total > items.length ? ` (the oldest ${items.length} shown)` : ''}. Another LAB
              member than the one who stored a result approves it; only approved results are released.
            </p>
            <div className="field">
              <label htmlFor={`${id}-note`}>Reason for a hold</label>
              <input
                id={`${id}-note`}
                type="text"
                maxLength={500}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
            <StaffTable
              className="release-list"
              caption="Stored results and their sign-off"
              columns={['Sample', 'Kit', 'Owner', 'Stored', 'QC', 'Sign-off']}
            >
              {items.map((it) => (
                <tr key={it.kitId}>
                  <th scope="row" className="mono">
                    {it.sampleIdentifier}
                  </th>
                  <td>KIT-{it.kitId}</td>
                  <td>{it.owner ?? 'no owner'}</td>
                  <td>
                    {changedAt(it.importedAt)} by {it.storedByYou ? 'you' : (it.storedBy ?? 'unknown')}
                    {it.amendment > 0 ? ` · amendment ${it.amendment}` : ''}
                  </td>
                  <td>
                    {it.qcState}
                    {it.qcNote ? `: ${it.qcNote}` : ''}
                    {it.approvedBy ? ` (by ${it.approvedBy})` : ''}
                    {it.runHold ? <span className="lab-batch-problem">{it.runHold}</span> : null}
                  </td>
                  <td>
                    <div className="staff-row-actions">
                      {it.qcState !== 'APPROVED' ? (
                        <Button
                          variant="secondary"
                          aria-label={`Approve ${it.sampleIdentifier}`}
                          disabled={it.storedByYou || review.isPending}
                          onClick={() => void decide(it.sampleIdentifier, 'APPROVE')}
                        >
                          Approve
                        </Button>
                      ) : null}
                      {it.qcState === 'APPROVED' && !it.runHold ? (
                        <Button
                          variant="secondary"
                          aria-label={`Release ${it.sampleIdentifier}`}
                          disabled={release.isPending}
                          onClick={() => void submit([it.sampleIdentifier])}
                        >
                          Release
                        </Button>
                      ) : null}
                      {it.qcState !== 'HELD' ? (
                        <Button
                          variant="secondary"
                          aria-label={`Hold ${it.sampleIdentifier}`}
                          disabled={review.isPending}
                          onClick={() => void decide(it.sampleIdentifier, 'HOLD')}
                        >
                          Hold
                        </Button>
                      ) : null}
                    </div>
                    {it.storedByYou && it.qcState !== 'APPROVED' ? (
                      <p className="field-hint">You stored it: another LAB member approves it.</p>
                    ) : null}
                  </td>
                </tr>
              ))}
            </StaffTable>
            <Button
              onClick={() => void submit(approved)}
              busy={release.isPending}
              disabled={approved.length === 0}
            >
              Release {approved.length} approved result{approved.length === 1 ? '' : 's'}
            </Button>
          </>
        )
      ) : null}
      <p role="status" className="release-outcome">
        {outcome}
      </p>
    </section>
  );
}

/** Retract a released report: its owner no longer sees it and is told; the correction is uploaded above. */
function RetractPanel() {
  const id = useId();
  const retract = useRetract();
  const [sample, setSample] = useState('');
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    try {
      const result = await retract.mutateAsync({ sample, reason });
      setOutcome({ ok: true, text: RESULTS_QC_MESSAGES.retracted(result.sample) });
      setSample('');
      setReason('');
    } catch (error) {
      setOutcome({ ok: false, text: outcomeOf(error) });
    }
  };
  return (
    <section className="staff-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Retract a released report</h2>
      <form onSubmit={submit} aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={`${id}-sample`}>Sample id</label>
          <input
            id={`${id}-sample`}
            type="text"
            className="mono"
            autoComplete="off"
            value={sample}
            onChange={(e) => setSample(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason (kept in the audit log)</label>
          <input
            id={`${id}-reason`}
            type="text"
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" busy={retract.isPending}>
          Retract the report
        </Button>
      </form>
      {outcome ? <Alert tone={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert> : null}
    </section>
  );
}
