import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../../components/ui/loading.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { useConfig } from '../../lib/config.ts';
import { SiteBanners } from './site-banners.tsx';
import { SkipLink } from './skip-link.tsx';

/** The frame for sign-in, registration and the emailed-link pages. */
export function PublicLayout() {
  const { brandName } = useConfig();
  return (
    <div className="app">
      <SkipLink />
      <header className="topbar">
        <span className="brand">
          <Logo brandName={brandName} />
        </span>
      </header>
      <main id="main" className="public-content" tabIndex={-1}>
        <SiteBanners />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
