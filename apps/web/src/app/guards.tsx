import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/ui/loading.tsx';
import { lazyPage } from '../lib/lazy-load.tsx';
import { useSession } from '../lib/session.ts';

/** Where sign-in should lead: the portal page someone asked for before signing in (same site only). */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard';
}

/**
 * Portal screens need a session. After Log Out the user lands on '/'; otherwise on /login, which
 * remembers the page (with its query, e.g. an emailed redeem link) to return to after signing in.
 */
export function RequireAuth() {
  const { status, endReason } = useSession();
  const location = useLocation();
  // The signed-in frame is loaded lazily (routes.tsx): right after signing in it may still be on its way.
  if (status === 'signedIn')
    return (
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    );
  if (endReason === 'loggedOut') return <Navigate to="/" replace />;
  return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
}

/** Sign-in and registration are for people who are not signed in. */
export function RequireGuest() {
  const { status } = useSession();
  const location = useLocation();
  return status === 'signedIn' ? <Navigate to={returnPath(location.state)} replace /> : <Outlet />;
}

export function HomeRedirect() {
  const { status } = useSession();
  return <Navigate to={status === 'signedIn' ? '/dashboard' : '/login'} replace />;
}

/**
 * Minors see reports only once a parent or guardian consented (report-permission.tsx). A chunk of its
 * own, fetched with the report pages by preloadRoute: the rule and the domain code behind it stay out of
 * /login's first load (120 KB budget, decision 034).
 */
export const RequireReportPermission = lazyPage(
  () => import('./report-permission.tsx'),
  (m) => m.RequireReportPermission,
);
