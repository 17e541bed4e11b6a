import { FileSpreadsheet, Printer } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
import { type DocumentKind, printDispatchDocuments, printManifest, useDispatchBatches } from '../api.ts';

type Printable = DocumentKind | 'manifest-pdf' | 'manifest-csv';
const LABELS: Record<Printable, string> = {
  slip: 'Packing slips',
  label: 'Address labels',
  tube: 'Tube labels',
  'manifest-pdf': 'Manifest (PDF)',
  'manifest-csv': 'Manifest (CSV)',
};

/** Every day's dispatch batch, newest first, each printed again on demand (issue 34). */
export function DispatchBatchesPage() {
  const batches = useDispatchBatches();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const print = async (day: string, ids: number[], what: Printable) => {
    setBusy(`${day}:${what}`);
    setError(null);
    try {
      if (what === 'manifest-pdf') await printManifest(day, 'pdf');
      else if (what === 'manifest-csv') await printManifest(day, 'csv');
      else await printDispatchDocuments(what, ids);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : CLIENT_MESSAGES.unexpected);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <h1>Dispatch batches</h1>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {batches.isPending ? <p>Loading the batches…</p> : null}
      {batches.isError ? <Alert tone="error">{batches.error.message}</Alert> : null}
      {batches.data && batches.data.batches.length === 0 ? <p>No kit has been dispatched yet.</p> : null}
      {batches.data && batches.data.batches.length > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        <section className="staff-table-wrap" aria-label="Dispatch batches" tabIndex={0}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Kits</th>
                <th scope="col">Pack-verified</th>
                <th scope="col">Print again</th>
              </tr>
            </thead>
            <tbody>
              {batches.data.batches.map((batch) => (
                <tr key={batch.day}>
                  <th scope="row">{batch.day}</th>
                  <td>{batch.kits}</td>
                  <td>
                    {batch.verified} of {batch.kits}
                  </td>
                  <td>
                    <div className="staff-row-actions">
                      {(Object.keys(LABELS) as Printable[]).map((what) => (
                        <Button
                          key={what}
                          variant="secondary"
                          icon={what === 'manifest-csv' ? FileSpreadsheet : Printer}
                          busy={busy === `${batch.day}:${what}`}
                          aria-label={`${LABELS[what]} of ${batch.day}`}
                          onClick={() => print(batch.day, batch.kitIds, what)}
                        >
                          {LABELS[what]}
                        </Button>
                      ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
