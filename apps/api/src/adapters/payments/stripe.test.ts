import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentError } from './payments.ts';
import { stripePayments } from './stripe.ts';

type Seen = { method: string; path: string; headers: http.IncomingHttpHeaders; form: Record<string, string> };
type Answer = { status: number; body: unknown };

/**
 * A local stand-in for api.stripe.com: the SDK is pointed at it with its host/port/protocol options,
 * answers come from a queue of recorded Stripe responses, and every request is kept. No network.
 */
const seen: Seen[] = [];
let answers: Answer[] = [];
const server = http.createServer((request, response) => {
  let raw = '';
  request.on('data', (chunk) => {
    raw += chunk;
  });
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    seen.push({
      method: request.method ?? '',
      path: url.pathname,
      headers: request.headers,
      form: Object.fromEntries(new URLSearchParams(raw || url.search)),
    });
    const answer = answers.shift() ?? {
      status: 500,
      body: { error: { type: 'api_error', message: 'no answer' } },
    };
    response.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': 'req_fake' });
    response.end(JSON.stringify(answer.body));
  });
});

let stripe: ReturnType<typeof stripePayments>;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stripe = stripePayments('sk_test_fake', {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  answers = [];
});

const reply = (status: number, body: unknown) => answers.push({ status, body });

// Shapes as Stripe documents and returns them (trimmed to the fields that matter).
const intent = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 'pi_3Recorded',
  object: 'payment_intent',
  amount: 34_900,
  currency: 'aud',
  status,
  client_secret: 'pi_3Recorded_secret_abc',
  last_payment_error: null,
  ...extra,
});
const cardError = (code: string, message: string, decline_code?: string) => ({
  error: { type: 'card_error', code, message, ...(decline_code ? { decline_code } : {}) },
});

const order = {
  amountCents: 34_900,
  source: { token: 'pm_card_visa' },
  description: 'Kits',
  idempotencyKey: 'key-123',
};

