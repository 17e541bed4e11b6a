import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPayments } from '../../adapters/payments/embedded.ts';
import type { PaymentProvider } from '../../adapters/payments/payments.ts';
import {
  closureRequests,
  kits,
  subscriptionRenewals,
  subscriptions,
  testPaymentCharges,
  testPaymentRefunds,
} from '../../db/schema/index.ts';
import { bearer, createTestApp, PASSWORD, signedInUser, type TestApp } from '../../test/helpers.ts';
import { runRenewals } from '../orders/subscriptions.service.ts';
import { exportFiles } from './build-export.ts';
import { purgeExpiredOrders, runClosure } from './closure-job.ts';
import { cancelKits } from './closure-steps.ts';

/**
 * Issue 23: "a paid, unsent kit is refunded", a subscription renewal's kit too. A renewal creates no
 * order, so the closure finds its charge through the renewal's own record.
 */
let t: TestApp;
let embedded: PaymentProvider;
/** Every refund the provider is asked for. */
const refundCalls: { paymentId: string; amountCents: number | undefined; key: string | undefined }[] = [];
/** The provider takes this payment's next refund, then its answer is lost (as in a crash before the closure records it). */
let loseAnswerFor: string | null = null;
const payments: PaymentProvider = {
  name: 'embedded',
  charge: (r) => embedded.charge(r),
  retrieve: (id) => embedded.retrieve(id),
  saveCard: (token, email, key) => embedded.saveCard(token, email, key),
  async refund(paymentId, options) {
    refundCalls.push({ paymentId, amountCents: options?.amountCents, key: options?.idempotencyKey });
    await embedded.refund(paymentId, options);
    if (loseAnswerFor === paymentId) {
      loseAnswerFor = null;
      throw new Error('the payment service did not answer');
    }
  },
  removeCard: (reference) => embedded.removeCard(reference),
};

beforeAll(async () => {
  // No workers: the closure job is run by hand, so the test sees each run.
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '1000' }, { payments });
  embedded = embeddedPayments(t.database.db);
}, 60_000);
afterAll(() => t.close());

const RENEWAL_CENTS = 27_900;

/** A person with a subscription bought at checkout (its first kit asked for), renewed once since. */
async function renewedSubscriber() {
  const person = await signedInUser(t.app);
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/payments/test-tokens',
    headers: bearer(person.accessToken),
    payload: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
  });
  const bought = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(person.accessToken), 'idempotency-key': `renewal-closure-${person.id}` },
    payload: {
      purchaserEmail: person.email,
      purchaserFirstName: 'Test',
      purchaserLastName: 'Person',
      orderType: 'NEW',
      orderItems: [
        {
          orderItemType: 'SUBSCRIPTION',
          deliveryOption: 'SEND_NOW_MY_ADDRESS',
          subscriptionType: 'EVERY_THREE_MONTHS',
          unitPrice: RENEWAL_CENTS / 100,
          deliveryAddress: {
            addressLine1: '1 Renewal St',
            suburb: 'Brisbane City',
            state: 'QLD',
            postcode: '4000',
          },
        },
      ],
      amount: RENEWAL_CENTS / 100,
      stripeToken: card.json().id,
    },
  });
  expect(bought.statusCode, bought.body).toBe(201);
  const order = bought.json() as { kitIds: number[]; subscriptionId: number; paymentId: string };
  // Only this person's subscription is due 100 days on: this file's others are closed, or renewed
  // already (due again in six months).
  const later = new Date(Date.now() + 100 * 24 * 3600 * 1000);
  expect(await runRenewals(t.app.ctx, payments, later)).toMatchObject({ renewed: 1, failed: 0 });
  const [sub] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, order.subscriptionId));
  expect(sub?.renewals).toBe(1);
  const [charge] = await t.database.db
    .select()
    .from(testPaymentCharges)
    .where(eq(testPaymentCharges.idempotencyKey, `renewal-${order.subscriptionId}-1`));
  if (!charge) throw new Error('the renewal was not charged');
  expect(charge.amountCents).toBe(RENEWAL_CENTS);
  const own = await t.database.db.select().from(kits).where(eq(kits.ownerId, person.id));
  const renewalKit = own.find((k) => !order.kitIds.includes(k.id));
  if (!renewalKit) throw new Error('the renewal made no kit');
  // Asked for, not sent yet.
  expect(renewalKit.kitStatus).toBe('REQUESTED');
  return { person, order, renewalKit, renewalPaymentId: charge.id };
}

async function closeAccount(accessToken: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/me/closure',
    headers: bearer(accessToken),
    payload: { password: PASSWORD, scope: 'RESEARCH' },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().id as string;
}

const closureRow = async (id: string) => {
  const [row] = await t.database.db.select().from(closureRequests).where(eq(closureRequests.id, id));
  if (!row) throw new Error('no closure');
  return row;
};

const refundsOf = (paymentId: string) =>
  t.database.db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.paymentId, paymentId));

