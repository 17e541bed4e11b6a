import { MORE_NAVIGATION } from '@portal/domain';
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useLogout } from '../../lib/auth-api.ts';

/** The sidebar's 'More' entries: My Profile, Support and Log Out, behind a toggle. */
export function MoreMenu() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => MORE_NAVIGATION.some((entry) => pathname.startsWith(entry.to)));
  const listId = useId();

  return (
    <div className="more-menu">
      <button
        type="button"
        className="nav-item more-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        More
      </button>
      <MoreEntries id={listId} className="nav-list nav-sublist" hidden={!open} />
    </div>
  );
}

/** My Profile, Support and Log Out: under More in the sidebar, listed with the rest in the mobile menu. */
export function MoreEntries({ id, className, hidden }: { id?: string; className: string; hidden?: boolean }) {
  const logout = useLogout();
  return (
    <ul id={id} className={className} hidden={hidden}>
      {MORE_NAVIGATION.map((entry) => (
        <li key={entry.to}>
          <NavLink className="nav-item" to={entry.to}>
            {entry.label}
          </NavLink>
        </li>
      ))}
      <li>
        <button
          type="button"
          className="nav-item"
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          Log Out
        </button>
      </li>
    </ul>
  );
}
