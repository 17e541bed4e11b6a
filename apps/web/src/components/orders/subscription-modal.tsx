import {
  isActiveSubscription,
  ORDER_MESSAGES,
  type OrderResult,
  planOf,
  type ShippingAddress,
  type SubscriptionType,
} from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { type CurrentUser, useCurrentUser } from '../../lib/current-user.ts';
import { useInvalidateKits } from '../../lib/kits-api.ts';
import { useInvalidateSubscription, useSubscription } from '../../lib/orders-api.ts';
import { addressFromProfile, toShippingAddress } from '../address/address-draft.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Loading } from '../ui/loading.tsx';
import { Modal } from '../ui/modal.tsx';
import { useStepFocus } from '../ui/use-step-focus.ts';
import { quotePlan } from './order-pricing.ts';
import { OrderSuccess } from './order-success.tsx';
import { OrderSummary } from './order-summary.tsx';
import { ORDER_TEXTS } from './orders-texts.ts';
import { PaymentStep, type Purchaser } from './payment-step.tsx';
import { PlanStep } from './plan-step.tsx';

type Props = { open: boolean; onClose: () => void };

/**
 * Consumer §2 Subscription purchase: page 0 choose a plan, page 1 pay, then success. The kits go to
 * the profile's address, so paying needs a complete one (§5). Mounted only while open.
 */
export function SubscriptionModal({ open, onClose }: Props) {
  return open ? <OpenSubscriptionModal onClose={onClose} /> : null;
}

/** Asks whether a subscription is already running only once the modal is open. */
function OpenSubscriptionModal({ onClose }: { onClose: () => void }) {
  const user = useCurrentUser();
  const subscription = useSubscription();
  if (!user.data || subscription.isPending) {
    const error = user.error ?? subscription.error;
    return (
      <Modal open onClose={onClose} title={ORDER_TEXTS.startSubscription}>
        {error ? <Alert tone="error">{error.message}</Alert> : <Loading />}
      </Modal>
    );
  }
  const current = subscription.data ?? null;
  const hasActive = current !== null && isActiveSubscription(current, user.data.id);
  return <SubscriptionFlow user={user.data} hasActive={hasActive} onClose={onClose} />;
}

type Page = 0 | 1 | 'success';

function SubscriptionFlow({
  user,
  hasActive,
  onClose,
}: {
  user: CurrentUser;
  hasActive: boolean;
  onClose: () => void;
}) {
  const invalidateKits = useInvalidateKits();
  const invalidateSubscription = useInvalidateSubscription();
  const [page, setPage] = useState<Page>(0);
  const [planType, setPlanType] = useState<SubscriptionType | null>(null);
  const [done, setDone] = useState<{ result: OrderResult; purchaser: Purchaser } | null>(null);
  const pageRef = useStepFocus<HTMLDivElement>(String(page));
  const plan = planType ? planOf(planType) : null;
  const address = toShippingAddress(addressFromProfile(user));

  function paid(result: OrderResult, purchaser: Purchaser) {
    setDone({ result, purchaser });
    setPage('success');
    void invalidateKits();
    void invalidateSubscription();
  }

  const title = page === 'success' ? ORDER_TEXTS.subscriptionSuccessTitle : ORDER_TEXTS.startSubscription;
  return (
    <Modal open onClose={onClose} title={title}>
      <div ref={pageRef} tabIndex={-1} className="modal-step">
        {page === 0 && hasActive ? (
          <Alert tone="info">
            <p>{ORDER_MESSAGES.subscriptionActive}</p>
            <p>
              <Link to="/profile" onClick={onClose}>
                {ORDER_TEXTS.hasSubscription}
              </Link>
            </p>
          </Alert>
        ) : null}
        {page === 0 && !hasActive ? (
          <PlanStep value={planType} onChange={setPlanType} onContinue={() => setPage(1)} />
        ) : null}
        {page === 1 && plan ? (
          <SubscriptionPayment
            user={user}
            plan={plan}
            address={address}
            onPaid={paid}
            onBack={() => setPage(0)}
            onClose={onClose}
          />
        ) : null}
        {page === 'success' && done && plan ? (
          <OrderSuccess
            orderNumber={done.result.orderNumber}
            receiptEmail={done.purchaser.purchaserEmail}
            onDone={onClose}
          >
            <p>{ORDER_TEXTS.subscriptionNext(plan.intervalMonths)}</p>
          </OrderSuccess>
        ) : null}
      </div>
    </Modal>
  );
}

type PaymentProps = {
  user: CurrentUser;
  plan: NonNullable<ReturnType<typeof planOf>>;
  address: ShippingAddress | null;
  onPaid: (result: OrderResult, purchaser: Purchaser) => void;
  onBack: () => void;
  onClose: () => void;
};

/** Page 1: the plan's first payment, sent to the profile's address; without one there is nothing to pay. */
function SubscriptionPayment({ user, plan, address, onPaid, onBack, onClose }: PaymentProps) {
  const quote = quotePlan(plan);
  const summary = (
    <OrderSummary
      lines={[{ label: `${plan.label}: 1 kit`, cents: quote.subtotalCents }]}
      totalCents={quote.totalCents}
    />
  );
  if (!address) {
    return (
      <>
        {summary}
        <Alert tone="error">
          <p>{ORDER_MESSAGES.subscriptionAddress}</p>
          <p>
            <Link to="/profile" onClick={onClose}>
              {ORDER_TEXTS.completeProfile}
            </Link>
          </p>
        </Alert>
        <div className="form-actions">
          <Button variant="secondary" onClick={onBack}>
            {ORDER_TEXTS.back}
          </Button>
        </div>
      </>
    );
  }
  return (
    <PaymentStep
      user={user}
      totalCents={quote.totalCents}
      summary={summary}
      buildOrder={(purchaser) => ({
        ...purchaser,
        orderType: 'NEW',
        orderItems: [
          {
            orderItemType: 'SUBSCRIPTION',
            deliveryOption: 'SEND_NOW_MY_ADDRESS',
            subscriptionType: plan.type,
            unitPrice: plan.priceCents / 100,
            deliveryAddress: address,
          },
        ],
        amount: quote.totalCents / 100,
        description: `Subscription: ${plan.label}`,
      })}
      onPaid={onPaid}
      onBack={onBack}
    >
      <section className="payment-address">
        <h3>{ORDER_TEXTS.deliveryAddress}</h3>
        <p className="field-hint">{ORDER_TEXTS.deliveryHint}</p>
        <address>
          {[
            address.addressLine1,
            address.addressLine2,
            `${address.suburb} ${address.state} ${address.postcode}`,
          ]
            .filter(Boolean)
            .map((line) => (
              <span key={line} className="payment-address-line">
                {line}
              </span>
            ))}
        </address>
        <p>
          <Link to="/profile" onClick={onClose}>
            {ORDER_TEXTS.editAddress}
          </Link>
        </p>
      </section>
    </PaymentStep>
  );
}
