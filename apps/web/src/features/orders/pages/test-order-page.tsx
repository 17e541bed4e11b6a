import {
  canUseTestOrders,
  formatMoney,
  MAX_KITS_PER_ORDER,
  type OrderResult,
  PRICES,
  SAMPLE_PURCHASERS,
} from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { Navigate } from 'react-router';
import { CardFields } from '../../../components/orders/card-fields.tsx';
import {
  type CardDetails,
  type CardEntry,
  embeddedCardEntry,
  NO_CARD_ENTRY,
} from '../../../components/orders/card-tokenizer.ts';
import { QuantityStepper } from '../../../components/orders/quantity-stepper.tsx';
import { StripeCardField } from '../../../components/orders/stripe-card-field.tsx';
import { usePayment } from '../../../components/orders/use-payment.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useConfig } from '../../../lib/config.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useInvalidateKits } from '../../../lib/kits-api.ts';

export const TEST_ORDER_TEXTS = {
  title: 'Test orders',
  intro:
    'Internal page for staff: places real orders through the payment provider for a sample purchaser, to check the order flow end to end. It is not available in production.',
  purchaser: 'Sample purchaser',
  quantity: 'Kits',
  place: 'Place test order',
  placed: (orderNumber: string, kits: number, amount: string) =>
    `Order ${orderNumber} placed: ${kits} ${kits === 1 ? 'kit' : 'kits'}, $${amount}. The kits are now available kits of this account.`,
} as const;

/** Stripe's documented success card, so a test order goes through unless staff type another one. */
const TEST_CARD: CardDetails = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/**
 * Research §2 "a test-order page with hard-coded sample purchasers posts orders (internal use)". Only
 * staff see it, and only outside production; anyone else is sent to the dashboard.
 */
export function TestOrderPage() {
  const { features } = useConfig();
  const user = useCurrentUser();
  if (user.isPending) return <Loading />;
  if (!canUseTestOrders(user.data?.authorities ?? [], Boolean(features.testOrders)))
    return <Navigate to="/dashboard" replace />;
  return <TestOrderForm />;
}

function TestOrderForm() {
  const { stripePublishableKey } = useConfig();
  const invalidateKits = useInvalidateKits();
  const [purchaserIndex, setPurchaserIndex] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const [card, setCard] = useState<CardDetails>(TEST_CARD);
  const [stripeCard, setStripeCard] = useState<CardEntry>(NO_CARD_ENTRY);
  const [placed, setPlaced] = useState<OrderResult | null>(null);
  const payment = usePayment((result) => {
    setPlaced(result);
    void invalidateKits();
  });
  const purchaser = SAMPLE_PURCHASERS[purchaserIndex] ?? SAMPLE_PURCHASERS[0];
  const unitPrice = PRICES.newKitCents / 100;

  function submit(event: FormEvent) {
    event.preventDefault();
    setPlaced(null);
    void payment.pay(
      {
        ...purchaser,
        orderType: 'NEW',
        orderItems: Array.from({ length: quantity }, () => ({
          orderItemType: 'KIT' as const,
          deliveryOption: 'SEND_LATER' as const,
          unitPrice,
        })),
        amount: (quantity * PRICES.newKitCents) / 100,
        description: `Test order: ${quantity} × kit`,
      },
      stripePublishableKey ? stripeCard : embeddedCardEntry(card),
    );
  }

  return (
    <>
      <h1>{TEST_ORDER_TEXTS.title}</h1>
      <p>{TEST_ORDER_TEXTS.intro}</p>
      <form className="card test-order" onSubmit={submit} noValidate>
        <fieldset>
          <legend>{TEST_ORDER_TEXTS.purchaser}</legend>
          {SAMPLE_PURCHASERS.map((p, index) => (
            <label key={p.purchaserEmail} className="radio">
              <input
                type="radio"
                name="purchaser"
                checked={index === purchaserIndex}
                onChange={() => setPurchaserIndex(index)}
              />
              {`${p.purchaserFirstName} ${p.purchaserLastName} (${p.purchaserEmail})`}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{TEST_ORDER_TEXTS.quantity}</legend>
          <QuantityStepper value={quantity} onChange={setQuantity} max={MAX_KITS_PER_ORDER} />
          <p>{`Total $${formatMoney(quantity * PRICES.newKitCents)}`}</p>
        </fieldset>
        {stripePublishableKey ? (
          <StripeCardField publishableKey={stripePublishableKey} onChange={setStripeCard} error={null} />
        ) : (
          <CardFields value={card} onChange={setCard} error={null} />
        )}
        {payment.error ? <Alert tone="error">{payment.error}</Alert> : null}
        {placed ? (
          <Alert tone="success">
            {TEST_ORDER_TEXTS.placed(
              placed.orderNumber,
              placed.kitIds.length,
              formatMoney(Math.round(placed.amount * 100)),
            )}
          </Alert>
        ) : null}
        <Button type="submit" disabled={payment.busy}>
          {TEST_ORDER_TEXTS.place}
        </Button>
      </form>
    </>
  );
}
