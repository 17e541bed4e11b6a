import {
  kitTypeName,
  STUDY_KIT_TYPES,
  STUDY_MESSAGES,
  type StudyKitType,
  staffStudyKitBatchSchema,
} from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { printStudyLabels, useCreateStudyKits, useSiteKits } from '../api.ts';
import { BatchCountField, typedCount } from '../components/batch-count-field.tsx';

/** Prints labels of these kits; a failure is shown next to the button. */
function PrintLabels({ ids, label }: { ids: number[]; label: string }) {
  const print = useMutation({ mutationFn: () => printStudyLabels(ids) });
  return (
    <>
      <Button
        variant="secondary"
        busy={print.isPending}
        disabled={ids.length === 0}
        onClick={() => print.mutate()}
      >
        {label}
      </Button>
      {print.error ? <Alert tone="error">{print.error.message}</Alert> : null}
    </>
  );
}

/** A batch of kits of one type for the site; its labels are printed from here straight after. */
function BatchForm({ siteId }: { siteId: number }) {
  const create = useCreateStudyKits(siteId);
  const typeId = useId();
  const [kitType, setKitType] = useState<StudyKitType>('ORBITM_B_KIT');
  const [count, setCount] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffStudyKitBatchSchema.safeParse({ kitType, count: typedCount(count) });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? STUDY_MESSAGES.studyKitCount);
      return;
    }
    setProblem(undefined);
    create.mutate(parsed.data, { onSuccess: () => setCount('') });
  };
  const made = create.data?.kits ?? [];
  return (
    <section className="staff-panel" aria-labelledby="new-batch">
      <h2 id="new-batch">New batch of kits</h2>
      <form className="staff-search" onSubmit={onSubmit} noValidate aria-label="New batch of kits">
        <div className="field">
          <label htmlFor={typeId}>Kind of kit</label>
          <select
            id={typeId}
            value={kitType}
            onChange={(event) => setKitType(event.target.value as StudyKitType)}
          >
            {STUDY_KIT_TYPES.map((type) => (
              <option key={type} value={type}>
                {kitTypeName(type)}
              </option>
            ))}
          </select>
        </div>
        <BatchCountField label="How many kits" value={count} error={problem} onChange={setCount} />
        <Button type="submit" busy={create.isPending}>
          Make the kits
        </Button>
      </form>
      {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
      {made.length > 0 ? (
        <div className="staff-row-actions">
          <Alert tone="success">
            {made.length} {kitTypeName(made[0]?.kitType ?? kitType).toLowerCase()}
            {made.length === 1 ? '' : 's'} made: kits {made[0]?.id} to {made.at(-1)?.id}.
          </Alert>
          <PrintLabels ids={made.map((k) => k.id)} label="Print the batch's labels (PDF)" />
        </div>
      ) : null}
    </section>
  );
}

/** STUDY: a site of the multi-site study, a new batch of kits, and its kits with their forms. */
export function SitePage() {
  const siteId = Number(useParams().siteId);
  const kits = useSiteKits(siteId);
  if (kits.isPending) return <Loading />;
  if (kits.error) return <Alert tone="error">{kits.error.message}</Alert>;
  const site = kits.data.pages[0]?.site;
  const rows = kits.data.pages.flatMap((page) => page.kits);
  return (
    <>
      <p>
        <Link to="/staff/study-sites">All sites</Link>
      </p>
      <h1>{site?.name}</h1>
      <p>
        Site number {site?.id} · times in {site?.timezone}
      </p>
      <BatchForm siteId={siteId} />
      <h2>Kits</h2>
      {rows.length === 0 ? <Alert tone="info">This site has no kits yet.</Alert> : null}
      {rows.length > 0 ? (
        <>
          <StaffTable
            caption="Kits of the site, newest first"
            columns={['Kit', 'Kind', 'Tubes', 'Form', 'Made']}
          >
            {rows.map((kit) => (
              <tr key={kit.id}>
                <th scope="row">
                  <Link to={`/staff/study-kits/${kit.id}`}>Kit {kit.id}</Link>
                </th>
                <td>{kitTypeName(kit.kitType)}</td>
                <td>{kit.tubes.join(', ')}</td>
                <td>{kit.submittedAt ? `Submitted ${formatConsoleTime(kit.submittedAt)}` : 'Not yet'}</td>
                <td>{formatConsoleTime(kit.createdAt)}</td>
              </tr>
            ))}
          </StaffTable>
          <div className="staff-row-actions">
            <PrintLabels ids={rows.map((k) => k.id)} label="Print labels of the kits shown (PDF)" />
            {kits.hasNextPage ? (
              <Button variant="secondary" busy={kits.isFetchingNextPage} onClick={() => kits.fetchNextPage()}>
                Show older kits
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
    </>
  );
}
