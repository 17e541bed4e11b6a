import { isActiveSubscription, type Subscription } from '@portal/domain';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';
import { useCancelSubscription, useSubscription } from '../../lib/orders-api.ts';
import { useSession } from '../../lib/session.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Loading } from '../ui/loading.tsx';
import { Modal } from '../ui/modal.tsx';
import { dollars, formatOrderDate } from './order-pricing.ts';
import { ORDER_TEXTS } from './orders-texts.ts';
import { SubscriptionModal } from './subscription-modal.tsx';

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : CLIENT_MESSAGES.unexpected;

/**
 * My Profile's subscription management (consumer §2 Profile): the running plan with its price and next
 * renewal and a confirmed cancel; a cancelled or missing subscription offers a new one.
 */
export function SubscriptionSection() {
  const headingId = useId();
  const { userId } = useSession();
  const subscription = useSubscription();
  const [buying, setBuying] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cancelledDate = subscription.data?.cancelledDate ?? null;
  const wasActive = useRef(false);
  // The cancel button and its dialog are gone once cancelled; focus goes to the section instead.
  useEffect(() => {
    if (wasActive.current && cancelledDate) headingRef.current?.focus();
    wasActive.current = subscription.data != null && cancelledDate === null;
  }, [subscription.data, cancelledDate]);

  let body: ReactNode;
  if (subscription.isPending) body = <Loading />;
  else if (subscription.isError) body = <Alert tone="error">{errorText(subscription.error)}</Alert>;
  else if (subscription.data && isActiveSubscription(subscription.data, userId ?? ''))
    body = <ActiveSubscription subscription={subscription.data} />;
  else
    body = (
      <>
        <p>
          {subscription.data?.cancelledDate
            ? ORDER_TEXTS.cancelledOn(
                subscription.data.label,
                formatOrderDate(subscription.data.cancelledDate),
              )
            : ORDER_TEXTS.noSubscription}
        </p>
        <Button onClick={() => setBuying(true)}>{ORDER_TEXTS.startSubscription}</Button>
      </>
    );

  return (
    <section className="card profile-section subscription-section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {ORDER_TEXTS.subscriptionTitle}
      </h2>
      {body}
      <SubscriptionModal open={buying} onClose={() => setBuying(false)} />
    </section>
  );
}

function ActiveSubscription({ subscription }: { subscription: Subscription }) {
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);

  function confirmCancel() {
    cancel.mutate(subscription.id, { onError: () => setConfirming(false) });
  }

  return (
    <>
      <dl className="subscription-facts">
        <div>
          <dt>{ORDER_TEXTS.plan}</dt>
          <dd>{subscription.label}</dd>
        </div>
        <div>
          <dt>{ORDER_TEXTS.price}</dt>
          <dd>{ORDER_TEXTS.perKit(dollars(Math.round(subscription.price * 100)))}</dd>
        </div>
        {subscription.nextRenewalDate ? (
          <div>
            <dt>{ORDER_TEXTS.nextRenewal}</dt>
            <dd>{formatOrderDate(subscription.nextRenewalDate)}</dd>
          </div>
        ) : null}
      </dl>
      {cancel.isError ? <Alert tone="error">{errorText(cancel.error)}</Alert> : null}
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {ORDER_TEXTS.cancelSubscription}
      </Button>
      <Modal open={confirming} onClose={() => setConfirming(false)} title={ORDER_TEXTS.cancelTitle}>
        <p>{ORDER_TEXTS.cancelText}</p>
        <div className="form-actions">
          <Button busy={cancel.isPending} onClick={confirmCancel}>
            {ORDER_TEXTS.confirmCancel}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {ORDER_TEXTS.keepSubscription}
          </Button>
        </div>
      </Modal>
    </>
  );
}
