import { MORE_NAVIGATION } from '@portal/domain';
import { ChevronDown, LogOut } from 'lucide-react';
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { useLogout } from '../../lib/auth-api.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { NAV_ICONS } from './nav-icons.ts';

/** The sidebar's 'More' entries: My Profile, Support and Log Out, behind a toggle. */
export function MoreMenu() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => MORE_NAVIGATION.some((entry) => pathname.startsWith(entry.to)));
  const listId = useId();
  // A page the server drew (decision 073): it opens once the app has taken the page over.
  const hydrated = useHydrated();

  return (
    <div className="more-menu">
      <button
        type="button"
        className="nav-item more-toggle"
        disabled={!hydrated}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        More
        <Icon icon={ChevronDown} size="sm" className="more-chevron" />
      </button>
      <MoreEntries id={listId} className="nav-list nav-sublist" hidden={!open} />
    </div>
  );
}

/** My Profile, Support and Log Out: under More in the sidebar, listed with the rest in the mobile menu. */
export function MoreEntries({ id, className, hidden }: { id?: string; className: string; hidden?: boolean }) {
  const logout = useLogout();
  const hydrated = useHydrated();
  return (
    <ul id={id} className={className} hidden={hidden}>
      {MORE_NAVIGATION.map((entry) => {
        const icon = NAV_ICONS[entry.to];
        return (
          <li key={entry.to}>
            <NavLink className="nav-item" to={entry.to}>
              {icon ? <Icon icon={icon} /> : null}
              {entry.label}
            </NavLink>
          </li>
        );
      })}
      <li>
        <button
          type="button"
          className="nav-item"
          disabled={logout.isPending || !hydrated}
          onClick={() => logout.mutate()}
        >
          <Icon icon={LogOut} />
          Log Out
        </button>
      </li>
    </ul>
  );
}
