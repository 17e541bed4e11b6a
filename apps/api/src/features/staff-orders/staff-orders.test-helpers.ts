import { expect } from 'vitest';
import { subscriptions } from '../../db/schema/index.ts';
import { bearer, type TestApp } from '../../test/helpers.ts';

/** Stripe's test cards, as the embedded provider takes them. */
export const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };

let keys = 0;

/** A card token of the embedded provider, made by the person as the checkout page does. */
export async function cardToken(t: TestApp, accessToken: string, number = CARDS.ok): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/test-tokens',
    headers: bearer(accessToken),
    payload: { number, expMonth: 12, expYear: 2099, cvc: '123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

/**
 * A paid order of `count` kits sent later (2 unless given), placed by the person through the checkout
 * API; with a promo code, `amount` is the total after its discount.
 */
export async function placeKitOrder(
  t: TestApp,
  person: { email: string; accessToken: string },
  options: { count?: number; promotionalCode?: string; amount?: number } = {},
): Promise<{ orderId: number; paymentId: string; kitIds: number[]; amount: number }> {
  const { count = 2, promotionalCode } = options;
  const stripeToken = await cardToken(t, person.accessToken);
  const amount = options.amount ?? 349 * count;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(person.accessToken), 'idempotency-key': `staff-orders-${Date.now()}-${keys++}` },
    payload: {
      purchaserEmail: person.email,
      purchaserFirstName: 'Ada',
      purchaserLastName: 'Lovelace',
      orderType: 'NEW',
      orderItems: Array.from({ length: count }, () => ({
        orderItemType: 'KIT',
        deliveryOption: 'SEND_LATER',
        unitPrice: 349,
        ...(promotionalCode ? { promotionalCode } : {}),
      })),
      amount,
      stripeToken,
      description: 'Kits',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A subscription due now whose saved card is `token` (the embedded provider's saved-card reference). */
export async function dueSubscription(t: TestApp, userId: string, token: string) {
  const [sub] = await t.database.db
    .insert(subscriptions)
    .values({
      consumerUserId: userId,
      subscriptionType: 'EVERY_THREE_MONTHS',
      unitPriceCents: 27900,
      intervalMonths: 3,
      paymentCustomer: `cus_embedded_${token}`,
      provider: 'embedded',
      addressLine1: '1 Test St',
      suburb: 'Brisbane City',
      state: 'QLD',
      postcode: '4000',
      nextRenewalAt: new Date(Date.now() - 60_000),
    })
    .returning();
  if (!sub) throw new Error('no subscription');
  return sub;
}
