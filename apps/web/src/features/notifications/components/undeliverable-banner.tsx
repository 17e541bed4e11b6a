import { NOTIFICATION_TEXTS } from '@portal/domain';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.ts';
import { useConfirmAddress, useUnreadCount } from '../api.ts';

/**
 * After 3 hard bounces the person's address is marked undeliverable (issue 35): this asks them to check
 * it in My Profile, or to say it is right so that mail is tried again.
 */
export function UndeliverableBanner() {
  const status = useUnreadCount();
  const confirm = useConfirmAddress();
  const supportView = useSession().actorId !== null;
  if (!status.data?.emailUndeliverable) return null;
  return (
    <Alert tone="warning" className="banner">
      <p>{NOTIFICATION_TEXTS.undeliverableBanner}</p>
      <p className="banner-actions">
        <Link to="/profile">{NOTIFICATION_TEXTS.undeliverableAction}</Link>
        {supportView ? null : (
          <Button variant="secondary" busy={confirm.isPending} onClick={() => confirm.mutate()}>
            {NOTIFICATION_TEXTS.confirmAddress}
          </Button>
        )}
      </p>
      {confirm.isError ? <p role="alert">{confirm.error.message}</p> : null}
    </Alert>
  );
}
