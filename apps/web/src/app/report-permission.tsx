import { canViewReports } from '@portal/domain';
import { Navigate, Outlet } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { useCurrentUser } from '../lib/current-user.ts';

/** Minors see reports only once a parent or guardian consented (consumer spec §4). */
export function RequireReportPermission() {
  const user = useCurrentUser();
  if (user.isPending) return <Loading />;
  if (user.isError) return <Alert tone="error">{user.error.message}</Alert>;
  return canViewReports(user.data) ? <Outlet /> : <Navigate to="/kits/notAllowed" replace />;
}
