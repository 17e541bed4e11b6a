import { ORDER_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPayments } from '../../adapters/payments/embedded.ts';
import { PAYMENT_TEXTS } from '../../adapters/payments/payments.ts';
import { orders, promoCodes, subscriptions, testPaymentCharges } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';
import { runRenewals } from './subscriptions.service.ts';

/**
 * 3-D Secure on the embedded provider, as with Stripe's test cards: 4000 0027 6000 3184 asks for
 * authentication every time, 4000 0025 0000 3155 only until it is saved for renewals.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000', PAYMENT_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const CARDS = { threeDs: '4000 0027 6000 3184', threeDsOnce: '4000 0025 0000 3155' };
let keyCounter = 0;
const newKey = () => `tds-key-${Date.now()}-${keyCounter++}`;

async function token(accessToken: string, number: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/test-tokens',
    headers: bearer(accessToken),
    payload: { number, expMonth: 12, expYear: 2099, cvc: '123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

const kitOrder = (user: { email: string }, stripeToken: string, amount = 349, extra: object = {}) => ({
  purchaserEmail: user.email,
  purchaserFirstName: 'Ada',
  purchaserLastName: 'Lovelace',
  orderType: 'NEW',
  orderItems: [{ orderItemType: 'KIT', deliveryOption: 'SEND_LATER', unitPrice: 349, ...extra }],
  amount,
  stripeToken,
  description: 'Kits',
});

const subscriptionOrder = (user: { email: string }, stripeToken: string) => ({
  ...kitOrder(user, stripeToken, 279),
  orderItems: [
    {
      orderItemType: 'SUBSCRIPTION',
      deliveryOption: 'SEND_NOW_MY_ADDRESS',
      subscriptionType: 'EVERY_THREE_MONTHS',
      unitPrice: 279,
      deliveryAddress: {
        addressLine1: '1 George St',
        addressLine2: null,
        suburb: 'Brisbane City',
        state: 'QLD',
        postcode: '4000',
      },
    },
  ],
});

const post = (accessToken: string, payload: object, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': key },
    payload,
  });

const authenticate = (accessToken: string, clientSecret: string, complete: boolean) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/test-authentications',
    headers: bearer(accessToken),
    payload: { clientSecret, complete },
  });

const ordersOf = (userId: string) => t.database.db.select().from(orders).where(eq(orders.userId, userId));
const usesLeft = async (code: string) =>
  (await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]?.remainingUsage;

describe('a card that asks for 3-D Secure', () => {
  it('answers 202 with the client secret, places nothing until the provider says it succeeded, then places it once', async () => {
    const code = `TDS${Date.now()}`;
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: ops,
      payload: { code, type: 'AMOUNT', value: 10, remainingUsage: 1 },
    });
    const user = await signedInUser(t.app);
    const body = kitOrder(user, await token(user.accessToken, CARDS.threeDs), 339, { promotionalCode: code });
    const key = newKey();

    const first = await post(user.accessToken, body, key);
    expect(first.statusCode, first.body).toBe(202);
    const { requiresAction, clientSecret } = first.json();
    expect(requiresAction).toBe(true);
    expect(clientSecret).toMatch(/^pi_embedded_\w+_secret_\w+$/);
    expect(await ordersOf(user.id)).toEqual([]);
    // Nothing is held while the person authenticates.
    expect(await usesLeft(code)).toBe(1);

    // Sending the order again without authenticating does not place it: the server asks the provider.
    const early = await post(user.accessToken, body, key);
    expect(early.statusCode).toBe(202);
    expect(early.json().clientSecret).toBe(clientSecret);
    expect(await ordersOf(user.id)).toEqual([]);

    expect((await authenticate(user.accessToken, 'pi_embedded_x_secret_forged', true)).statusCode).toBe(400);
    expect((await authenticate(user.accessToken, clientSecret, true)).statusCode).toBe(204);

    const placed = await post(user.accessToken, body, key);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ amount: 339, discount: 10, kitIds: [expect.any(Number)] });
    expect(await usesLeft(code)).toBe(0);
    const again = await post(user.accessToken, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().orderId).toBe(placed.json().orderId);
    expect(await ordersOf(user.id)).toHaveLength(1);
    const charges = await t.database.db
      .select()
      .from(testPaymentCharges)
      .where(eq(testPaymentCharges.idempotencyKey, key));
    expect(charges).toMatchObject([{ status: 'succeeded', amountCents: 33_900, refundedAt: null }]);
    expect(placed.json().paymentId).toBe(charges[0]?.id);
  });

  it('is refused with the spec text when authentication fails, placing nothing', async () => {
    const user = await signedInUser(t.app);
    const body = kitOrder(user, await token(user.accessToken, CARDS.threeDs));
    const key = newKey();
    const first = await post(user.accessToken, body, key);
    expect(first.statusCode).toBe(202);
    expect((await authenticate(user.accessToken, first.json().clientSecret, false)).statusCode).toBe(204);
    const refused = await post(user.accessToken, body, key);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe('Your credit card transaction has been rejected.');
    expect(refused.json().message).toBe(ORDER_MESSAGES.paymentRejected);
    expect(await ordersOf(user.id)).toEqual([]);
    // A completed step cannot be replayed on a refused payment.
    expect((await authenticate(user.accessToken, first.json().clientSecret, true)).statusCode).toBe(400);
  });
});

describe('subscriptions paid with a 3-D Secure card', () => {
  async function subscribe(card: string) {
    const user = await signedInUser(t.app);
    const body = subscriptionOrder(user, await token(user.accessToken, card));
    const key = newKey();
    const first = await post(user.accessToken, body, key);
    expect(first.statusCode, first.body).toBe(202);
    await authenticate(user.accessToken, first.json().clientSecret, true);
    const placed = await post(user.accessToken, body, key);
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json().subscriptionId as number;
  }
  const subscription = async (id: number) =>
    (await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

  it('renew off-session: a card saved after authenticating renews, one that always asks fails the renewal', async () => {
    const once = await subscribe(CARDS.threeDsOnce);
    const always = await subscribe(CARDS.threeDs);
    await runRenewals(t.app.ctx, embeddedPayments(t.database.db), new Date(Date.now() + 100 * 86_400_000));
    expect(await subscription(once)).toMatchObject({ renewals: 1, lastRenewalError: null });
    expect(await subscription(always)).toMatchObject({
      renewals: 0,
      lastRenewalError: PAYMENT_TEXTS.authenticationRequired,
    });
  });
});
