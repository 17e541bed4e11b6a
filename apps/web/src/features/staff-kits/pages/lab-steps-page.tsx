import {
  isLabFailure,
  LAB_STEPS,
  type LabTarget,
  RECEIPT_MESSAGES,
  SAMPLE_STATUSES,
  type StaffKitRow,
  type StaffKitSearch,
  stepRefusal,
  withBrand,
} from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config.ts';
import { lookUpKit, useKitSearch, useLabStep } from '../api.ts';
import { KitStatuses, KitTable } from '../components/kit-table.tsx';
import { LabTargetOptions } from '../components/lab-target-options.tsx';
import { type ScanEntry, ScanRefusal, ScanStation } from '../components/scan-station.tsx';
import { kitRange, plateByName, useUndoMove } from '../lab-runs-api.ts';
import { inQuarantine } from '../receipt-api.ts';

type NotAdded = { label: string; refusal: string };

/** The sample statuses a batch is picked from: at the lab, before its results. */
const AT_A_STEP: string[] = ['RECEIVED_BY_LAB', 'READY_FOR_ACCESSIONING', ...LAB_STEPS, 'COMPLETED'];

/**
 * LAB: a batch of samples to the next lab step, or to a failure with its reason. Kits join the batch by
 * scan or by ticking them in the list of samples at a step. Each kit is checked against the state
 * machines as it joins (the same check the server makes); the server moves all or none.
 */
