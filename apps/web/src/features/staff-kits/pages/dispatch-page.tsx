import { Printer } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { dispatchKit, printDispatchDocuments } from '../api.ts';
import { type ScanEntry, ScanStation } from '../components/scan-station.tsx';

type Kind = 'slip' | 'label';

/**
 * LOGISTICS: scan or type each kit as it is packed; it is marked DISPATCHED_BY_LAB (the owner is
 * emailed). The kits dispatched here are kept for printing their packing slips and address labels.
 */
export function DispatchPage() {
  const [dispatched, setDispatched] = useState<{ id: number; label: string }[]>([]);
  const [printing, setPrinting] = useState<Kind | null>(null);
  const [error, setError] = useState<string | null>(null);

  const keep = (entry: ScanEntry) => {
    const kit = entry.kit;
    if (entry.state === 'done' && kit)
      setDispatched((all) =>
        all.some((k) => k.id === kit.id) ? all : [...all, { id: kit.id, label: kit.label }],
      );
  };

  const print = async (kind: Kind) => {
    setPrinting(kind);
    setError(null);
    try {
      await printDispatchDocuments(
        kind,
        dispatched.map((k) => k.id),
      );
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setPrinting(null);
    }
  };

  return (
    <>
      <h1>Dispatch</h1>
      <ScanStation
        label="Kit to dispatch"
        hint="Scan the kit’s barcode or type its kit id, sample id or voucher, then press Enter."
        onScan={dispatchKit}
        describe={(kit) => `${kit.label} dispatched`}
        onSettled={keep}
      />
      <section className="staff-panel" aria-labelledby="print-title">
        <h2 id="print-title">Print</h2>
        <p>
          {dispatched.length === 0
            ? 'The kits you dispatch here can be printed: a packing slip and an address label each.'
            : `${dispatched.length} kit${dispatched.length === 1 ? '' : 's'} dispatched: ${dispatched.map((k) => k.label).join(', ')}.`}
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="staff-row-actions">
          <Button
            icon={Printer}
            disabled={dispatched.length === 0}
            busy={printing === 'slip'}
            onClick={() => print('slip')}
          >
            Print packing slips
          </Button>
          <Button
            icon={Printer}
            variant="secondary"
            disabled={dispatched.length === 0}
            busy={printing === 'label'}
            onClick={() => print('label')}
          >
            Print address labels
          </Button>
        </div>
      </section>
    </>
  );
}
