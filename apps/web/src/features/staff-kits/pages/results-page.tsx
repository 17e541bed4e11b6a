import { STAFF_BATCH_MAX } from '@portal/domain';
import { FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAwaitingRelease, useRelease } from '../api.ts';
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

function PreviewTable({ items }: { items: UploadItem[] }) {
  return (
    <StaffTable
      className="results-preview"
      caption="Each sample of the upload: its scores, or why it is refused"
      columns={['Sample', 'File', 'Database', 'Richness', 'Shannon', 'GMWI2', 'GMHI', 'Result']}
    >
      {items.map((it) => {
        const scores = it.preview?.scores;
        return (
          <tr key={it.key} className={it.refusal ? 'results-refused' : undefined}>
            <th scope="row" className="mono">
              {it.sampleIdentifier ?? '—'}
            </th>
            <td>{it.fileName}</td>
            <td>{scores?.database ?? '—'}</td>
            <td>{scores ? scores.richness : '—'}</td>
            <td>{fixed(scores?.shannon)}</td>
            <td>{fixed(scores?.gmwi2)}</td>
            <td>{fixed(scores?.gmhi)}</td>
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

/** Stored results not yet released: release them all, their owners are emailed. */
function ReleasePanel() {
  const waiting = useAwaitingRelease();
  const release = useRelease();
  const [outcome, setOutcome] = useState('');
  const samples = waiting.data?.items.map((it) => it.sampleIdentifier) ?? [];
  const submit = async () => {
    setOutcome('');
    try {
      const result = await release.mutateAsync(samples.slice(0, STAFF_BATCH_MAX));
      setOutcome(`${result.released.length} result${result.released.length === 1 ? '' : 's'} released.`);
    } catch (error) {
      const fields = error instanceof ApiError ? Object.values(error.fields ?? {}) : [];
      setOutcome([error instanceof Error ? error.message : String(error), ...fields].join(' '));
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
              {waiting.data.total > samples.length ? ` (the oldest ${samples.length} shown)` : ''}.
            </p>
            <ul className="release-list">
              {waiting.data.items.map((it) => (
                <li key={it.kitId}>
                  <span className="mono">{it.sampleIdentifier}</span> · KIT-{it.kitId} ·{' '}
                  {it.owner ?? 'no owner'} · stored {changedAt(it.importedAt)}
                </li>
              ))}
            </ul>
            <Button onClick={submit} busy={release.isPending}>
              Release {samples.length} result{samples.length === 1 ? '' : 's'}
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