export function LabStepsPage() {
  const id = useId();
  const { brandName } = useConfig();
  const [target, setTarget] = useState<LabTarget>('ACCESSIONING');
  const [reason, setReason] = useState('');
  const [batch, setBatch] = useState<StaffKitRow[]>([]);
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState('');
  const [listAt, setListAt] = useState('RECEIVED_BY_LAB');
  const listed = useKitSearch({
    sampleStatus: listAt as StaffKitSearch['sampleStatus'],
    sort: 'oldest',
    limit: 200,
  });
  const move = useLabStep();
  const listedKits = listed.data?.pages.flatMap((p) => p.items) ?? [];

  const inBatch = (kit: StaffKitRow) => batch.some((k) => k.id === kit.id);
  const add = (kit: StaffKitRow) =>
    setBatch((all) => (all.some((k) => k.id === kit.id) ? all : [...all, kit]));
  const remove = (kit: StaffKitRow) => setBatch((all) => all.filter((k) => k.id !== kit.id));
  const problem = (kit: StaffKitRow) => {
    const refusal = refusals[kit.sampleIdentifier] ?? stepRefusal(kit, { sampleStatus: target });
    return refusal ? withBrand(refusal, brandName) : null;
  };
  const failure = isLabFailure(target);
  const blocked = batch.filter((kit) => problem(kit) !== null).length;
  const [notAdded, setNotAdded] = useState<NotAdded[]>([]);
  const [groupOutcome, setGroupOutcome] = useState('');
  const undo = useUndoMove();
  const [undoOutcome, setUndoOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  /**
   * Many kits at once (select all, a range, a plate): each is checked as a scan is; those that cannot
   * take the step are listed as not added, with the reason, and never join the batch (issue 34 item 9).
   */
  const addMany = async (kits: StaffKitRow[], source: string) => {
    const refused: NotAdded[] = [];
    const fits: StaffKitRow[] = [];
    for (const kit of kits) {
      const refusal = stepRefusal(kit, { sampleStatus: target });
      if (refusal) refused.push({ label: kit.label, refusal: withBrand(refusal, brandName) });
      // A sample in quarantine waits for its decision (issue 34 item 11), as at the scan.
      else if (kit.sampleStatus === 'RECEIVED_BY_LAB' && (await inQuarantine(kit.id)))
        refused.push({ label: kit.label, refusal: RECEIPT_MESSAGES.quarantined(kit.label) });
      else fits.push(kit);
    }
    setBatch((all) => [...all, ...fits.filter((k) => !all.some((a) => a.id === k.id))]);
    setNotAdded(refused);
    setGroupOutcome(
      `${source}: ${fits.length} kit${fits.length === 1 ? '' : 's'} added to the batch, ${refused.length} not added.`,
    );
  };
  const undoLast = async () => {
    setUndoOutcome(null);
    try {
      const undone = await undo.mutateAsync(undefined);
      setUndoOutcome({ ok: true, text: undone.message });
      setOutcome('');
    } catch (error) {
      setUndoOutcome({ ok: false, text: error instanceof ApiError ? error.message : String(error) });
    }
  };

  const submit = async () => {
    // A new move replaces the last undo's message (issue 34 item 19): never a stale one beside it.
    setOutcome('');
    setUndoOutcome(null);
    try {
      const result = await move.mutateAsync({
        codes: batch.map((k) => k.sampleIdentifier),
        sampleStatus: target,
        ...(failure ? { reason } : {}),
      });
      setBatch([]);
      setRefusals({});
      setReason('');
      setOutcome(`${result.moved.length} kit${result.moved.length === 1 ? '' : 's'} moved to ${target}.`);
    } catch (error) {
      if (error instanceof ApiError) {
        setRefusals(error.fields ?? {});
        setOutcome(error.fields?.reason ?? error.message);
      } else setOutcome(String(error));
    }
  };

  return (
    <>
      <h1>Lab steps</h1>
      <section className="staff-panel" aria-labelledby={`${id}-step`}>
        <h2 id={`${id}-step`}>Step</h2>
        <div className="staff-form-row">
          <div className="field">
            <label htmlFor={`${id}-target`}>Move the batch to</label>
            <select
              id={`${id}-target`}
              value={target}
              onChange={(e) => {
                setTarget(e.target.value as LabTarget);
                setRefusals({});
              }}
            >
              <LabTargetOptions />
            </select>
          </div>
          {failure ? (
            <Field
              label="Reason for the failure"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              hint="Kept on the kit’s page and in the audit log."
              required
            />
          ) : null}
        </div>
      </section>
      <ScanStation
        label="Add a sample to the batch"
        hint="Scan the sample tube or type its sample id or kit id, then press Enter."
        onScan={async (code) => {
          // A tube that cannot take the chosen step is refused at the scan, never announced as added
          // (issue 34 item 9): the same check the server makes.
          const kit = await lookUpKit(code);
          const refusal = stepRefusal(kit, { sampleStatus: target });
          if (refusal) throw new ScanRefusal(withBrand(refusal, brandName));
          // A sample in quarantine waits for its decision (issue 34 item 11): no step takes it.
          if (kit.sampleStatus === 'RECEIVED_BY_LAB' && (await inQuarantine(kit.id)))
            throw new ScanRefusal(RECEIPT_MESSAGES.quarantined(kit.label));
          return kit;
        }}
        describe={(kit) => `${kit.label} added to the batch (sample ${kit.sampleStatus ?? 'not labelled'})`}
        onSettled={(entry: ScanEntry) => (entry.kit ? add(entry.kit) : undefined)}
      />
      <section className="staff-panel" aria-labelledby={`${id}-batch`}>
        <h2 id={`${id}-batch`}>
          Batch: {batch.length} kit{batch.length === 1 ? '' : 's'}
        </h2>
        {batch.length > 0 ? (
          <ul className="lab-batch">
            {batch.map((kit) => (
              <li key={kit.id}>
                <strong>{kit.label}</strong> <span className="mono">{kit.sampleIdentifier}</span>{' '}
                <KitStatuses kit={kit} />
                {problem(kit) ? <span className="lab-batch-problem">{problem(kit)}</span> : null}{' '}
                <Button variant="link" onClick={() => remove(kit)}>
                  Remove {kit.label}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <p role="status" className="lab-outcome">
          {outcome}
        </p>
        {blocked > 0 ? (
          <Alert tone="warning">
            {blocked} kit{blocked === 1 ? '' : 's'} cannot move to {target}: remove{' '}
            {blocked === 1 ? 'it' : 'them'} first.
          </Alert>
        ) : null}
        <div className="staff-row-actions">
          <Button
            onClick={submit}
            busy={move.isPending}
            disabled={batch.length === 0 || blocked > 0 || (failure && reason.trim() === '')}
          >
            Move {batch.length} kit{batch.length === 1 ? '' : 's'} to {target}
          </Button>
          <Button variant="quiet" busy={undo.isPending} onClick={() => void undoLast()}>
            Undo my last move
          </Button>
        </div>
        {undoOutcome ? <Alert tone={undoOutcome.ok ? 'success' : 'error'}>{undoOutcome.text}</Alert> : null}
      </section>
      <RangeAndPlate add={addMany} />
      {groupOutcome ? (
        <section className="staff-panel" aria-labelledby={`${id}-many`}>
          <h2 id={`${id}-many`}>Added at once</h2>
          <p role="status">{groupOutcome}</p>
          {notAdded.length > 0 ? (
            <ul className="lab-batch" aria-label="Not added">
              {notAdded.map((n) => (
                <li key={n.label}>
                  <Badge tone="error">Not added</Badge> <strong>{n.label}</strong>{' '}
                  <span className="lab-batch-problem">{n.refusal}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <section className="staff-panel" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>Select from a step</h2>
        <div className="field">
          <label htmlFor={`${id}-at`}>Samples at</label>
          <select id={`${id}-at`} value={listAt} onChange={(e) => setListAt(e.target.value)}>
            {SAMPLE_STATUSES.filter((s) => AT_A_STEP.includes(s)).map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        {listed.error ? <Alert tone="error">{listed.error.message}</Alert> : null}
        {listedKits.length > 0 ? (
          <Button variant="secondary" onClick={() => void addMany(listedKits, `All samples at ${listAt}`)}>
            Select all samples at {listAt}
          </Button>
        ) : null}
        {listed.data ? (
          <KitTable
            kits={listed.data.pages.flatMap((p) => p.items)}
            caption={`Samples at ${listAt}, oldest first`}
            select={(kit) => (
              <input
                type="checkbox"
                aria-label={`Add ${kit.label} to the batch`}
                checked={inBatch(kit)}
                onChange={(e) => (e.target.checked ? add(kit) : remove(kit))}
              />
            )}
          />
        ) : null}
      </section>
    </>
  );
}

/** A range (first and last barcode) or a whole plate, by its barcode, into the batch. */
function RangeAndPlate({ add }: { add: (kits: StaffKitRow[], source: string) => Promise<void> }) {
  const id = useId();
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [plate, setPlate] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (event: FormEvent, work: () => Promise<void>) => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="staff-panel" aria-labelledby={`${id}-range`}>
      <h2 id={`${id}-range`}>Add a range or a plate</h2>
      <form
        className="staff-form-row"
        aria-label="Add a range"
        onSubmit={(e) =>
          void run(e, async () => {
            const { kits } = await kitRange(first.trim(), last.trim());
            await add(kits, `Range ${first.trim()} to ${last.trim()}`);
            setFirst('');
            setLast('');
          })
        }
      >
        <Field
          label="First barcode of the range"
          className="mono"
          value={first}
          onChange={(e) => setFirst(e.target.value)}
          required
        />
        <Field
          label="Last barcode of the range"
          className="mono"
          value={last}
          onChange={(e) => setLast(e.target.value)}
          required
        />
        <Button type="submit" variant="secondary" busy={busy}>
          Add the range
        </Button>
      </form>
      <form
        className="staff-form-row"
        aria-label="Add a plate"
        onSubmit={(e) =>
          void run(e, async () => {
            const found = await plateByName(plate.trim());
            await add(
              found.wells.map((w) => w.kit),
              `Plate ${found.name}`,
            );
            setPlate('');
          })
        }
      >
        <Field
          label="Plate barcode"
          className="mono"
          value={plate}
          onChange={(e) => setPlate(e.target.value)}
          required
        />
        <Button type="submit" variant="secondary" busy={busy}>
          Add the plate
        </Button>
      </form>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  );
}