describe("the person's export", () => {
  it('lists each renewal charge of a subscription with the kit it paid for (no card or payment reference)', async () => {
    const { person, renewalKit } = await renewedSubscriber();
    const files = await exportFiles(t.app.ctx, person.id);
    const profile = files.find((f) => f.path === 'profile.json');
    if (!profile) throw new Error('no profile.json');
    const { subscriptions: exported } = JSON.parse(Buffer.from(profile.bytes).toString('utf8'));
    expect(exported).toHaveLength(1);
    expect(exported[0].renewalCharges).toEqual([
      { kitId: renewalKit.id, amountCents: RENEWAL_CENTS, chargedAt: expect.any(String) },
    ]);
  });
});

describe('closing an account refunds an unsent renewal kit', () => {
  it('refunds the renewal its whole amount once, marks the kit REFUNDED, and a second run refunds nothing more', async () => {
    const { person, order, renewalKit, renewalPaymentId } = await renewedSubscriber();
    const closureId = await closeAccount(person.accessToken);
    const before = refundCalls.length;

    await runClosure(t.app.ctx, payments, closureId);
    expect((await closureRow(closureId)).state).toBe('PROCESSED');

    const asked = refundCalls.slice(before);
    expect(asked.filter((c) => c.paymentId === renewalPaymentId)).toEqual([
      {
        paymentId: renewalPaymentId,
        amountCents: RENEWAL_CENTS,
        key: `closure-${closureId}-kit-${renewalKit.id}`,
      },
    ]);
    expect((await refundsOf(renewalPaymentId)).map((r) => r.amountCents)).toEqual([RENEWAL_CENTS]);
    const [charge] = await t.database.db
      .select()
      .from(testPaymentCharges)
      .where(eq(testPaymentCharges.id, renewalPaymentId));
    expect(charge?.refundedAt).not.toBeNull();
    const [kit] = await t.database.db.select().from(kits).where(eq(kits.id, renewalKit.id));
    expect(kit?.kitStatus).toBe('REFUNDED');
    // The renewal's record is kept, for tax, like the orders.
    expect(
      await t.database.db
        .select({ paymentId: subscriptionRenewals.paymentId, amountCents: subscriptionRenewals.amountCents })
        .from(subscriptionRenewals)
        .where(eq(subscriptionRenewals.kitId, renewalKit.id)),
    ).toEqual([{ paymentId: renewalPaymentId, amountCents: RENEWAL_CENTS }]);
    // The first kit, bought at checkout, is refunded from its order as before.
    expect(asked.filter((c) => c.paymentId === order.paymentId)).toHaveLength(1);

    // The closure step again, and the whole job again: nothing more is refunded.
    const after = refundCalls.length;
    await cancelKits({ ctx: t.app.ctx, payments, closure: await closureRow(closureId), queue: undefined });
    await runClosure(t.app.ctx, payments, closureId);
    expect(refundCalls.length).toBe(after);
    expect(await refundsOf(renewalPaymentId)).toHaveLength(1);
  }, 60_000);

  it('refunds the renewal once when the provider took the refund but its answer was lost', async () => {
    const { person, renewalKit, renewalPaymentId } = await renewedSubscriber();
    const closureId = await closeAccount(person.accessToken);
    const firstRefund = refundCalls.length;
    // The subscription step runs; the kits step then loses the renewal refund's answer, and the job is
    // retried.
    loseAnswerFor = renewalPaymentId;
    await expect(runClosure(t.app.ctx, payments, closureId)).rejects.toThrow('did not answer');
    const half = await closureRow(closureId);
    expect(half.stepsDone).toEqual(['subscription']);
    await runClosure(t.app.ctx, payments, closureId);
    expect((await closureRow(closureId)).state).toBe('PROCESSED');

    const renewalCalls = refundCalls.slice(firstRefund).filter((c) => c.paymentId === renewalPaymentId);
    expect(renewalCalls).toHaveLength(2);
    // Every ask carried the same key, so the provider took one refund.
    expect(new Set(renewalCalls.map((c) => c.key))).toEqual(
      new Set([`closure-${closureId}-kit-${renewalKit.id}`]),
    );
    expect((await refundsOf(renewalPaymentId)).map((r) => r.amountCents)).toEqual([RENEWAL_CENTS]);
    const [kit] = await t.database.db
      .select()
      .from(kits)
      .where(and(eq(kits.id, renewalKit.id), eq(kits.ownerId, person.id)));
    expect(kit?.kitStatus).toBe('REFUNDED');
  }, 60_000);

  it("keeps a closed account's renewal charges with its orders for 7 years, then deletes them", async () => {
    const staying = await renewedSubscriber();
    const closing = await renewedSubscriber();
    const closureId = await closeAccount(closing.person.accessToken);
    await runClosure(t.app.ctx, payments, closureId);
    const eightYearsAgo = new Date(Date.now() - 8 * 365.25 * 24 * 3600 * 1000);
    const renewalOf = (kitId: number) =>
      t.database.db.select().from(subscriptionRenewals).where(eq(subscriptionRenewals.kitId, kitId));
    for (const kitId of [staying.renewalKit.id, closing.renewalKit.id])
      await t.database.db
        .update(subscriptionRenewals)
        .set({ createdAt: eightYearsAgo })
        .where(eq(subscriptionRenewals.kitId, kitId));
    await purgeExpiredOrders(t.app.ctx);
    expect(await renewalOf(closing.renewalKit.id)).toEqual([]);
    expect(await renewalOf(staying.renewalKit.id)).toHaveLength(1);
  }, 60_000);
});
