import {
  LAB_FAILURES,
  RECEIPT_CONDITION_LABELS,
  RECEIPT_CONDITIONS,
  type ReceiptCondition,
  type ReceiveResult,
  storagePlace,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
import { staffKitsKeys } from '../api.ts';
import { changedAt } from '../components/kit-table.tsx';
import { ScanStation } from '../components/scan-station.tsx';
import { receiveSample, useQuarantine, useQuarantineDecision } from '../receipt-api.ts';

/**
 * LAB: scan each sample as it arrives, with its receipt (issue 34 item 11): the tube's condition, the
 * collection date (empty: the person's Day of sampling answer), and where it is stored. It is marked
 * RECEIVED_BY_LAB (the owner is emailed). A tube not intact goes into quarantine, listed below until a
 * LAB member releases it back to the lab steps or fails it. A refusal says why, and nothing changes.
 */

type Details = {
  condition: ReceiptCondition;
  collectionDate: string;
  freezer: string;
  box: string;
  position: string;
  quarantine: boolean;
};

/** The next position in a 10 × 10 box, row by row (A1 … A10, B1 …); null after J10. */
export function nextPosition(position: string): string | null {
  const match = /^([A-J])(10|[1-9])$/i.exec(position.trim());
  if (!match) return null;
  const row = (match[1] ?? 'A').toUpperCase();
  const column = Number(match[2]);
  if (column < 10) return `${row}${column + 1}`;
  return row === 'J' ? null : `${String.fromCharCode(row.charCodeAt(0) + 1)}1`;
}

const conditionWord = (condition: ReceiptCondition) => RECEIPT_CONDITION_LABELS[condition].toLowerCase();

/** The sentence for a sample received: what was recorded, in plain words. */
export function describeReceipt(kit: ReceiveResult): string {
  const r = kit.receipt;
  const transit =
    r.transitDays === null ? '' : `, ${r.transitDays} day${r.transitDays === 1 ? '' : 's'} in transit`;
  const held = r.quarantine === 'OPEN' ? ' In quarantine: release it or fail it below.' : '';
  return `${kit.label}: sample ${kit.sampleIdentifier} received, ${conditionWord(r.condition)}${transit}, stored at ${storagePlace(r)}.${held}`;
}

export function ReceivePage() {
  const id = useId();
  const queryClient = useQueryClient();
  const [details, setDetails] = useState<Details>({
    condition: 'INTACT',
    collectionDate: '',
    freezer: '',
    box: '',
    position: 'A1',
    quarantine: false,
  });
  // The fields as they are now, read when a code is scanned (a scan is sent after the fields change).
  const current = useRef(details);
  current.current = details;
  const set = (change: Partial<Details>) => setDetails((d) => ({ ...d, ...change }));
  const notIntact = details.condition !== 'INTACT';

  return (
    <>
      <h1>Receive samples</h1>
      <section className="staff-panel" aria-labelledby={`${id}-details`}>
        <h2 id={`${id}-details`}>Receipt details</h2>
        <p className="field-hint">
          Set these before you scan the tube. The freezer and box stay for the next tube; the position moves
          on to the next one after each sample received.
        </p>
        <div className="staff-form-row">
          <div className="field">
            <label htmlFor={`${id}-condition`}>Condition of the tube</label>
            <select
              id={`${id}-condition`}
              value={details.condition}
              onChange={(e) => set({ condition: e.target.value as ReceiptCondition })}
            >
              {RECEIPT_CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {RECEIPT_CONDITION_LABELS[c]}
                </option>
              ))}
            </select>
          </div>
          <Field
            label="Collection date"
            hint="YYYY-MM-DD, from the tube’s label. Leave empty to use the date the person gave in their Day of sampling questionnaire."
            value={details.collectionDate}
            onChange={(e) => set({ collectionDate: e.target.value })}
            inputMode="numeric"
            autoComplete="off"
          />
          <Field
            label="Freezer"
            hint="As printed on it, like F1."
            value={details.freezer}
            onChange={(e) => set({ freezer: e.target.value })}
            autoComplete="off"
            required
          />
          <Field
            label="Box"
            hint="As printed on it, like B12."
            value={details.box}
            onChange={(e) => set({ box: e.target.value })}
            autoComplete="off"
            required
          />
          <Field
            label="Position in the box"
            hint="Row A–J and column 1–10, like A1."
            value={details.position}
            onChange={(e) => set({ position: e.target.value })}
            autoComplete="off"
            required
          />
        </div>
        <div className="field">
          <label className="choice">
            <input
              type="checkbox"
              checked={notIntact || details.quarantine}
              disabled={notIntact}
              onChange={(e) => set({ quarantine: e.target.checked })}
              aria-describedby={`${id}-quarantine-hint`}
            />{' '}
            Put this tube in quarantine
          </label>
          <p id={`${id}-quarantine-hint`} className="field-hint">
            {notIntact
              ? 'A tube that is not intact always goes into quarantine: it waits there for your decision.'
              : 'The sample waits for your decision before any lab step; the person’s portal says only that it was received.'}
          </p>
        </div>
      </section>
      <ScanStation<ReceiveResult, Details>
        label="Sample received"
        hint="Scan the sample tube’s barcode or type its sample id or kit id, then press Enter."
        capture={() => current.current}
        onScan={(code, d) =>
          receiveSample({
            code,
            condition: d.condition,
            ...(d.collectionDate.trim() ? { collectionDate: d.collectionDate.trim() } : {}),
            freezer: d.freezer,
            box: d.box,
            position: d.position,
            ...(d.quarantine ? { quarantine: true } : {}),
          })
        }
        describe={describeReceipt}
        onSettled={(entry) => {
          if (entry.state !== 'done' || !entry.kit) return;
          // The quarantine list and the kit's pages read again.
          void queryClient.invalidateQueries({ queryKey: staffKitsKeys.all });
          const used = (entry.kit as ReceiveResult).receipt.position;
          // The tube's own details go back to the usual; the place moves on to the next position.
          setDetails((d) => ({
            ...d,
            condition: 'INTACT',
            collectionDate: '',
            quarantine: false,
            position:
              d.position.trim().toUpperCase() === used ? (nextPosition(used) ?? d.position) : d.position,
          }));
        }}
      />
      <QuarantinePanel />
    </>
  );
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : CLIENT_MESSAGES.unexpected;

