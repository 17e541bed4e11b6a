import { Menu } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { InboxBell } from '../../features/notifications/components/inbox-bell.tsx';
import { UndeliverableBanner } from '../../features/notifications/components/undeliverable-banner.tsx';
import { ImpersonationBanner } from '../../features/support/components/impersonation-banner.tsx';
import { SupportViewEnded } from '../../features/support/components/support-view-ended.tsx';
import { useConfig } from '../../lib/config.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { Sidebar } from './sidebar.tsx';
import { SiteBanners } from './site-banners.tsx';
import { SkipLink } from './skip-link.tsx';
import { UnderAgeBanner } from './under-age-banner.tsx';

/** The signed-in frame: top bar, sidebar (or mobile menu), banners and the page. */
export function AppLayout() {
  const { brandName } = useConfig();
  const location = useLocation();
  // The mobile menu belongs to the page it was opened on, so following a link closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const menuOpen = openedAt === location.key;
  // A page the server drew (decision 073): the frame's buttons work once the app has taken it over.
  const hydrated = useHydrated();

  return (
    <div className="app">
      <SkipLink />
      <header className="topbar">
        <Link className="brand" to="/dashboard">
          <Logo brandName={brandName} />
        </Link>
        <div className="topbar-actions">
          <InboxBell />
          <button
            type="button"
            className="menu-button"
            disabled={!hydrated}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setOpenedAt(location.key)}
          >
            <Icon icon={Menu} />
            Menu
          </button>
        </div>
      </header>
      <div className="shell">
        <Sidebar />
        <main id="main" className="content" tabIndex={-1}>
          <ImpersonationBanner />
          <SupportViewEnded />
          <SiteBanners />
          <UnderAgeBanner />
          <UndeliverableBanner />
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <MobileMenu open={menuOpen} onClose={() => setOpenedAt(null)} />
    </div>
  );
}
