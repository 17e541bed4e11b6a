import {
  CONTROL_KINDS,
  CONTROL_NAMES,
  type ControlKind,
  controlLabel,
  type GroupStepResult,
  isLabFailure,
  LAB_RUN_MESSAGES,
  type LabTarget,
  missingControls,
  PLATE_COLUMNS,
  PLATE_ROWS,
  type Plate,
  type RunDetail,
  runHolds,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
import { canSee, useStaffSession } from '../../../lib/staff.ts';
import { staffKitsKeys } from '../api.ts';
import { LabTargetOptions } from '../components/lab-target-options.tsx';
import { ScanStation } from '../components/scan-station.tsx';
import {
  placeTube,
  useCreatePlate,
  useGroupStep,
  useOverrideRun,
  usePlaceControl,
  useRemoveControl,
  useRun,
  useSaveControlSettings,
  useUndoMove,
  useUploadControl,
} from '../lab-runs-api.ts';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : CLIENT_MESSAGES.unexpected;

/**
 * LAB (SUPPORT reads): one sequencing run (issue 34 items 7 and 9). Its plates are filled by scanning
 * tubes into the next empty well; its controls are uploaded and checked; a whole plate or the whole run
 * moves through a lab step in one action, with each tube's outcome; the last move can be undone within
 * a minute. While a control is missing or failed the run holds its samples, which the page says.
 */
export function RunPage() {
  const runId = Number(useParams().runId);
  const run = useRun(runId);
  const session = useStaffSession();
  const isLab = canSee(session.data, ['LAB']);
  if (run.isPending) return <Loading />;
  if (run.error || !run.data)
    return (
      <>
        <h1>Run</h1>
        <Alert tone="error">{run.error?.message ?? CLIENT_MESSAGES.unexpected}</Alert>
      </>
    );
  const data = run.data;
  return (
    <>
      <p>
        <Link to="/staff/lab/runs">All runs</Link>
      </p>
      <h1>Run {data.name}</h1>
      <p>
        Project {data.project.name} · {data.plates} plate{data.plates === 1 ? '' : 's'} · {data.tubes} tube
        {data.tubes === 1 ? '' : 's'} · controls <strong>{data.state}</strong>
      </p>
      <RunHoldNotice run={data} />
      {isLab ? <PlateBench run={data} /> : null}
      <PlateMaps run={data} isLab={isLab} />
      <Controls run={data} isLab={isLab} />
      {isLab ? <GroupMove run={data} /> : null}
      {isLab ? <ControlSettings run={data} /> : null}
    </>
  );
}

function RunHoldNotice({ run }: { run: RunDetail }) {
  if (run.state === 'PASSED')
    return <Alert tone="success">Both controls passed: the run holds nothing.</Alert>;
  if (run.state === 'OVERRIDDEN' && run.override)
    return (
      <Alert tone="warning">
        A failed control was overridden by {run.override.by ?? 'a LAB member'}: “{run.override.reason}”.
      </Alert>
    );
  if (!runHolds(run.state)) return null;
  return (
    <Alert tone="warning">
      {run.state === 'PENDING'
        ? 'This run holds its samples: upload the extraction blank and the positive control. No sample on it can be approved or released until both pass.'
        : 'A control failed, so this run holds its samples: no sample on it can be approved or released until the controls are re-checked or a LAB member overrides with a reason.'}
    </Alert>
  );
}

/** New plates, and tubes scanned into the chosen plate's next empty well. */
function PlateBench({ run }: { run: RunDetail }) {
  const id = useId();
  const queryClient = useQueryClient();
  const createPlate = useCreatePlate(run.id);
  const [plateName, setPlateName] = useState('');
  const [plateError, setPlateError] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const plate = run.plateMaps.find((p) => p.id === chosen) ?? run.plateMaps.at(-1) ?? null;
  const placed = useRef(new Map<number, string>());
  const addPlate = async (event: FormEvent) => {
    event.preventDefault();
    setPlateError('');
    try {
      const created = await createPlate.mutateAsync(plateName.trim());
      setChosen(created.id);
      setPlateName('');
    } catch (error) {
      setPlateError(error instanceof ApiError ? (error.fields?.name ?? error.message) : messageOf(error));
    }
  };
  return (
    <section className="staff-panel" aria-labelledby={`${id}-bench`}>
      <h2 id={`${id}-bench`}>Fill a plate</h2>
      <form className="staff-form-row" onSubmit={addPlate} aria-labelledby={`${id}-bench`}>
        <div className="field">
          <label htmlFor={`${id}-plate`}>New plate barcode</label>
          <input
            id={`${id}-plate`}
            className="mono"
            autoComplete="off"
            value={plateName}
            onChange={(e) => setPlateName(e.target.value)}
            required
          />
        </div>
        <Button type="submit" variant="secondary" busy={createPlate.isPending}>
          Add the plate
        </Button>
      </form>
      {plateError ? <Alert tone="error">{plateError}</Alert> : null}
      {plate ? (
        <>
          {run.plateMaps.length > 1 ? (
            <div className="field">
              <label htmlFor={`${id}-fill`}>Plate to fill</label>
              <select id={`${id}-fill`} value={plate.id} onChange={(e) => setChosen(Number(e.target.value))}>
                {run.plateMaps.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <ScanStation
            key={plate.id}
            label={`Scan a tube into plate ${plate.name}`}
            hint="Each tube goes into the next empty well, down each column (A1, B1 … H1, A2 …)."
            onScan={async (code) => {
              const result = await placeTube(plate.id, code);
              placed.current.set(result.kit.id, result.message);
              return result.kit;
            }}
            describe={(kit) => placed.current.get(kit.id) ?? `${kit.label} placed`}
            onSettled={() => void queryClient.invalidateQueries({ queryKey: staffKitsKeys.all })}
          />
        </>
      ) : (
        <p>Add a plate to start filling it.</p>
      )}
    </section>
  );
}

/** The short text a control's well shows (the full name is read out); never colour alone. */
const CONTROL_SHORT: Record<ControlKind, string> = { BLANK: 'Blank', POSITIVE: 'Positive' };

function PlateMap({ plate }: { plate: Plate }) {
  const byWell = new Map(plate.wells.map((w) => [w.well, w.kit]));
  const controlAt = new Map(plate.controls.map((c) => [c.well, c.kind]));
  const columns = Array.from({ length: PLATE_COLUMNS }, (_, i) => String(i + 1));
  return (
    <StaffTable
      className="plate-map"
      caption={`Plate ${plate.name}: ${plate.wells.length + plate.controls.length} of 96 wells filled`}
      showCaption
      columns={[{ hidden: 'Row' }, ...columns]}
    >
      {PLATE_ROWS.map((row) => (
        <tr key={row}>
          <th scope="row">{row}</th>
          {columns.map((c) => {
            const kit = byWell.get(`${row}${c}`);
            const control = controlAt.get(`${row}${c}`);
            return (
              <td
                key={c}
                className={
                  kit
                    ? 'plate-well plate-well-filled'
                    : control
                      ? 'plate-well plate-well-control'
                      : 'plate-well'
                }
              >
                {kit ? (
                  <Link
                    to={`/staff/kits/${kit.id}`}
                    title={`${kit.sampleIdentifier} · ${kit.sampleStatus ?? ''}`}
                  >
                    {kit.label}
                  </Link>
                ) : control ? (
                  <span className="plate-control" title={controlLabel(control)}>
                    <span aria-hidden="true">{CONTROL_SHORT[control]}</span>
                    <span className="visually-hidden">{controlLabel(control)}</span>
                  </span>
                ) : (
                  <span className="visually-hidden">empty</span>
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </StaffTable>
  );
}

function PlateMaps({ run, isLab }: { run: RunDetail; isLab: boolean }) {
  const id = useId();
  return (
    <section className="staff-panel" aria-labelledby={`${id}-maps`}>
      <h2 id={`${id}-maps`}>Plate maps</h2>
      {run.plateMaps.length === 0 ? <p>No plates yet.</p> : null}
      {run.plateMaps.map((plate) => (
        <PlateBlock key={plate.id} plate={plate} run={run} isLab={isLab} />
      ))}
    </section>
  );
}

/** The controls placed on a plate, in words: "extraction blank in H12; positive control in G12". */
const placedControls = (plate: Plate) =>
  plate.controls.map((c) => `${CONTROL_NAMES[c.kind]} in ${c.well}`).join('; ');

/**
 * One plate: its map, which controls sit in its wells (a plain warning for a kind it has none of, which
 * is allowed), and for LAB the form that places a control in a chosen free well and takes one out.
 */
function PlateBlock({ plate, run, isLab }: { plate: Plate; run: RunDetail; isLab: boolean }) {
  const id = useId();
  const missing = missingControls(plate);
  return (
    <section className="plate-block" aria-labelledby={`${id}-plate`}>
      <h3 id={`${id}-plate`}>Plate {plate.name}</h3>
      <PlateMap plate={plate} />
      <p>Controls in wells: {plate.controls.length === 0 ? 'none' : placedControls(plate)}.</p>
      {missing.length > 0 ? (
        <Alert tone="warning">{LAB_RUN_MESSAGES.plateMissingControls(plate.name, missing)}</Alert>
      ) : null}
      {isLab ? <ControlWells plate={plate} positiveName={run.settings.positiveName} /> : null}
    </section>
  );
}

function ControlWells({ plate, positiveName }: { plate: Plate; positiveName: string }) {
  const id = useId();
  const place = usePlaceControl();
  const remove = useRemoveControl();
  const [kind, setKind] = useState<ControlKind>(missingControls(plate)[0] ?? 'BLANK');
  const [well, setWell] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      const result = await place.mutateAsync({ plateId: plate.id, body: { kind, well: well.trim() } });
      setWell('');
      setMessage({ ok: true, text: result.message });
    } catch (e) {
      setMessage({
        ok: false,
        text: e instanceof ApiError ? (e.fields?.well ?? e.fields?.kind ?? e.message) : messageOf(e),
      });
    }
  };
  const takeOut = async (at: string) => {
    setMessage(null);
    try {
      const result = await remove.mutateAsync({ plateId: plate.id, well: at });
      setMessage({ ok: true, text: result.message });
    } catch (e) {
      setMessage({ ok: false, text: messageOf(e) });
    }
  };
  return (
    <>
      <form className="staff-form-row" onSubmit={submit} aria-labelledby={`${id}-place`}>
        <h4 id={`${id}-place`} className="visually-hidden">
          Place a control on plate {plate.name}
        </h4>
        <div className="field">
          <label htmlFor={`${id}-kind`}>Control</label>
          <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as ControlKind)}>
            {CONTROL_KINDS.map((k) => (
              <option key={k} value={k}>
                {k === 'POSITIVE' ? `Positive control (${positiveName})` : controlLabel(k)}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Well"
          hint="An empty well of this plate, A1 to H12. Controls are chosen here, not scanned."
          autoComplete="off"
          value={well}
          onChange={(e) => setWell(e.target.value)}
          required
        />
        <Button type="submit" variant="secondary" busy={place.isPending}>
          Place the control
        </Button>
      </form>
      {plate.controls.length > 0 ? (
        <div className="staff-row-actions">
          {plate.controls.map((c) => (
            <Button key={c.well} variant="quiet" busy={remove.isPending} onClick={() => void takeOut(c.well)}>
              Take the {CONTROL_NAMES[c.kind]} out of {c.well}
            </Button>
          ))}
        </div>
      ) : null}
      <p role="status" className="lab-outcome">
        {message?.ok ? message.text : ''}
      </p>
      {message && !message.ok ? <Alert tone="error">{message.text}</Alert> : null}
    </>
  );
}

function Controls({ run, isLab }: { run: RunDetail; isLab: boolean }) {
  const id = useId();
  const upload = useUploadControl(run.id);
  const override = useOverrideRun(run.id);
  const [error, setError] = useState('');
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState('');
  const send = async (kind: ControlKind, file: File | undefined) => {
    if (!file) return;
    setError('');
    setOutcome('');
    try {
      const after = await upload.mutateAsync({ kind, fileName: file.name, text: await file.text() });
      const checked = after.controls.find((c) => c.kind === kind);
      setOutcome(`${controlLabel(kind)} checked. ${checked?.finding ?? ''}`);
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const submitOverride = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setOutcome('');
    try {
      await override.mutateAsync(reason);
      setReason('');
      setOutcome(`Run ${run.name} overridden: its samples may be approved and released.`);
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields?.reason ?? e.message) : messageOf(e));
    }
  };
  return (
    <section className="staff-panel" aria-labelledby={`${id}-controls`}>
      <h2 id={`${id}-controls`}>Controls</h2>
      <StaffTable
        caption="The run's controls and their checks"
        columns={['Control', 'Wells', 'File', 'Reads', 'Distance', 'Check']}
      >
        {(['BLANK', 'POSITIVE'] as const).map((kind) => {
          const c = run.controls.find((x) => x.kind === kind);
          const name =
            kind === 'POSITIVE' ? `Positive control (${run.settings.positiveName})` : 'Extraction blank';
          const wells = run.plateMaps.flatMap((p) =>
            p.controls.filter((x) => x.kind === kind).map((x) => `${p.name} ${x.well}`),
          );
          return (
            <tr key={kind}>
              <th scope="row">{name}</th>
              <td>{wells.length === 0 ? 'Not in a well' : wells.join(', ')}</td>
              <td className="mono">{c?.fileName ?? '—'}</td>
              <td>{c?.reads === null || c?.reads === undefined ? '—' : c.reads.toLocaleString('en-AU')}</td>
              <td>{c?.distance === null || c?.distance === undefined ? '—' : c.distance.toFixed(3)}</td>
              <td>
                {c ? (
                  <>
                    <Badge tone={c.passed ? 'success' : 'error'}>{c.passed ? 'Passed' : 'Failed'}</Badge>{' '}
                    {c.finding}
                  </>
                ) : (
                  'Not uploaded'
                )}
              </td>
            </tr>
          );
        })}
      </StaffTable>
      {isLab ? (
        <div className="staff-form-row">
          {(['BLANK', 'POSITIVE'] as const).map((kind) => (
            <div className="field" key={kind}>
              <label htmlFor={`${id}-${kind}`}>
                {kind === 'BLANK' ? 'Extraction blank profile' : 'Positive control profile'}
              </label>
              <input
                id={`${id}-${kind}`}
                type="file"
                accept=".txt,.tsv,text/plain,text/tab-separated-values"
                disabled={upload.isPending}
                onChange={(e) => {
                  void send(kind, e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </div>
          ))}
        </div>
      ) : null}
      <p role="status" className="lab-outcome">
        {outcome}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {isLab && run.state === 'FAILED' ? (
        <form onSubmit={submitOverride} aria-labelledby={`${id}-override`}>
          <h3 id={`${id}-override`}>Override the failed controls</h3>
          <Field
            label="Reason for the override (kept in the audit log)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
          />
          <Button type="submit" variant="danger" busy={override.isPending}>
            Override and release the hold
          </Button>
        </form>
      ) : null}
    </section>
  );
}

/** A whole plate or the whole run through a step, each tube's outcome shown, and the undo. */
function GroupMove({ run }: { run: RunDetail }) {
  const id = useId();
  const move = useGroupStep();
  const undo = useUndoMove();
  const [target, setTarget] = useState<LabTarget>('ACCESSIONING');
  const [reason, setReason] = useState('');
  const [result, setResult] = useState<{ what: string; outcome: GroupStepResult } | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const failure = isLabFailure(target);
  const go = async (scope: 'plates' | 'runs', groupId: number, what: string) => {
    setMessage(null);
    setResult(null);
    try {
      const outcome = await move.mutateAsync({
        scope,
        id: groupId,
        body: { sampleStatus: target, ...(failure ? { reason } : {}) },
      });
      setResult({ what, outcome });
      const moved = outcome.moved.length;
      const refused = outcome.refused.length;
      // Some tubes moved: said as it is, each tube's outcome below; none moved: an error.
      setMessage({
        ok: moved > 0,
        text: `${what}: ${moved} kit${moved === 1 ? '' : 's'} moved to ${target}, ${refused} refused.`,
      });
    } catch (e) {
      setMessage({ ok: false, text: e instanceof ApiError ? (e.fields?.reason ?? e.message) : messageOf(e) });
    }
  };
  const undoLast = async () => {
    setMessage(null);
    try {
      const undone = await undo.mutateAsync(undefined);
      setResult(null);
      setMessage({ ok: true, text: undone.message });
    } catch (e) {
      setMessage({ ok: false, text: messageOf(e) });
    }
  };
  return (
    <section className="staff-panel" aria-labelledby={`${id}-move`}>
      <h2 id={`${id}-move`}>Move a plate or the whole run</h2>
      <div className="staff-form-row">
        <div className="field">
          <label htmlFor={`${id}-target`}>Move to</label>
          <select id={`${id}-target`} value={target} onChange={(e) => setTarget(e.target.value as LabTarget)}>
            <LabTargetOptions />
          </select>
        </div>
        {failure ? (
          <Field
            label="Reason for the failure"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
          />
        ) : null}
      </div>
      <div className="staff-row-actions">
        {run.plateMaps.map((plate) => (
          <Button
            key={plate.id}
            variant="secondary"
            busy={move.isPending}
            disabled={plate.wells.length === 0 || (failure && reason.trim() === '')}
            onClick={() => void go('plates', plate.id, `Plate ${plate.name}`)}
          >
            Move plate {plate.name} to {target}
          </Button>
        ))}
        <Button
          busy={move.isPending}
          disabled={run.tubes === 0 || (failure && reason.trim() === '')}
          onClick={() => void go('runs', run.id, `Run ${run.name}`)}
        >
          Move the whole run to {target}
        </Button>
        <Button variant="quiet" busy={undo.isPending} onClick={() => void undoLast()}>
          Undo my last move
        </Button>
      </div>
      <p role="status" className="lab-outcome">
        {message?.ok ? message.text : ''}
      </p>
      {message && !message.ok ? <Alert tone="error">{message.text}</Alert> : null}
      {result ? <TubeOutcomes result={result.outcome} target={target} /> : null}
    </section>
  );
}

function TubeOutcomes({ result, target }: { result: GroupStepResult; target: string }) {
  return (
    <ul className="lab-batch" aria-label="Each tube's outcome">
      {result.moved.map((kit) => (
        <li key={kit.id}>
          <Badge tone="success">Moved</Badge> <strong>{kit.label}</strong>{' '}
          <span className="mono">{kit.sampleIdentifier}</span> to {target}
        </li>
      ))}
      {result.refused.map(({ kit, refusal }) => (
        <li key={kit.id}>
          <Badge tone="error">Refused</Badge> <strong>{kit.label}</strong>{' '}
          <span className="lab-batch-problem">{refusal}</span>
        </li>
      ))}
    </ul>
  );
}

/** The run's project's expectations of its controls, and the positive control's reference profile. */
function ControlSettings({ run }: { run: RunDetail }) {
  const id = useId();
  const save = useSaveControlSettings(run.project.id);
  const s = run.settings;
  const [reads, setReads] = useState(String(s.blankMaxReads));
  const [distance, setDistance] = useState(String(s.positiveMaxDistance));
  const [name, setName] = useState(s.positiveName);
  const [reference, setReference] = useState<{ name: string; text: string } | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      await save.mutateAsync({
        blankMaxReads: Number(reads),
        positiveMaxDistance: Number(distance),
        positiveName: name,
        ...(reference ? { positiveReference: reference.text } : {}),
      });
      setMessage({ ok: true, text: `Control settings of ${run.project.name} saved.` });
    } catch (e) {
      setMessage({ ok: false, text: messageOf(e) });
    }
  };
  return (
    <section className="staff-panel" aria-labelledby={`${id}-settings`}>
      <h2 id={`${id}-settings`}>Control settings of {run.project.name}</h2>
      <p>
        Reference profile of the positive control:{' '}
        {s.hasReference ? 'set' : 'not set (every positive control fails)'}.
      </p>
      <form onSubmit={submit} aria-labelledby={`${id}-settings`}>
        <div className="staff-form-row">
          <Field
            label="Most reads in a blank"
            inputMode="numeric"
            value={reads}
            onChange={(e) => setReads(e.target.value)}
          />
          <Field
            label="Largest Bray–Curtis distance of the positive control"
            inputMode="decimal"
            value={distance}
            onChange={(e) => setDistance(e.target.value)}
          />
          <Field label="Positive control" value={name} onChange={(e) => setName(e.target.value)} />
          <div className="field">
            <label htmlFor={`${id}-reference`}>Reference profile (MetaPhlAn)</label>
            <input
              id={`${id}-reference`}
              type="file"
              accept=".txt,.tsv,text/plain,text/tab-separated-values"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                setReference(file ? { name: file.name, text: await file.text() } : null);
              }}
            />
          </div>
        </div>
        <Button type="submit" variant="secondary" busy={save.isPending}>
          Save the control settings
        </Button>
      </form>
      {message ? <Alert tone={message.ok ? 'success' : 'error'}>{message.text}</Alert> : null}
    </section>
  );
}
