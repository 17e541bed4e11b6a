import {
  QUEUE_DEFAULTS,
  RECEIPT_CONDITION_LABELS,
  type WorkQueueQuery,
  type WorkQueues,
  workQueueQuerySchema,
} from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { canSee, useStaffSession } from '../../../lib/staff.ts';
import { TurnaroundTable } from '../components/turnaround-table.tsx';
import { useWorkQueues } from '../queues-api.ts';

/**
 * LOGISTICS, LAB, SUPPORT: the work queues (issue 34 item 17). Samples waiting too long at a step, kits
 * sent with no sample back, tubes received not intact (the customers to call: SUPPORT opens the
 * person), and the turnaround per step. N is the page's, in its address, with the defaults.
 */

type Settings = { stepDays: string; returnWeeks: string; callDays: string };
const KEYS = ['stepDays', 'returnWeeks', 'callDays'] as const;
const QUARANTINE_WORDS = { OPEN: 'In quarantine', RELEASED: 'Released', FAILED: 'Failed' } as const;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function WorkQueuesPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const fromAddress = (key: (typeof KEYS)[number]) => params.get(key) ?? String(QUEUE_DEFAULTS[key]);
  const [form, setForm] = useState<Settings>({
    stepDays: fromAddress('stepDays'),
    returnWeeks: fromAddress('returnWeeks'),
    callDays: fromAddress('callDays'),
  });
  const [problems, setProblems] = useState<Partial<Record<keyof Settings, string>>>({});
  const query: WorkQueueQuery = Object.fromEntries(KEYS.map((k) => [k, fromAddress(k)]));
  const queues = useWorkQueues(query);
  const session = useStaffSession();
  const seesPeople = canSee(session.data, ['SUPPORT']);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const parsed = workQueueQuerySchema.safeParse(form);
    if (!parsed.success) {
      setProblems(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setProblems({});
    setParams(Object.fromEntries(KEYS.map((k) => [k, String(parsed.data[k])])), { replace: true });
  };

  const q: WorkQueues | undefined = queues.data;
  return (
    <>
      <h1>Work queues</h1>
      <section className="staff-panel" aria-labelledby={`${id}-settings`}>
        <h2 id={`${id}-settings`}>How long is too long</h2>
        <form className="staff-form-row" onSubmit={apply} noValidate>
          <Field
            label="Days at a step"
            hint={`Samples waiting longer at one step. Usually ${QUEUE_DEFAULTS.stepDays}.`}
            inputMode="numeric"
            value={form.stepDays}
            error={problems.stepDays}
            onChange={(e) => setForm({ ...form, stepDays: e.target.value })}
          />
          <Field
            label="Weeks without a sample"
            hint={`Kits sent longer ago with no sample back. Usually ${QUEUE_DEFAULTS.returnWeeks}.`}
            inputMode="numeric"
            value={form.returnWeeks}
            error={problems.returnWeeks}
            onChange={(e) => setForm({ ...form, returnWeeks: e.target.value })}
          />
          <Field
            label="Days of tubes to call about"
            hint={`Tubes not intact received in these days. Usually ${QUEUE_DEFAULTS.callDays}.`}
            inputMode="numeric"
            value={form.callDays}
            error={problems.callDays}
            onChange={(e) => setForm({ ...form, callDays: e.target.value })}
          />
          <div className="field">
            <Button type="submit">Show the queues</Button>
          </div>
        </form>
      </section>
      {queues.isPending ? <Loading /> : null}
      {queues.error ? <Alert tone="error">{queues.error.message}</Alert> : null}
      {q ? (
        <>
          <section className="staff-panel" id="waiting" aria-labelledby={`${id}-waiting`}>
            <h2 id={`${id}-waiting`}>
              {`Samples waiting more than ${plural(q.settings.stepDays, 'day')} at a step: ${q.waitingAtStep.total}`}
            </h2>
            {q.waitingAtStep.items.length === 0 ? (
              <p>No sample has waited that long.</p>
            ) : (
              <StaffTable
                caption="Samples waiting at a step, longest first"
                columns={['Kit', 'Sample', 'Waiting at', 'Since', 'Days', 'Quarantine']}
              >
                {q.waitingAtStep.items.map((k) => (
                  <tr key={k.id}>
                    <td>
                      <Link to={`/staff/kits/${k.id}`}>{k.label}</Link>
                    </td>
                    <td className="mono">{k.sampleIdentifier}</td>
                    <td>{k.sampleStatus}</td>
                    <td>{formatConsoleTime(k.since)}</td>
                    <td>{k.days}</td>
                    <td>{k.quarantined ? 'In quarantine' : '—'}</td>
                  </tr>
                ))}
              </StaffTable>
            )}
          </section>
          <section className="staff-panel" id="not-back" aria-labelledby={`${id}-not-back`}>
            <h2 id={`${id}-not-back`}>
              {`Kits sent with no sample back after ${plural(q.settings.returnWeeks, 'week')}: ${q.noSampleBack.total}`}
            </h2>
            {q.noSampleBack.items.length === 0 ? (
              <p>Every kit sent that long ago has its sample back.</p>
            ) : (
              <StaffTable
                caption="Kits sent with no sample back, longest first"
                columns={['Kit', 'Owner', 'Kit status', 'Sent', 'Days']}
              >
                {q.noSampleBack.items.map((k) => (
                  <tr key={k.id}>
                    <td>
                      <Link to={`/staff/kits/${k.id}`}>{k.label}</Link>
                    </td>
                    <td>{k.owner?.name ?? '—'}</td>
                    <td>{k.kitStatus}</td>
                    <td>{formatConsoleTime(k.since)}</td>
                    <td>{k.days}</td>
                  </tr>
                ))}
              </StaffTable>
            )}
          </section>
          <section className="staff-panel" id="not-intact" aria-labelledby={`${id}-not-intact`}>
            <h2 id={`${id}-not-intact`}>
              {`Tubes not intact, received in the last ${plural(q.settings.callDays, 'day')}: customers to call: ${q.notIntact.total}`}
            </h2>
            {q.notIntact.items.length === 0 ? (
              <p>No tube arrived in a condition to call about.</p>
            ) : (
              <StaffTable
                caption="Tubes not intact: the customers to call, oldest first"
                columns={['Kit', 'Condition', 'Customer', 'Phone', 'Received', 'Quarantine']}
              >
                {q.notIntact.items.map((k) => (
                  <tr key={k.id}>
                    <td>
                      <Link to={`/staff/kits/${k.id}`}>{k.label}</Link>
                    </td>
                    <td>{RECEIPT_CONDITION_LABELS[k.condition]}</td>
                    <td>
                      {k.owner ? (
                        seesPeople ? (
                          <Link to={`/staff/people/${k.owner.id}`}>{k.owner.name || 'The owner'}</Link>
                        ) : (
                          k.owner.name
                        )
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>{k.phone ?? 'No phone number'}</td>
                    <td>{formatConsoleTime(k.since)}</td>
                    <td>{k.quarantine ? QUARANTINE_WORDS[k.quarantine] : '—'}</td>
                  </tr>
                ))}
              </StaffTable>
            )}
          </section>
          <section className="staff-panel" aria-labelledby={`${id}-turnaround`}>
            <h2 id={`${id}-turnaround`}>Turnaround per step</h2>
            <TurnaroundTable steps={q.turnaround} />
          </section>
        </>
      ) : null}
    </>
  );
}
