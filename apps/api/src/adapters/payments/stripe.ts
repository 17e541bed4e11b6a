import { PaymentError, type PaymentProvider } from './payments.ts';

type Fetch = typeof fetch;
type StripeError = { error?: { type?: string; code?: string; decline_code?: string; message?: string } };

const API = 'https://api.stripe.com/v1';

/**
 * Stripe over its REST API: charges a card token from Stripe Elements (or a saved customer) in AUD with
 * an Idempotency-Key, so a retried request returns the first charge. Card numbers never reach us.
 */
export function stripePayments(secretKey: string, fetchImpl: Fetch = fetch): PaymentProvider {
  async function call(path: string, form: Record<string, string>, idempotencyKey?: string) {
    let response: Response;
    try {
      response = await fetchImpl(`${API}${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${secretKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Stripe-Version': '2024-06-20',
          ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        },
        body: new URLSearchParams(form).toString(),
      });
    } catch {
      throw new PaymentError('technical', 'The payment service could not be reached.');
    }
    const body = (await response.json().catch(() => ({}))) as StripeError & Record<string, unknown>;
    if (response.ok) return body;
    const error = body.error ?? {};
    if (response.status === 402 && error.code === 'processing_error')
      throw new PaymentError('technical', error.message ?? 'Processing error');
    if (response.status === 402 && (error.code === 'card_declined' || error.decline_code))
      throw new PaymentError('declined', error.message ?? 'Your card was declined.');
    if (error.type === 'card_error')
      throw new PaymentError('card', error.message ?? 'Your card could not be charged.');
    throw new PaymentError('technical', error.message ?? `Stripe answered ${response.status}`);
  }

  return {
    name: 'stripe',
    async charge(request) {
      const source: Record<string, string> =
        'token' in request.source ? { source: request.source.token } : { customer: request.source.customer };
      const body = await call(
        '/charges',
        { amount: String(request.amountCents), currency: 'aud', description: request.description, ...source },
        request.idempotencyKey,
      );
      return { paymentId: String(body.id) };
    },
    async saveCard(token, email, idempotencyKey) {
      const body = await call('/customers', { source: token, email }, idempotencyKey);
      return String(body.id);
    },
    async refund(paymentId) {
      await call('/refunds', { charge: paymentId }, `refund-${paymentId}`);
    },
  };
}
