import { useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, Printer } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
import {
  type DocumentKind,
  dispatchKit,
  portalToday,
  printDispatchDocuments,
  printManifest,
  staffKitsKeys,
  useDispatchBatch,
  verifyPack,
} from '../api.ts';
import { ScanStation } from '../components/scan-station.tsx';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : CLIENT_MESSAGES.unexpected;

type Printable = DocumentKind | 'manifest-pdf' | 'manifest-csv';

/**
 * LOGISTICS: scan or type each kit as it is packed; it is marked DISPATCHED_BY_LAB (the owner is
 * emailed) and joins today's dispatch batch, kept on the server: leaving the page loses nothing, and
 * the batch's slips, labels and manifest print again from here or from "Dispatch batches". After every
 * action (a print included) the focus goes back to the scan field, so the next scan is never lost.
 */
export function DispatchPage() {
  const day = portalToday();
  const batch = useDispatchBatch(day);
  const client = useQueryClient();
  const scanField = useRef<HTMLInputElement>(null);
  const [printing, setPrinting] = useState<Printable | null>(null);
  const [error, setError] = useState<string | null>(null);
  const kits = batch.data?.kits ?? [];
  const ids = kits.map((k) => k.id);
  const backToScan = () => scanField.current?.focus();

  const reread = () => client.invalidateQueries({ queryKey: staffKitsKeys.batches });

  const print = async (what: Printable) => {
    setPrinting(what);
    setError(null);
    try {
      if (what === 'manifest-pdf') await printManifest(day, 'pdf');
      else if (what === 'manifest-csv') await printManifest(day, 'csv');
      else await printDispatchDocuments(what, ids);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setPrinting(null);
      backToScan();
    }
  };

  const printButton = (what: Printable, text: string, secondary = true) => (
    <Button
      icon={what === 'manifest-csv' ? FileSpreadsheet : Printer}
      variant={secondary ? 'secondary' : 'primary'}
      disabled={ids.length === 0}
      busy={printing === what}
      onClick={() => print(what)}
    >
      {text}
    </Button>
  );

  return (
    <>
      <h1>Dispatch</h1>
      <ScanStation
        label="Kit to dispatch"
        hint="Scan the kit’s barcode (on its address label or tube) or type its kit id, sample id or voucher, then press Enter."
        onScan={dispatchKit}
        describe={(kit) => `${kit.label} dispatched`}
        onSettled={() => void reread()}
        inputRef={scanField}
      />
      <section className="staff-panel" aria-labelledby="print-title">
        <h2 id="print-title">Today’s batch ({day})</h2>
        <p>
          {kits.length === 0
            ? 'The kits you dispatch today are kept here: print a packing slip, an address label and a tube label for each, and the day’s manifest.'
            : `${kits.length} kit${kits.length === 1 ? '' : 's'} dispatched today: ${kits.map((k) => k.label).join(', ')}.`}
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="staff-row-actions">
          {printButton('slip', 'Print packing slips', false)}
          {printButton('label', 'Print address labels')}
          {printButton('tube', 'Print tube labels')}
          {printButton('manifest-pdf', 'Print manifest (PDF)')}
          {printButton('manifest-csv', 'Download manifest (CSV)')}
        </div>
        <p>
          <Link to="/staff/dispatch-batches">Dispatch batches</Link>: every day’s batch, to print again.
        </p>
      </section>
      <PackVerification onDone={() => void reread()} />
    </>
  );
}

/** Pack verification: the slip's barcode, then the kit's; a mismatch is refused with what to do. */
function PackVerification({ onDone }: { onDone: () => void }) {
  const id = useId();
  const slipField = useRef<HTMLInputElement>(null);
  const kitField = useRef<HTMLInputElement>(null);
  const [slip, setSlip] = useState('');
  const [kit, setKit] = useState('');
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!slip.trim()) {
      slipField.current?.focus();
      return;
    }
    if (!kit.trim()) {
      // The slip is scanned: the kit's barcode next.
      kitField.current?.focus();
      return;
    }
    const pair = { slip: slip.trim(), kit: kit.trim() };
    setSlip('');
    setKit('');
    slipField.current?.focus();
    try {
      const done = await verifyPack(pair.slip, pair.kit);
      setResult({ tone: 'success', text: `${done.label}: slip and kit match. Packing verified.` });
      onDone();
    } catch (error) {
      setResult({ tone: 'error', text: messageOf(error) });
    }
    slipField.current?.focus();
  };

  return (
    <section className="staff-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Verify a packed kit</h2>
      <form className="scan-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-slip`}>Packing slip barcode</label>
          <input
            ref={slipField}
            id={`${id}-slip`}
            className="scan-input"
            value={slip}
            onChange={(e) => setSlip(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-kit`}>Kit barcode (address label or tube)</label>
          <input
            ref={kitField}
            id={`${id}-kit`}
            className="scan-input"
            value={kit}
            onChange={(e) => setKit(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <Button type="submit">Verify</Button>
      </form>
      <div aria-live="assertive" aria-atomic="true" data-testid="pack-result">
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      </div>
    </section>
  );
}
