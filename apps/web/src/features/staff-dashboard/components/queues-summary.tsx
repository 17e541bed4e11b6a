import { QUEUE_READER_ROLES } from '@portal/domain';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { canSee, useStaffSession } from '../../../lib/staff.ts';
import { useWorkQueues } from '../queues-api.ts';
import { TurnaroundTable } from './turnaround-table.tsx';

/**
 * The dashboard's work queues (issue 34 item 17): how many wait in each queue, with the default N, a
 * link to the page that lists them, and the turnaround per step. Shown to the roles that read queues.
 */
export function QueuesSummary() {
  const session = useStaffSession();
  const allowed = canSee(session.data, QUEUE_READER_ROLES);
  const queues = useWorkQueues({}, allowed);
  if (!allowed) return null;
  const q = queues.data;
  return (
    <section className="staff-panel" aria-labelledby="dashboard-queues">
      <h2 id="dashboard-queues">Work queues</h2>
      {queues.error ? <Alert tone="error">{queues.error.message}</Alert> : null}
      {q ? (
        <>
          <ul className="staff-tiles">
            <li>
              <Link className="staff-tile" to="/staff/queues#waiting">
                <span className="staff-tile-count">{q.waitingAtStep.total}</span>
                <span className="staff-tile-label">{`Samples waiting more than ${q.settings.stepDays} days at a step`}</span>
              </Link>
            </li>
            <li>
              <Link className="staff-tile" to="/staff/queues#not-back">
                <span className="staff-tile-count">{q.noSampleBack.total}</span>
                <span className="staff-tile-label">{`Kits sent with no sample back after ${q.settings.returnWeeks} weeks`}</span>
              </Link>
            </li>
            <li>
              <Link className="staff-tile" to="/staff/queues#not-intact">
                <span className="staff-tile-count">{q.notIntact.total}</span>
                <span className="staff-tile-label">{`Tubes not intact in the last ${q.settings.callDays} days: customers to call`}</span>
              </Link>
            </li>
          </ul>
          <TurnaroundTable steps={q.turnaround} />
        </>
      ) : null}
    </section>
  );
}
