import { mainNavigation } from '@portal/domain';
import { NavLink } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { useConfig } from '../../lib/config.ts';
import { useResearchRestriction } from '../research-profile-gate.tsx';
import { NAV_ICONS } from './nav-icons.ts';

/** The main entries (Dashboard, My Kits…), shared by the sidebar and the mobile menu. */
export function NavEntries() {
  const config = useConfig();
  // A restricted research participant stays on the profile: the other entries are shown but disabled.
  const restricted = useResearchRestriction() !== null;
  return (
    <ul className="nav-list">
      {mainNavigation(config.appType).map((entry) => {
        const icon = NAV_ICONS[entry.to];
        const content = (
          <>
            {icon ? <Icon icon={icon} /> : null}
            {entry.label}
          </>
        );
        return (
          <li key={entry.to}>
            {restricted ? (
              <span className="nav-item nav-item-disabled" aria-disabled="true">
                {content}
              </span>
            ) : (
              <NavLink className="nav-item" to={entry.to}>
                {content}
              </NavLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}
