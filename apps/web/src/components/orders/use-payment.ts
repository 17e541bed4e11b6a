import type { OrderRequest, OrderResult } from '@portal/domain';
import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useConfig } from '../../lib/config.ts';
import { placeOrder } from '../../lib/orders-api.ts';
import type { CardEntry } from './card-tokenizer.ts';
import { ORDER_TEXTS } from './orders-texts.ts';
import { mayHaveReachedServer, paymentErrorText } from './payment-errors.ts';

/** An order as the page builds it; the card token is added when paying. */
export type OrderDraft = Omit<OrderRequest, 'stripeToken'>;

type Attempt = { key: string; body: OrderRequest; signature: string };

/**
 * One payment at a time, never taken twice. Each attempt gets a card token and a fresh Idempotency-Key;
 * a card that asks for 3-D Secure is authenticated between two sends of the same request;
 * when the answer was lost (network error, gateway timeout, still in progress) and the person pays
 * again with nothing changed, the very same request and key go again, so the server answers with the
 * first outcome instead of charging a second time.
 */
export function usePayment(onPaid: (result: OrderResult) => void) {
  const { supportPhone } = useConfig();
  const unsettled = useRef<Attempt | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function pay(order: OrderDraft, card: CardEntry) {
    if (busy) return;
    setBusy(true);
    setError(null);
    setFieldErrors({});
    const signature = JSON.stringify([order, card.version]);
    let attempt = unsettled.current?.signature === signature ? unsettled.current : null;
    try {
      if (!attempt) {
        const token = await card.tokenize();
        attempt = { key: crypto.randomUUID(), body: { ...order, stripeToken: token.id }, signature };
      }
      let result = await placeOrder(attempt.body, attempt.key);
      if ('requiresAction' in result) {
        // 3-D Secure: the person authenticates, then the same request asks the server how it ended.
        await card.authenticate(result.clientSecret);
        result = await placeOrder(attempt.body, attempt.key);
      }
      if ('requiresAction' in result) {
        // Not authenticated yet (the step was closed): Pay again resumes this very payment.
        unsettled.current = attempt;
        setError(ORDER_TEXTS.authenticationIncomplete);
        return;
      }
      unsettled.current = null;
      onPaid(result);
    } catch (caught) {
      unsettled.current = attempt && mayHaveReachedServer(caught) ? attempt : null;
      setError(paymentErrorText(caught, supportPhone));
      if (caught instanceof ApiError && caught.status === 400 && caught.fields) setFieldErrors(caught.fields);
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, fieldErrors, pay };
}
