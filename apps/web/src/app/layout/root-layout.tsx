import { Outlet, useLocation } from 'react-router';
import { useScrollRestoration } from '../../lib/scroll-restoration.ts';
import { RouteErrorBoundary } from '../route-error.tsx';

/**
 * Every route: new pages start at the top, back and forward restore the position, and a page that
 * fails to render shows an error instead of a blank screen.
 */
export function RootLayout() {
  useScrollRestoration();
  return (
    <RouteErrorBoundary location={useLocation()}>
      <Outlet />
    </RouteErrorBoundary>
  );
}
