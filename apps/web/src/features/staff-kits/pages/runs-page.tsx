import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { canSee, useStaffSession } from '../../../lib/staff.ts';
import { useKitProjects } from '../api.ts';
import { changedAt } from '../components/kit-table.tsx';
import { useCreateRun, useRuns } from '../lab-runs-api.ts';

/**
 * LAB (SUPPORT reads): sequencing runs, each with its plates and controls (issue 34 item 7). A run is
 * named by the sequencer's run id; its controls are judged by its project's settings.
 */
export function RunsPage() {
  const id = useId();
  const runs = useRuns();
  const session = useStaffSession();
  const isLab = canSee(session.data, ['LAB']);
  return (
    <>
      <h1>Runs and plates</h1>
      {isLab ? <NewRun /> : null}
      <section className="staff-panel" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>Runs</h2>
        {runs.isPending ? <Loading /> : null}
        {runs.error ? <Alert tone="error">{runs.error.message}</Alert> : null}
        {runs.data && runs.data.runs.length === 0 ? <p>No runs yet.</p> : null}
        {runs.data && runs.data.runs.length > 0 ? (
          <StaffTable
            caption="Runs, newest first"
            columns={['Run', 'Project', 'Controls', 'Plates', 'Tubes', 'Started']}
          >
            {runs.data.runs.map((run) => (
              <tr key={run.id}>
                <th scope="row">
                  <Link to={`/staff/lab/runs/${run.id}`}>{run.name}</Link>
                </th>
                <td>{run.project.name}</td>
                <td>{run.state}</td>
                <td>{run.plates}</td>
                <td>{run.tubes}</td>
                <td>{changedAt(run.createdAt)}</td>
              </tr>
            ))}
          </StaffTable>
        ) : null}
      </section>
    </>
  );
}

function NewRun() {
  const id = useId();
  const navigate = useNavigate();
  const projects = useKitProjects();
  const create = useCreateRun();
  const [name, setName] = useState('');
  const [projectId, setProjectId] = useState('');
  const [error, setError] = useState('');
  const chosen = projectId || String(projects.data?.[0]?.id ?? '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      const run = await create.mutateAsync({ name: name.trim(), projectId: Number(chosen) });
      void navigate(`/staff/lab/runs/${run.id}`);
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields?.name ?? e.message) : String(e));
    }
  };
  return (
    <section className="staff-panel" aria-labelledby={`${id}-new`}>
      <h2 id={`${id}-new`}>Start a run</h2>
      <form className="staff-form-row" onSubmit={submit} aria-labelledby={`${id}-new`}>
        <div className="field">
          <label htmlFor={`${id}-name`}>Sequencing run id</label>
          <input
            id={`${id}-name`}
            className="mono"
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-project`}>Project (its control settings judge the run)</label>
          <select id={`${id}-project`} value={chosen} onChange={(e) => setProjectId(e.target.value)}>
            {(projects.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" busy={create.isPending} disabled={!chosen}>
          Start the run
        </Button>
      </form>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  );
}
