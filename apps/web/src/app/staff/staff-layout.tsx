import { STAFF_ROLE_TEXT } from '@portal/domain';
import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { StaffSignOut } from '../../features/staff-auth/components/staff-sign-out.tsx';
import { useConfig } from '../../lib/config.ts';
import { canSee, useStaffSession } from '../../lib/staff.ts';
import { SkipLink } from '../layout/skip-link.tsx';
import { STAFF_PAGES } from './staff-pages.tsx';

/** The console's frame: who is signed in, the entries their roles open, and the page. */
export function StaffLayout() {
  const { brandName } = useConfig();
  const { data: session } = useStaffSession();
  const entries = STAFF_PAGES.filter((page) => page.nav && canSee(session, page.roles));
  return (
    <div className="app staff-app">
      <SkipLink />
      <header className="topbar staff-topbar">
        <Link className="brand" to="/staff">
          <Logo brandName={brandName} />
          <span className="staff-badge">Staff</span>
        </Link>
        {session ? (
          <div className="staff-who">
            <span>
              {session.firstName} {session.lastName}
              <span className="staff-roles">
                {' '}
                · {session.roles.map((r) => STAFF_ROLE_TEXT[r].label).join(', ')}
              </span>
            </span>
            <StaffSignOut variant="quiet" />
          </div>
        ) : null}
      </header>
      <div className="shell staff-shell">
        <nav className="sidebar staff-nav" aria-label="Console">
          <ul className="nav-list">
            {entries.map((page) => (
              <li key={page.path}>
                <NavLink className="nav-item" to={`/staff/${page.path}`} end={page.path === ''}>
                  {page.nav ? <Icon icon={page.nav.icon} /> : null}
                  {page.nav?.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="content staff-content" tabIndex={-1}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
