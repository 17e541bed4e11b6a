import { CHANNEL_TEXT, DELIVERY_STATUS_TEXT, NOTIFICATION_TEXTS, type Notification } from '@portal/domain';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useInbox, useMarkAllRead, useMarkRead } from '../api.ts';

/** How a message went out: "Inbox: Sent · Email: Sent". */
const deliveryLine = (n: Notification) =>
  n.deliveries.map((d) => `${CHANNEL_TEXT[d.channel]}: ${DELIVERY_STATUS_TEXT[d.status]}`).join(' · ');

function Message({ notification, readOnly }: { notification: Notification; readOnly: boolean }) {
  const [open, setOpen] = useState(false);
  const markRead = useMarkRead();
  const bodyId = `message-${notification.id}`;
  function toggle() {
    const opening = !open;
    setOpen(opening);
    // Opening a message reads it; a support view changes nothing.
    if (opening && !notification.read && !readOnly) markRead.mutate(notification.id);
  }
  return (
    <li className={['inbox-item', notification.read ? null : 'inbox-item-unread'].filter(Boolean).join(' ')}>
      <button
        type="button"
        className="inbox-item-head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={toggle}
      >
        <span className="inbox-item-subject">{notification.subject}</span>
        <span className="inbox-item-meta">
          {notification.read ? null : <Badge tone="primary">{NOTIFICATION_TEXTS.unread}</Badge>}
          <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
          <Icon icon={open ? ChevronUp : ChevronDown} size="sm" />
        </span>
      </button>
      <div id={bodyId} className="inbox-item-body" hidden={!open}>
        <p>{notification.body}</p>
        {notification.link && notification.actionLabel ? (
          <p>
            <Link className="button button-primary" to={notification.link}>
              {notification.actionLabel}
            </Link>
          </p>
        ) : null}
        <p className="inbox-item-deliveries">
          {NOTIFICATION_TEXTS.deliveredBy}: {deliveryLine(notification)}
        </p>
        {markRead.isError ? <p role="alert">{markRead.error.message}</p> : null}
      </div>
    </li>
  );
}

/** The inbox (issue 35): every message the portal sent the person, newest first; opening one reads it. */
export function InboxPage() {
  const inbox = useInbox();
  const markAll = useMarkAllRead();
  const readOnly = useSession().actorId !== null;
  return (
    <>
      <h1>{NOTIFICATION_TEXTS.inboxTitle}</h1>
      {inbox.isPending ? (
        <Loading />
      ) : inbox.isError ? (
        <Alert tone="error">{NOTIFICATION_TEXTS.loadFailed}</Alert>
      ) : inbox.data.notifications.length === 0 ? (
        <EmptyState>
          <p>{NOTIFICATION_TEXTS.empty}</p>
        </EmptyState>
      ) : (
        <>
          {inbox.data.unread > 0 && !readOnly ? (
            <p>
              <Button variant="secondary" busy={markAll.isPending} onClick={() => markAll.mutate()}>
                {NOTIFICATION_TEXTS.markAllRead}
              </Button>
            </p>
          ) : null}
          {markAll.isError ? <Alert tone="error">{markAll.error.message}</Alert> : null}
          <ul className="inbox-list" aria-label={NOTIFICATION_TEXTS.inboxTitle}>
            {inbox.data.notifications.map((n) => (
              <Message key={n.id} notification={n} readOnly={readOnly} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
