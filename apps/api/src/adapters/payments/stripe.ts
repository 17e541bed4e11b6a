import Stripe from 'stripe';
import { type ChargeResult, PAYMENT_TEXTS, PaymentError, type PaymentProvider } from './payments.ts';

/** Where the SDK sends its requests; tests point it at a local fake server. */
export type StripeOptions = Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol' | 'maxNetworkRetries'>;

/**
 * A saved card is the customer and its payment method, 'cus_…:pm_…'. A customer alone (saved under the
 * legacy Charges API) is charged through its default source.
 */
function savedCard(reference: string) {
  const [customer, paymentMethod] = reference.split(':');
  return { customer, ...(paymentMethod ? { payment_method: paymentMethod } : {}) };
}

/** Stripe's refusals as ours: a decline (402), a processing or service failure (500), a card problem (400). */
function failure(error: unknown): PaymentError {
  if (!(error instanceof Stripe.errors.StripeError))
    return new PaymentError('technical', PAYMENT_TEXTS.unreachable);
  if (error instanceof Stripe.errors.StripeCardError) {
    if (error.code === 'processing_error')
      return new PaymentError('technical', error.message || PAYMENT_TEXTS.processing);
    if (error.code === 'card_declined' || error.code === 'authentication_required' || error.decline_code)
      return new PaymentError('declined', error.message || PAYMENT_TEXTS.declined);
    return new PaymentError('card', error.message);
  }
  if (error instanceof Stripe.errors.StripeConnectionError)
    return new PaymentError('technical', PAYMENT_TEXTS.unreachable);
  return new PaymentError('technical', error.message || `Stripe answered ${error.statusCode ?? 'nothing'}`);
}

/** A PaymentIntent as a charge result; one that needs a new card (authentication failed) is a decline. */
function resultOf(intent: Stripe.PaymentIntent): ChargeResult {
  if (intent.status === 'succeeded') return { status: 'succeeded', paymentId: intent.id };
  if (intent.status === 'requires_action' && intent.client_secret)
    return { status: 'requires_action', paymentId: intent.id, clientSecret: intent.client_secret };
  if (intent.status === 'requires_payment_method' || intent.status === 'canceled')
    throw new PaymentError(
      'declined',
      intent.last_payment_error?.message ?? PAYMENT_TEXTS.authenticationFailed,
    );
  throw new PaymentError('technical', `The payment is ${intent.status}.`);
}

/**
 * Stripe through its official SDK (decision 032): PaymentIntents in AUD, confirmed at once with the
 * payment method from Stripe.js and an idempotency key, so a retried request returns the first intent.
 * One that needs 3-D Secure comes back as requires_action for the browser; a saved card is charged
 * off-session for renewals. The SDK pins its API version and retries network failures with the same key.
 */
export function stripePayments(secretKey: string, options: StripeOptions = {}): PaymentProvider {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 30_000, ...options });

  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw failure(error);
    }
  }

  return {
    name: 'stripe',
    async charge(request) {
      const source =
        'token' in request.source
          ? { payment_method: request.source.token }
          : {
              ...savedCard(request.source.customer),
              // On-session the card is kept for renewals; off-session nobody is there to authenticate.
              ...(request.offSession
                ? { off_session: true }
                : { setup_future_usage: 'off_session' as const }),
            };
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'aud',
            description: request.description,
            // The card from Stripe.js, confirmed here; 3-D Secure happens in the page, never by a redirect.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            ...source,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return resultOf(intent);
    },
    async retrieve(paymentId) {
      return resultOf(await call(() => stripe.paymentIntents.retrieve(paymentId)));
    },
    async saveCard(token, email, idempotencyKey) {
      const customer = await call(() =>
        stripe.customers.create({ email, payment_method: token }, { idempotencyKey }),
      );
      return `${customer.id}:${token}`;
    },
    async refund(paymentId, { amountCents, idempotencyKey } = {}) {
      // Orders paid before PaymentIntents carry a charge id.
      const target = paymentId.startsWith('ch_') ? { charge: paymentId } : { payment_intent: paymentId };
      await call(() =>
        stripe.refunds.create(
          { ...target, ...(amountCents ? { amount: amountCents } : {}) },
          { idempotencyKey: idempotencyKey ?? `refund-${paymentId}` },
        ),
      );
    },
    async removeCard(reference) {
      // Deleting the customer detaches its cards; one deleted before (a resumed closure) is gone already.
      const { customer } = savedCard(reference);
      if (!customer?.startsWith('cus_')) return;
      try {
        await stripe.customers.del(customer);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return;
        throw failure(error);
      }
    },
  };
}