/** The samples in quarantine, each released back to the lab steps or failed with a reason. */
function QuarantinePanel() {
  const id = useId();
  const list = useQuarantine();
  const decide = useQuarantineDecision();
  const [failing, setFailing] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<(typeof LAB_FAILURES)[number]>('FAILED_TUBE_NOT_INTACT');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const release = async (code: string, label: string) => {
    setOutcome(null);
    try {
      await decide.mutateAsync({ code, decision: 'RELEASE' });
      setOutcome({ tone: 'success', text: `${label} released from quarantine: the lab steps take it now.` });
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error) });
    }
  };
  const fail = async (code: string, label: string) => {
    setOutcome(null);
    try {
      const kit = await decide.mutateAsync({ code, decision: 'FAIL', failure, note });
      setFailing(null);
      setNote('');
      setOutcome({
        tone: 'success',
        text: `${label} failed as ${kit.sampleStatus}: the owner is told by email that the sample could not be analysed.`,
      });
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error) });
    }
  };

  const items = list.data?.items ?? [];
  return (
    <section className="staff-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>In quarantine</h2>
      <p className="field-hint">
        A quarantined sample is not failed: it stays “received by lab” for the person, and no lab step takes
        it until you release it or fail it.
      </p>
      <div role="status" aria-live="polite">
        {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      </div>
      {list.error ? <Alert tone="error">{list.error.message}</Alert> : null}
      {list.data && items.length === 0 ? <p>No sample is in quarantine.</p> : null}
      {items.length > 0 ? (
        <StaffTable
          caption="Samples in quarantine, oldest first"
          columns={['Kit', 'Sample', 'Condition', 'Received', 'Stored at', { hidden: 'Decision' }]}
        >
          {items.map(({ kit, receipt }) => (
            <tr key={kit.id}>
              <td>
                <Link to={`/staff/kits/${kit.id}`}>{kit.label}</Link>
              </td>
              <td className="mono">{kit.sampleIdentifier}</td>
              <td>{RECEIPT_CONDITION_LABELS[receipt.condition]}</td>
              <td>{changedAt(receipt.receivedAt)}</td>
              <td>{storagePlace(receipt)}</td>
              <td>
                <Button
                  variant="secondary"
                  disabled={decide.isPending}
                  onClick={() => release(kit.sampleIdentifier, kit.label)}
                >
                  Release {kit.label}
                </Button>{' '}
                <Button
                  variant="secondary"
                  aria-expanded={failing === kit.sampleIdentifier}
                  onClick={() =>
                    setFailing((f) => (f === kit.sampleIdentifier ? null : kit.sampleIdentifier))
                  }
                >
                  Fail {kit.label}…
                </Button>
                {failing === kit.sampleIdentifier ? (
                  <form
                    className="quarantine-fail"
                    onSubmit={(e) => {
                      e.preventDefault();
                      void fail(kit.sampleIdentifier, kit.label);
                    }}
                  >
                    <div className="field">
                      <label htmlFor={`${id}-failure-${kit.id}`}>Failure</label>
                      <select
                        id={`${id}-failure-${kit.id}`}
                        value={failure}
                        onChange={(e) => setFailure(e.target.value as (typeof LAB_FAILURES)[number])}
                      >
                        {LAB_FAILURES.map((f) => (
                          <option key={f}>{f}</option>
                        ))}
                      </select>
                    </div>
                    <Field
                      label="Reason for the failure"
                      hint="Kept on the kit’s page and in the audit log."
                      value={note}
                      onChange={(e) => setNote(e.target.value)}
                      required
                    />
                    <Button type="submit" disabled={decide.isPending}>
                      Fail the sample
                    </Button>
                  </form>
                ) : null}
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
    </section>
  );
}
