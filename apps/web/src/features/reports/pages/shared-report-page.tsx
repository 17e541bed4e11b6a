import type { SharedPayload } from '@portal/domain';
import type { BuildReport } from '@portal/domain/report';
import { type FormEvent, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { AtAGlance } from '../components/at-a-glance.tsx';
import { CompositionSection } from '../components/composition-section.tsx';
import { DiversitySection } from '../components/diversity-section.tsx';
import { HowCalculated } from '../components/how-calculated.tsx';
import { IndicesSection } from '../components/indices-section.tsx';
import { NotableTaxa } from '../components/notable-taxa.tsx';
import { ProtocolSection } from '../components/protocol-section.tsx';
import { formatDisplayDate } from '../report-format.ts';
import { notableTaxaOf } from '../report-taxa.ts';
import { REPORT_TEXTS } from '../report-texts.ts';
import { openSharedLink, sharedLink } from '../share-api.ts';
import { decryptShare, savePdf } from '../share-decrypt.ts';
import { SHARE_TEXTS as T } from '../share-texts.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'gone'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'pin'; error: string | null; busy: boolean }
  | { kind: 'open'; payload: SharedPayload };

const isGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 410);

function SharedReport({ entry }: { entry: SharedPayload['reports'][number] }) {
  const report = entry.report as BuildReport;
  const label = REPORT_TEXTS.reportHeading(entry.name, formatDisplayDate(entry.displayDate));
  return (
    <section className="report-body shared-report">
      <h2 className="report-heading">{label}</h2>
      <p className="report-meta">{REPORT_TEXTS.sampleLine(entry.sampleIdentifier, report.version)}</p>
      <div className="form-actions">
        <Button
          variant="secondary"
          onClick={() => savePdf(entry.pdf, `report-${entry.sampleIdentifier}.pdf`)}
        >
          {T.downloadPdf(label)}
        </Button>
      </div>
      <AtAGlance summary={report.summary} />
      <DiversitySection report={report} />
      <IndicesSection report={report} />
      <CompositionSection report={report} bars={[{ label, entries: report.composition.phylum }]} />
      <NotableTaxa taxa={notableTaxaOf(report)} />
      <HowCalculated report={report} />
      <ProtocolSection report={report} />
    </section>
  );
}

/**
 * /share/:id#key, the practitioner's read-only view: no account. The key after `#` never reaches the
 * server; the page fetches the ciphertext (with the PIN when the link has one) and opens it here.
 */
export function SharedReportPage() {
  const { id = '' } = useParams();
  const [key] = useState(() => window.location.hash.slice(1));
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [pin, setPin] = useState('');

  async function open(withPin: string | undefined) {
    try {
      const { payload } = await openSharedLink(id, withPin);
      try {
        setState({ kind: 'open', payload: await decryptShare(payload, key) });
      } catch {
        setState({ kind: 'error', message: T.undecryptable });
      }
    } catch (error) {
      if (isGone(error)) setState({ kind: 'gone', message: (error as Error).message });
      else if (withPin !== undefined && error instanceof ApiError && error.status === 403)
        setState({ kind: 'pin', error: error.message, busy: false });
      else setState({ kind: 'error', message: (error as Error).message });
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is read once, when the page opens.
  useEffect(() => {
    if (!key) {
      setState({ kind: 'error', message: T.incomplete });
      return;
    }
    sharedLink(id).then(
      (link) => {
        if (link.lockedUntil) setState({ kind: 'error', message: T.locked });
        else if (link.needsPin) setState({ kind: 'pin', error: null, busy: false });
        else void open(undefined);
      },
      (error: unknown) =>
        setState(
          isGone(error)
            ? { kind: 'gone', message: (error as Error).message }
            : { kind: 'error', message: (error as Error).message },
        ),
    );
  }, [id]);

  function submitPin(event: FormEvent) {
    event.preventDefault();
    setState({ kind: 'pin', error: null, busy: true });
    void open(pin.trim());
  }

  if (state.kind === 'loading') return <Loading />;
  if (state.kind === 'gone')
    return (
      <div className="shared-page">
        <h1>{T.goneTitle}</h1>
        <Alert tone="error">{state.message}</Alert>
        <p>{T.goneAdvice}</p>
      </div>
    );
  if (state.kind === 'error')
    return (
      <div className="shared-page">
        <h1>{T.viewTitle}</h1>
        <Alert tone="error">{state.message}</Alert>
      </div>
    );
  if (state.kind === 'pin')
    return (
      <div className="shared-page">
        <h1>{T.viewTitle}</h1>
        <form className="shared-pin-form" onSubmit={submitPin} noValidate>
          <p>{T.pinPrompt}</p>
          <Field
            label={T.pinField}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={pin}
            onChange={(event) => setPin(event.target.value)}
            error={state.error ?? undefined}
          />
          <div className="form-actions">
            <Button type="submit" busy={state.busy} busyLabel={T.opening}>
              {T.openLink}
            </Button>
          </div>
        </form>
      </div>
    );
  const { payload } = state;
  return (
    <div className="shared-page shared-page-open">
      <h1>{T.viewTitle}</h1>
      <p>{T.sharedBy(payload.person, formatDisplayDate(payload.expiresAt.slice(0, 10)))}</p>
      {payload.reports.map((entry) => (
        <SharedReport key={entry.sampleIdentifier} entry={entry} />
      ))}
    </div>
  );
}
