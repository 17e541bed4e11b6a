import { staffDashboardSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ageOf } from '../../../components/staff/age.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { staffRequest } from '../../../lib/staff.ts';
import { QueuesSummary } from '../components/queues-summary.tsx';

/** The console's first page: today's work, each count a link to its list, oldest first. */
export function StaffDashboardPage() {
  const dashboard = useQuery({
    queryKey: ['staff', 'dashboard'],
    queryFn: () => staffRequest('/dashboard', {}, staffDashboardSchema),
  });
  return (
    <>
      <h1>Dashboard</h1>
      {dashboard.isPending ? <Loading /> : null}
      {dashboard.error ? (
        <Alert tone="error">
          <p>{dashboard.error.message}</p>
          <Button variant="link" onClick={() => dashboard.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {dashboard.data?.groups.map((group) => (
        <section key={group.title} className="staff-panel" aria-labelledby={`group-${group.title}`}>
          <h2 id={`group-${group.title}`}>{group.title}</h2>
          <ul className="staff-tiles">
            {group.tiles.map((tile) => (
              <li key={tile.key}>
                <Link className="staff-tile" to={tile.link}>
                  <span className="staff-tile-count">{tile.count}</span>
                  <span className="staff-tile-label">{tile.label}</span>
                  <span className="staff-tile-age">
                    {tile.oldestAt ? `Oldest: ${ageOf(tile.oldestAt)}` : 'None waiting'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <QueuesSummary />
    </>
  );
}
