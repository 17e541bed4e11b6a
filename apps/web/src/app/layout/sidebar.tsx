import { useConfig } from '../../lib/config.ts';
import { MoreMenu } from './more-menu.tsx';
import { NavEntries } from './nav-entries.tsx';

/** The sidebar on wide screens; narrow screens have the mobile menu instead (see MobileMenu). */
export function Sidebar() {
  const config = useConfig();
  return (
    <nav className="sidebar" aria-label="Main">
      <NavEntries />
      <MoreMenu />
      <p className="version">Version {config.version}</p>
    </nav>
  );
}
