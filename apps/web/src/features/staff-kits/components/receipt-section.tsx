import { RECEIPT_CONDITION_LABELS, type SampleReceipt, storagePlace } from '@portal/domain';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { useKitReceipt } from '../receipt-api.ts';
import { changedAt } from './kit-table.tsx';

/** The kit page's receipt at the lab (issue 34 item 11): what the lab recorded when the sample arrived. */

const QUARANTINE_WORDS: Record<NonNullable<SampleReceipt['quarantine']>, string> = {
  OPEN: 'In quarantine, waiting for the lab’s decision',
  RELEASED: 'Released from quarantine',
  FAILED: 'Failed from quarantine',
};

const source = (r: SampleReceipt) =>
  r.collectionDateSource === 'QUESTIONNAIRE'
    ? ' (from the Day of sampling questionnaire)'
    : r.collectionDateSource === 'ENTERED'
      ? ' (entered at receipt)'
      : '';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children ?? '—'}</dd>
    </>
  );
}

export function ReceiptSection({ kitId }: { kitId: number }) {
  const receipt = useKitReceipt(kitId);
  const r = receipt.data?.receipt;
  return (
    <section className="staff-panel" aria-labelledby="kit-receipt">
      <h2 id="kit-receipt">Receipt at the lab</h2>
      {receipt.error ? <Alert tone="error">{receipt.error.message}</Alert> : null}
      {receipt.data && !r ? <p>The sample has not been received yet.</p> : null}
      {r ? (
        <dl className="staff-facts">
          <Fact term="Received">{`${changedAt(r.receivedAt)}${r.receivedBy ? ` by ${r.receivedBy}` : ''}`}</Fact>
          <Fact term="Condition">{RECEIPT_CONDITION_LABELS[r.condition]}</Fact>
          <Fact term="Collected">{r.collectionDate ? `${r.collectionDate}${source(r)}` : null}</Fact>
          <Fact term="In transit">
            {r.transitDays === null ? null : `${r.transitDays} day${r.transitDays === 1 ? '' : 's'}`}
          </Fact>
          <Fact term="Stored at">{storagePlace(r)}</Fact>
          {r.quarantine ? (
            <Fact term="Quarantine">
              {QUARANTINE_WORDS[r.quarantine]}
              {r.decidedBy ? ` (by ${r.decidedBy}${r.decisionNote ? `: ${r.decisionNote}` : ''})` : ''}
            </Fact>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}
