import { mainNavigation } from '@portal/domain';
import { NavLink } from 'react-router';
import { useConfig } from '../../lib/config.ts';
import { useResearchRestriction } from '../research-restriction.tsx';
import { MoreMenu } from './more-menu.tsx';

/** The sidebar on wide screens; on narrow screens the same navigation opens from the menu button. */
export function Sidebar({ id, open }: { id: string; open: boolean }) {
  const config = useConfig();
  // A restricted research participant stays on the profile: the other entries are shown but disabled.
  const restricted = useResearchRestriction() !== null;
  return (
    <nav id={id} className="sidebar" data-open={open} aria-label="Main">
      <ul className="nav-list">
        {mainNavigation(config.appType).map((entry) => (
          <li key={entry.to}>
            {restricted ? (
              <span className="nav-item nav-item-disabled" aria-disabled="true">
                {entry.label}
              </span>
            ) : (
              <NavLink className="nav-item" to={entry.to}>
                {entry.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
      <MoreMenu />
      <p className="version">Version {config.version}</p>
    </nav>
  );
}
