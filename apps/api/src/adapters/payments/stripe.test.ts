import { describe, expect, it } from 'vitest';
import { PaymentError } from './payments.ts';
import { stripePayments } from './stripe.ts';

type Call = { url: string; init: RequestInit };

/** Replays one recorded Stripe answer and keeps what was sent. */
function replay(status: number, body: unknown) {
  const calls: Call[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls, stripe: stripePayments('sk_test_recorded', fetchImpl) };
}

// Shapes as Stripe documents and returns them (trimmed to the fields that matter).
const RECORDED = {
  charge: {
    id: 'ch_3PqRecorded',
    object: 'charge',
    amount: 34_900,
    currency: 'aud',
    paid: true,
    status: 'succeeded',
  },
  customer: { id: 'cus_QRecorded', object: 'customer', email: 'ada@example.com' },
  refund: { id: 're_3PqRecorded', object: 'refund', charge: 'ch_3PqRecorded', status: 'succeeded' },
  declined: {
    error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      charge: 'ch_3PqDeclined',
    },
  },
  processing: {
    error: {
      type: 'card_error',
      code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
  incorrectNumber: {
    error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' },
  },
  apiError: { error: { type: 'api_error', message: 'An unknown error occurred' } },
};

describe('Stripe adapter against recorded responses', () => {
  it('charges a token in AUD with the idempotency key and a pinned API version', async () => {
    const { calls, stripe } = replay(200, RECORDED.charge);
    const result = await stripe.charge({
      amountCents: 34_900,
      source: { token: 'tok_visa' },
      description: 'Kits',
      idempotencyKey: 'key-123',
    });
    expect(result).toEqual({ paymentId: 'ch_3PqRecorded' });
    const [call] = calls;
    expect(call?.url).toBe('https://api.stripe.com/v1/charges');
    const headers = call?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer sk_test_recorded');
    expect(headers['Idempotency-Key']).toBe('key-123');
    expect(headers['Stripe-Version']).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(String(call?.init.body)))).toEqual({
      amount: '34900',
      currency: 'aud',
      description: 'Kits',
      source: 'tok_visa',
    });
  });

  it('charges a saved customer and saves a card as a customer', async () => {
    const charge = replay(200, RECORDED.charge);
    await charge.stripe.charge({
      amountCents: 27_900,
      source: { customer: 'cus_QRecorded' },
      description: 'Renewal',
      idempotencyKey: 'r-1-1',
    });
    expect(new URLSearchParams(String(charge.calls[0]?.init.body)).get('customer')).toBe('cus_QRecorded');
    const save = replay(200, RECORDED.customer);
    expect(await save.stripe.saveCard('tok_visa', 'ada@example.com', 'k-card')).toBe('cus_QRecorded');
    expect(save.calls[0]?.url).toBe('https://api.stripe.com/v1/customers');
  });

  it('refunds a charge', async () => {
    const { calls, stripe } = replay(200, RECORDED.refund);
    await stripe.refund('ch_3PqRecorded');
    expect(calls[0]?.url).toBe('https://api.stripe.com/v1/refunds');
    expect(new URLSearchParams(String(calls[0]?.init.body)).get('charge')).toBe('ch_3PqRecorded');
  });

  it.each([
    [402, RECORDED.declined, 'declined'],
    [402, RECORDED.processing, 'technical'],
    [402, RECORDED.incorrectNumber, 'card'],
    [500, RECORDED.apiError, 'technical'],
  ])('maps a %i answer to a %s failure', async (status, body, kind) => {
    const { stripe } = replay(status, body);
    const error = await stripe
      .charge({ amountCents: 100, source: { token: 'tok' }, description: 'x', idempotencyKey: 'k' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentError);
    expect((error as PaymentError).kind).toBe(kind);
  });

  it('treats an unreachable Stripe as a technical failure', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const error = await stripePayments('sk', failing)
      .charge({ amountCents: 100, source: { token: 'tok' }, description: 'x', idempotencyKey: 'k' })
      .catch((e: unknown) => e);
    expect((error as PaymentError).kind).toBe('technical');
  });
});