describe('Stripe adapter (the stripe SDK against a local fake Stripe)', () => {
  it('creates and confirms a PaymentIntent in AUD with the idempotency key and the secret key', async () => {
    reply(200, intent('succeeded'));
    expect(await stripe.charge(order)).toEqual({ status: 'succeeded', paymentId: 'pi_3Recorded' });
    const [call] = seen;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/payment_intents');
    expect(call?.headers.authorization).toBe('Bearer sk_test_fake');
    expect(call?.headers['idempotency-key']).toBe('key-123');
    expect(call?.headers['stripe-version']).toBeTruthy();
    expect(call?.form).toMatchObject({
      amount: '34900',
      currency: 'aud',
      description: 'Kits',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    });
  });

  it('hands back the client secret when the card asks for 3-D Secure, and retrieves how it ended', async () => {
    reply(200, intent('requires_action', { next_action: { type: 'use_stripe_sdk' } }));
    expect(await stripe.charge(order)).toEqual({
      status: 'requires_action',
      paymentId: 'pi_3Recorded',
      clientSecret: 'pi_3Recorded_secret_abc',
    });
    reply(200, intent('succeeded'));
    expect(await stripe.retrieve('pi_3Recorded')).toEqual({ status: 'succeeded', paymentId: 'pi_3Recorded' });
    expect(seen[1]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_3Recorded' });
  });

  it('treats a failed authentication (requires_payment_method) as a decline with Stripe’s message', async () => {
    const message =
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    reply(
      200,
      intent('requires_payment_method', {
        last_payment_error: { code: 'payment_intent_authentication_failure', message },
      }),
    );
    const error = await stripe.retrieve('pi_3Recorded').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentError);
    expect(error).toMatchObject({ kind: 'declined', message });
  });

  it('saves a card as a customer with its payment method, charges it on-session to keep it, and off-session for renewals', async () => {
    reply(200, { id: 'cus_QRecorded', object: 'customer', email: 'ada@example.com' });
    const saved = await stripe.saveCard('pm_card_visa', 'ada@example.com', 'k-card');
    expect(saved).toBe('cus_QRecorded:pm_card_visa');
    expect(seen[0]).toMatchObject({
      path: '/v1/customers',
      form: { email: 'ada@example.com', payment_method: 'pm_card_visa' },
    });
    expect(seen[0]?.headers['idempotency-key']).toBe('k-card');

    reply(200, intent('succeeded'));
    await stripe.charge({ ...order, source: { customer: saved } });
    expect(seen[1]?.form).toMatchObject({
      customer: 'cus_QRecorded',
      payment_method: 'pm_card_visa',
      setup_future_usage: 'off_session',
    });

    reply(200, intent('succeeded'));
    await stripe.charge({
      ...order,
      source: { customer: saved },
      idempotencyKey: 'renewal-1-1',
      offSession: true,
    });
    expect(seen[2]?.form).toMatchObject({
      customer: 'cus_QRecorded',
      payment_method: 'pm_card_visa',
      off_session: 'true',
    });
    expect(seen[2]?.form.setup_future_usage).toBeUndefined();
  });

  it('charges a customer saved before PaymentIntents through its default source', async () => {
    reply(200, intent('succeeded'));
    await stripe.charge({ ...order, source: { customer: 'cus_Legacy' }, offSession: true });
    expect(seen[0]?.form.customer).toBe('cus_Legacy');
    expect(seen[0]?.form.payment_method).toBeUndefined();
  });

  it('refunds a PaymentIntent, or a charge from before them', async () => {
    reply(200, { id: 're_1', object: 'refund', status: 'succeeded' });
    await stripe.refund('pi_3Recorded');
    expect(seen[0]).toMatchObject({ path: '/v1/refunds', form: { payment_intent: 'pi_3Recorded' } });
    expect(seen[0]?.headers['idempotency-key']).toBe('refund-pi_3Recorded');
    reply(200, { id: 're_2', object: 'refund', status: 'succeeded' });
    await stripe.refund('ch_3Old');
    expect(seen[1]?.form).toEqual({ charge: 'ch_3Old' });
  });

  it('refunds part of a payment under the caller’s idempotency key (an unsent kit of a closed account)', async () => {
    reply(200, { id: 're_3', object: 'refund', status: 'succeeded' });
    await stripe.refund('pi_3Recorded', { amountCents: 34_900, idempotencyKey: 'closure-c1-kit-7' });
    expect(seen[0]?.form).toEqual({ payment_intent: 'pi_3Recorded', amount: '34900' });
    expect(seen[0]?.headers['idempotency-key']).toBe('closure-c1-kit-7');
  });

  it('forgets a saved card by deleting its customer; one already deleted is not an error', async () => {
    reply(200, { id: 'cus_Saved', object: 'customer', deleted: true });
    await stripe.removeCard('cus_Saved:pm_card_visa');
    expect(seen[0]).toMatchObject({ method: 'DELETE', path: '/v1/customers/cus_Saved' });
    reply(404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such customer' },
    });
    await stripe.removeCard('cus_Saved');
    reply(500, { error: { type: 'api_error', message: 'Stripe is down' } });
    await expect(stripe.removeCard('cus_Other')).rejects.toBeInstanceOf(PaymentError);
  });

  it.each([
    [402, cardError('card_declined', 'Your card was declined.', 'generic_decline'), 'declined'],
    [
      402,
      cardError(
        'authentication_required',
        'Your card was declined. This transaction requires authentication.',
        'authentication_required',
      ),
      'declined',
    ],
    [
      402,
      cardError(
        'processing_error',
        'An error occurred while processing your card. Try again in a little bit.',
      ),
      'technical',
    ],
    [402, cardError('incorrect_number', 'Your card number is incorrect.'), 'card'],
    [500, { error: { type: 'api_error', message: 'An unknown error occurred' } }, 'technical'],
  ])('maps a %i answer to a %s failure, keeping Stripe’s message', async (status, body, kind) => {
    reply(status, body);
    const error = await stripe.charge(order).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentError);
    expect(error).toMatchObject({ kind, message: body.error.message });
  });

  it('treats an unreachable Stripe as a technical failure', async () => {
    const closed = stripePayments('sk_test_fake', {
      host: '127.0.0.1',
      port: 9,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const error = await closed.charge(order).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'technical' });
  });
});
