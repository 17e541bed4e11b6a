import { AUDIT_RETENTION_TEXT, OPERATOR_ACTOR } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PagedTable } from '../../../components/staff/paged-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { downloadAuditCsv, useAuditLog, useStaffMembers } from '../api.ts';

const FILTERS = ['actor', 'action', 'subject', 'entity', 'entityId', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const change = (before: unknown, after: unknown) =>
  [before, after].every((v) => v === null || v === undefined)
    ? '—'
    : `${JSON.stringify(before ?? null)} → ${JSON.stringify(after ?? null)}`;

/** ADMIN: the staff audit log, filtered by who, which record and which days; older entries on demand. */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Filters;
  const [draft, setDraft] = useState<Filters>(applied);
  const members = useStaffMembers();
  const log = useAuditLog(Object.fromEntries(Object.entries(applied).filter(([, v]) => v)));
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const [csv, setCsv] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const filters = Object.fromEntries(Object.entries(applied).filter(([, v]) => v));
  const download = () => {
    setCsv({ busy: true, error: null });
    downloadAuditCsv(filters).then(
      () => setCsv({ busy: false, error: null }),
      (error: Error) => setCsv({ busy: false, error: error.message }),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim())));
  };
  const text = (name: keyof Filters) => ({
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });

  return (
    <>
      <h1>Audit log</h1>
      <p>{AUDIT_RETENTION_TEXT}</p>
      <form className="staff-panel staff-form" onSubmit={onSubmit} aria-label="Filter the audit log">
        <div className="staff-form-row">
          <div className="field">
            <label htmlFor="audit-actor">Who</label>
            <select id="audit-actor" {...text('actor')}>
              <option value="">Anyone</option>
              <option value={OPERATOR_ACTOR}>Operator key</option>
              {members.data?.staff.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.firstName} {m.lastName} ({m.email})
                </option>
              ))}
            </select>
          </div>
          <Field label="Action" hint="order.refund, or its start: order" {...text('action')} />
          <Field label="About the person" hint="Their email or account id" {...text('subject')} />
          <Field label="Record kind" hint="user, kit, sample…" {...text('entity')} />
          <Field label="Record id" {...text('entityId')} />
          <Field label="From (UTC day)" type="date" {...text('from')} />
          <Field label="To (UTC day)" type="date" {...text('to')} />
        </div>
        <div className="form-actions">
          <Button type="submit">Show entries</Button>
          <Button variant="secondary" busy={csv.busy} onClick={download}>
            Download these entries (CSV)
          </Button>
        </div>
      </form>
      {csv.error ? <Alert tone="error">{csv.error}</Alert> : null}
      {log.error ? <Alert tone="error">{log.error.message}</Alert> : null}
      <PagedTable
        list={log}
        count={entries.length}
        empty="No entries match these filters."
        caption="Audit entries, newest first"
        columns={['When', 'Who', 'Action', 'Record', 'Before → after']}
        more="Load older entries"
      >
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{formatConsoleTime(entry.at)}</td>
            <td>{entry.actorLabel}</td>
            <td>{entry.action}</td>
            <td>
              {entry.entity} {entry.entityId}
            </td>
            <td className="staff-change">{change(entry.before, entry.after)}</td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
