import { ORDER_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPayments } from '../../adapters/payments/embedded.ts';
import type { PaymentProvider } from '../../adapters/payments/payments.ts';
import {
  kits,
  orders,
  outbox,
  paymentReconciliation,
  projects,
  promoCodes,
  subscriptions,
  testPaymentCharges,
} from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';
import { runRenewals } from './subscriptions.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000', PAYMENT_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', error: '4000 0000 0000 0119' };
const address = {
  addressLine1: '1 George St',
  addressLine2: null,
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
};
let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${keyCounter++}`;

async function token(app: TestApp['app'], accessToken: string, number = CARDS.ok) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/test-tokens',
    headers: bearer(accessToken),
    payload: { number, expMonth: 12, expYear: 2099, cvc: '123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

function kitOrder(
  user: { email: string },
  stripeToken: string,
  count: number,
  amount: number,
  extra: object = {},
) {
  return {
    purchaserEmail: user.email,
    purchaserFirstName: 'Ada',
    purchaserLastName: 'Lovelace',
    orderType: 'NEW',
    orderItems: Array.from({ length: count }, () => ({
      orderItemType: 'KIT',
      deliveryOption: 'SEND_LATER',
      unitPrice: 349,
      ...extra,
    })),
    amount,
    stripeToken,
    description: 'Kits',
  };
}

const post = (app: TestApp['app'], accessToken: string, payload: object, key: string | null = newKey()) =>
  app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(accessToken), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

async function promo(code: string, type: string, value: number, remainingUsage: number | null) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/promo-codes',
    headers: ops,
    payload: { code, type, value, remainingUsage },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const ordersOf = async (userId: string) =>
  t.database.db.select().from(orders).where(eq(orders.userId, userId));

describe('prices', () => {
  it('lists the kit prices and the three plans', async () => {
    expect((await t.app.inject('/api/products')).json()).toEqual([
      { amount: 349, label: '1 Microbiome Lab insight kit', orderType: 'NEW' },
      { amount: 35, label: '1 Microbiome Lab insight kit', orderType: 'REPLACEMENT' },
    ]);
    const plans = (await t.app.inject('/api/subscription-plans')).json();
    expect(plans.map((p: { type: string; price: number }) => [p.type, p.price])).toEqual([
      ['EVERY_THREE_MONTHS', 279],
      ['EVERY_SIX_MONTHS', 299],
      ['EVERY_TWELVE_MONTHS', 315],
    ]);
  });
});

describe('test card tokens', () => {
  it.each([
    ['4242 4242 4242 4241', 'Your card number is incorrect.'],
    [
      '4111 1111 1111 1111',
      'Use a Stripe test card, such as 4242 4242 4242 4242, on this test payment page.',
    ],
  ])('refuses %s with the provider message', async (number, message) => {
    const user = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test-tokens',
      headers: bearer(user.accessToken),
      payload: { number, expMonth: 12, expYear: 2099, cvc: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses an expired card', async () => {
    const user = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test-tokens',
      headers: bearer(user.accessToken),
      payload: { number: CARDS.ok, expMonth: 1, expYear: 2020, cvc: '123' },
    });
    expect(res.json().message).toBe("Your card's expiration date is incomplete or in the past.");
  });
});

describe('buying kits', () => {
  it('buys two kits with a percentage promo: kits available, promo used once, receipt emailed', async () => {
    await promo('TENOFF', 'PERCENTAGE', 10, 5);
    const user = await signedInUser(t.app);
    const tok = await token(t.app, user.accessToken);
    const res = await post(
      t.app,
      user.accessToken,
      kitOrder(user, tok, 2, 628.2, { promotionalCode: 'tenoff' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ orderType: 'NEW', amount: 628.2, discount: 69.8 });
    const list = (await t.app.inject({ url: '/api/kits', headers: bearer(user.accessToken) })).json();
    expect(list.map((k: { kitStatus: string }) => k.kitStatus)).toEqual(['UNASSIGNED', 'UNASSIGNED']);
    const [code] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'TENOFF'));
    expect(code?.remainingUsage).toBe(4);
    const [receipt] = await t.database.db.select().from(outbox).where(eq(outbox.to, user.email));
    expect(receipt?.subject).toBe(`Your Microbiome Lab order ${res.json().orderNumber}`);
    expect(receipt?.text).toContain('2 × 1 Microbiome Lab insight kit at 349.00: 698.00');
    expect(receipt?.text).toContain('Total paid: 628.20');
    const [charge] = await t.database.db
      .select()
      .from(testPaymentCharges)
      .where(eq(testPaymentCharges.id, res.json().paymentId));
    expect(charge?.amountCents).toBe(62_820);
  });

  it('refuses a total that does not match the price, and unknown or used-up promo codes', async () => {
    await promo('ONCEONLY', 'AMOUNT', 50, 0);
    const user = await signedInUser(t.app);
    const tok = await token(t.app, user.accessToken);
    const wrong = await post(t.app, user.accessToken, kitOrder(user, tok, 1, 300));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toContain(ORDER_MESSAGES.priceChanged);
    const unknown = await post(
      t.app,
      user.accessToken,
      kitOrder(user, tok, 1, 349, { promotionalCode: 'NOPE' }),
    );
    expect(unknown.json().message).toBe(ORDER_MESSAGES.promoUnknown);
    const usedUp = await post(
      t.app,
      user.accessToken,
      kitOrder(user, tok, 1, 299, { promotionalCode: 'ONCEONLY' }),
    );
    expect(usedUp.json().message).toBe(ORDER_MESSAGES.promoUsedUp);
    const lookup = await t.app.inject({
      url: '/api/promo-codes/ONCEONLY',
      headers: bearer(user.accessToken),
    });
    expect(lookup.statusCode).toBe(400);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it.each([
    [CARDS.declined, 402, ORDER_MESSAGES.paymentRejected],
    [CARDS.error, 500, `${ORDER_MESSAGES.paymentTechnical} 1300 974 621`],
  ])('card %s: %i with the spec text, nothing stored', async (card, status, message) => {
    const user = await signedInUser(t.app);
    const tok = await token(t.app, user.accessToken, card);
    const key = newKey();
    const res = await post(t.app, user.accessToken, kitOrder(user, tok, 1, 349), key);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await ordersOf(user.id)).toEqual([]);
    expect((await t.app.inject({ url: '/api/kits', headers: bearer(user.accessToken) })).json()).toEqual([]);
    // The same key may be used again after a failure: nothing was charged.
    const good = await token(t.app, user.accessToken);
    expect(
      (await post(t.app, user.accessToken, { ...kitOrder(user, good, 1, 349) }, newKey())).statusCode,
    ).toBe(201);
  });

  it('needs an Idempotency-Key', async () => {
    const user = await signedInUser(t.app);
    const tok = await token(t.app, user.accessToken);
    const res = await post(t.app, user.accessToken, kitOrder(user, tok, 1, 349), null);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ORDER_MESSAGES.idempotencyMissing);
  });

  it('charges once for five identical requests, and refuses the key for a different order', async () => {
    const user = await signedInUser(t.app);
    const tok = await token(t.app, user.accessToken);
    const key = newKey();
    const body = kitOrder(user, tok, 1, 349);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await post(t.app, user.accessToken, body, key));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
    const charges = await t.database.db
      .select()
      .from(testPaymentCharges)
      .where(eq(testPaymentCharges.idempotencyKey, key));
    expect(charges).toHaveLength(1);
    const other = await post(t.app, user.accessToken, kitOrder(user, tok, 2, 698), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(ORDER_MESSAGES.idempotencyMismatch);
  });

  it('takes one order when the same request arrives five times at once', async () => {
    const user = await signedInUser(t.app);
    const tok = await token(t.app, user.accessToken);
    const key = newKey();
    const body = kitOrder(user, tok, 1, 349);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(t.app, user.accessToken, body, key)),
    );
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    expect(await ordersOf(user.id)).toHaveLength(1);
    const again = await post(t.app, user.accessToken, body, key);
    expect(again.statusCode).toBe(201);
  });

  it('gives a bought kit to an email', async () => {
    const user = await signedInUser(t.app);
    const tok = await token(t.app, user.accessToken);
    const res = await post(
      t.app,
      user.accessToken,
      kitOrder(user, tok, 1, 349, { email: 'friend@example.com' }),
    );
    expect(res.statusCode).toBe(201);
    const sent = (await t.app.inject({ url: '/api/kits/sent', headers: bearer(user.accessToken) })).json();
    expect(sent).toMatchObject([{ receiverEmail: 'friend@example.com', redeemedDate: null }]);
  });
});

describe('replacement orders', () => {
  async function failedKit(email: string) {
    const [kit] = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/kits',
        headers: ops,
        payload: { count: 1, ownerEmail: email },
      })
    ).json();
    const step = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/kits/${kit.id}`, headers: ops, payload });
    await step({ kitStatus: 'REQUESTED' });
    await step({ kitStatus: 'DISPATCHED_BY_LAB' });
    await step({ sampleStatus: 'RECEIVED_BY_LAB' });
    await step({ sampleStatus: 'FAILED_UNDERLOADED' });
    return kit.id as number;
  }
  const replacement = (user: { email: string }, tok: string, kitId: number) => ({
    ...kitOrder(user, tok, 1, 35),
    orderType: 'REPLACEMENT',
    replacingKitId: kitId,
    orderItems: [{ orderItemType: 'KIT', deliveryOption: 'SEND_LATER', unitPrice: 35 }],
  });

  it('replaces a failed kit for 35.00: the old kit is REPLACED and the new one linked to it', async () => {
    const user = await signedInUser(t.app);
    const kitId = await failedKit(user.email);
    const tok = await token(t.app, user.accessToken);
    const res = await post(t.app, user.accessToken, replacement(user, tok, kitId));
    expect(res.statusCode, res.body).toBe(201);
    const [newKitId] = res.json().kitIds;
    const [old] = await t.database.db.select().from(kits).where(eq(kits.id, kitId));
    const [fresh] = await t.database.db.select().from(kits).where(eq(kits.id, newKitId));
    expect(old?.kitStatus).toBe('REPLACED');
    expect(fresh?.replacesKitId).toBe(kitId);
    // The replaced kit's card names its replacement (issue 21), in the list and in a single kit's answer.
    const list = await t.app.inject({ method: 'GET', url: '/api/kits', headers: bearer(user.accessToken) });
    const replacedBy = (id: number) =>
      list.json().find((k: { id: number }) => k.id === id)?.replacedByKitId as number | null | undefined;
    expect(replacedBy(kitId)).toBe(newKitId);
    expect(replacedBy(newKitId)).toBeNull();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/kits/${kitId}`,
      headers: bearer(user.accessToken),
      payload: { name: 'First try', was: { name: null } },
    });
    expect(renamed.json()).toMatchObject({ kitStatus: 'REPLACED', replacedByKitId: newKitId });
    const again = await post(
      t.app,
      user.accessToken,
      replacement(user, await token(t.app, user.accessToken), kitId),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORDER_MESSAGES.replacementNotAllowed);
  });

  it("refuses to replace someone else's kit", async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const kitId = await failedKit(owner.email);
    const res = await post(
      t.app,
      stranger.accessToken,
      replacement(stranger, await token(t.app, stranger.accessToken), kitId),
    );
    expect(res.statusCode).toBe(404);
    const [old] = await t.database.db.select().from(kits).where(eq(kits.id, kitId));
    expect(old?.kitStatus).toBe('FAILED_UNDERLOADED');
  });
});

describe('subscriptions', () => {
  const subscriptionOrder = (user: { email: string }, tok: string) => ({
    ...kitOrder(user, tok, 0, 279),
    orderItems: [
      {
        orderItemType: 'SUBSCRIPTION',
        deliveryOption: 'SEND_NOW_MY_ADDRESS',
        subscriptionType: 'EVERY_THREE_MONTHS',
        unitPrice: 279,
        deliveryAddress: address,
      },
    ],
  });

  it('buys, shows, renews once with two workers, and cancels; a stranger can neither see nor cancel it', async () => {
    const user = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const res = await post(
      t.app,
      user.accessToken,
      subscriptionOrder(user, await token(t.app, user.accessToken)),
    );
    expect(res.statusCode, res.body).toBe(201);
    const mine = (
      await t.app.inject({ url: '/api/subscriptions/me', headers: bearer(user.accessToken) })
    ).json();
    expect(mine).toMatchObject({
      consumerUserId: user.id,
      subscriptionType: 'EVERY_THREE_MONTHS',
      price: 279,
      cancelledDate: null,
    });
    expect(
      (await t.app.inject({ url: '/api/subscriptions/me', headers: bearer(stranger.accessToken) })).json(),
    ).toBeNull();
    const kitsNow = (await t.app.inject({ url: '/api/kits', headers: bearer(user.accessToken) })).json();
    expect(kitsNow.map((k: { kitStatus: string }) => k.kitStatus)).toEqual(['REQUESTED']);

    const second = await post(
      t.app,
      user.accessToken,
      subscriptionOrder(user, await token(t.app, user.accessToken)),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ORDER_MESSAGES.subscriptionActive);

    const payments = embeddedPayments(t.database.db);
    const later = new Date(Date.now() + 100 * 24 * 3600 * 1000);
    const ctx = t.app.ctx;
    const runs = await Promise.all([runRenewals(ctx, payments, later), runRenewals(ctx, payments, later)]);
    const renewedHere = runs.reduce((n, r) => n + r.renewed, 0);
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, mine.id));
    expect(sub?.renewals).toBe(1);
    expect(renewedHere).toBeGreaterThanOrEqual(1);
    const kitsAfter = (await t.app.inject({ url: '/api/kits', headers: bearer(user.accessToken) })).json();
    expect(kitsAfter).toHaveLength(2);

    const strangerCancel = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${mine.id}/cancel`,
      headers: bearer(stranger.accessToken),
    });
    expect(strangerCancel.statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${mine.id}/cancel`,
      headers: bearer(user.accessToken),
    });
    expect(cancel.json().cancelledDate).toBeTruthy();
    const muchLater = new Date(Date.now() + 400 * 24 * 3600 * 1000);
    await runRenewals(ctx, payments, muchLater);
    const [after] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, mine.id));
    expect(after?.renewals).toBe(1);
  });

  it('needs a delivery address, with the §5 text', async () => {
    const user = await signedInUser(t.app);
    const body = subscriptionOrder(user, await token(t.app, user.accessToken));
    const [item] = body.orderItems;
    if (!item) throw new Error('the subscription order has one item');
    const { deliveryAddress: _omit, ...withoutAddress } = item;
    const res = await post(t.app, user.accessToken, { ...body, orderItems: [withoutAddress] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ORDER_MESSAGES.subscriptionAddress);
  });
});

describe('a charge whose order cannot be written', () => {
  it('is refunded, or recorded for reconciliation when the refund fails, and the promo use given back', async () => {
    const code = `RACE${Date.now()}`;
    const charges: string[] = [];
    let refundWorks = true;
    const refunded: string[] = [];
    // The kits' project disappears between the charge and the write, so the write fails.
    const failing: PaymentProvider = {
      name: 'embedded',
      async charge() {
        await broken.database.db.delete(projects).where(eq(projects.id, 1));
        const id = `ch_fail_${charges.length}`;
        charges.push(id);
        return { status: 'succeeded', paymentId: id };
      },
      async retrieve(id) {
        return { status: 'succeeded', paymentId: id };
      },
      async saveCard(tok) {
        return tok;
      },
      async refund(id) {
        if (!refundWorks) throw new Error('refund service down');
        refunded.push(id);
      },
      async removeCard() {},
    };
    const broken: TestApp = await createTestApp({ PAYMENT_RATE_LIMIT: '1000' }, { payments: failing });
    const usesLeft = async () =>
      (await broken.database.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0]
        ?.remainingUsage;
    try {
      const user = await signedInUser(broken.app);
      const body = kitOrder(user, 'tok_whatever', 1, 339, { promotionalCode: code });
      await broken.database.db
        .insert(promoCodes)
        .values({ code, type: 'AMOUNT', value: 1000, remainingUsage: 1 });
      const res = await post(broken.app, user.accessToken, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(refunded).toEqual(['ch_fail_0']);
      expect(await usesLeft()).toBe(1);

      refundWorks = false;
      const res2 = await post(broken.app, user.accessToken, body);
      expect(res2.statusCode).toBeGreaterThanOrEqual(400);
      const recorded = await broken.database.db.select().from(paymentReconciliation);
      expect(recorded.map((r) => r.paymentId)).toEqual(['ch_fail_1']);
      expect(await broken.database.db.select().from(orders)).toEqual([]);
      expect(await usesLeft()).toBe(1);
    } finally {
      await broken.close();
    }
  });
});

describe('orders racing for the last use of a promo code', () => {
  it('charge one card only: the use is reserved before the charge', async () => {
    const code = `LAST${Date.now()}`;
    await promo(code, 'AMOUNT', 10, 1);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signedInUser(t.app)));
    const bodies = await Promise.all(
      buyers.map(async (b) =>
        kitOrder(b, await token(t.app, b.accessToken), 1, 339, { promotionalCode: code }),
      ),
    );
    const before = (await t.database.db.select().from(testPaymentCharges)).length;
    const answers = await Promise.all(buyers.map((b, i) => post(t.app, b.accessToken, bodies[i] as object)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(19).fill(400)]);
    for (const refused of answers.filter((a) => a.statusCode === 400))
      expect(refused.json().message).toBe(ORDER_MESSAGES.promoUsedUp);
    const charges = (await t.database.db.select().from(testPaymentCharges)).slice(before);
    expect(charges).toHaveLength(1);
    expect(charges.filter((c) => c.refundedAt !== null)).toHaveLength(0);
    const [left] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(left?.remainingUsage).toBe(0);
  }, 60_000);

  it('give the use back when the card is declined', async () => {
    const code = `DECL${Date.now()}`;
    await promo(code, 'AMOUNT', 10, 1);
    const user = await signedInUser(t.app);
    const declined = await post(
      t.app,
      user.accessToken,
      kitOrder(user, await token(t.app, user.accessToken, CARDS.declined), 1, 339, { promotionalCode: code }),
    );
    expect(declined.statusCode).toBe(402);
    const paid = await post(
      t.app,
      user.accessToken,
      kitOrder(user, await token(t.app, user.accessToken), 1, 339, { promotionalCode: code }),
    );
    expect(paid.statusCode).toBe(201);
  });
});
