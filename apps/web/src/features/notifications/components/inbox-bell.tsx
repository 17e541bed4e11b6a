import { NOTIFICATION_TEXTS } from '@portal/domain';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import { useUnreadCount } from '../api.ts';

/** The header's bell: a link to the inbox that says how many messages are unread. */
export function InboxBell() {
  const unread = useUnreadCount().data?.unread ?? 0;
  return (
    <Link className="inbox-bell" to="/inbox" aria-label={NOTIFICATION_TEXTS.bellLabel(unread)}>
      <Icon icon={Bell} />
      {unread > 0 ? (
        <span className="inbox-bell-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
