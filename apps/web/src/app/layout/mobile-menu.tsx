import { Modal } from '../../components/ui/modal.tsx';
import { useConfig } from '../../lib/config.ts';
import { MoreEntries } from './more-menu.tsx';
import { NavEntries } from './nav-entries.tsx';

export const MOBILE_MENU_TITLE = 'Menu';

/**
 * The navigation on narrow screens: a drawer over the page (it does not push the page down) with every
 * entry at once, More's included. A modal dialog: focus moves in, Tab stays in, Escape or Close shut
 * it, and focus returns to the menu button.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { version } = useConfig();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={MOBILE_MENU_TITLE}
      className="modal modal-drawer"
      informational
    >
      <nav aria-label="Main">
        <NavEntries />
        <MoreEntries className="nav-list" />
        <p className="version">Version {version}</p>
      </nav>
    </Modal>
  );
}
