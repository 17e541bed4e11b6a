import { KIT_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kits, users } from '../../db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestApp,
  latestLinkToken,
  ops,
  PASSWORD,
  signIn,
  type TestApp,
  uniqueEmail,
} from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '1000' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/referral-codes',
    headers: ops,
    payload: { code: 'REF-DRJANE1', firstName: 'Jane', lastName: 'Doe' },
  });
  expect(created.statusCode).toBe(201);
});
afterAll(() => t.close());

const register = (email: string, referralCode?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace', referralCode },
  });
const accountOf = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

/** Registers with a referral code, follows the emailed link and signs in. */
async function referredCustomer(referralCode: string) {
  const email = uniqueEmail('referred');
  expect((await register(email, referralCode)).statusCode).toBe(201);
  const token = await latestLinkToken(t.app, email);
  await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  return { email, ...(await signIn(t.app, email)) };
}

describe('referral lookup at registration (consumer §3)', () => {
  it.each(['DRJANE1', 'ref-drjane1', 'REFDRJANE1', ' REF-DrJane1 '])(
    'names the practitioner of %j by first and last name, without signing in',
    async (code) => {
      const res = await t.app.inject({ url: `/api/auth/referral-codes/${encodeURIComponent(code)}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ firstName: 'Jane', lastName: 'Doe', referralCode: 'DRJANE1' });
    },
  );

  it('answers an unknown code with the message to show, and an empty one with the required text', async () => {
    const unknown = await t.app.inject({ url: '/api/auth/referral-codes/NOPE1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(KIT_MESSAGES.referralUnknown);
    const empty = await t.app.inject({ url: '/api/auth/referral-codes/REF-' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(KIT_MESSAGES.referralRequired);
  });
});

describe('referral code on the account', () => {
  it('refuses registration with an unknown code, with the message on the field, and creates nothing', async () => {
    const email = uniqueEmail('unknown-ref');
    const res = await register(email, 'REF-NOPE1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: KIT_MESSAGES.referralUnknown,
      fields: { referralCode: KIT_MESSAGES.referralUnknown },
    });
    expect(await accountOf(email)).toBeUndefined();
  });

  it('stores the code without its prefix, and kits bought later carry it; a gift does not', async () => {
    const person = await referredCustomer('ref-drjane1');
    expect((await accountOf(person.email))?.referralCode).toBe('DRJANE1');

    // Kits bought into the account (ops kits:create --owner, the path of orders and renewals).
    const bought = await createKit(t.app, { ownerEmail: person.email });
    const list = (await t.app.inject({ url: '/api/kits', headers: bearer(person.accessToken) })).json();
    expect(list.find((k: { id: number }) => k.id === bought.id)?.referralCode).toBe('DRJANE1');

    // An order of two kits: one kept, one given to a friend.
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test-tokens',
      headers: bearer(person.accessToken),
      payload: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
    });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer(person.accessToken), 'idempotency-key': `referral-order-${Date.now()}` },
      payload: {
        purchaserEmail: person.email,
        purchaserFirstName: 'Ada',
        purchaserLastName: 'Lovelace',
        orderType: 'NEW',
        orderItems: [
          { orderItemType: 'KIT', deliveryOption: 'SEND_LATER', unitPrice: 349 },
          {
            orderItemType: 'KIT',
            deliveryOption: 'SEND_LATER',
            unitPrice: 349,
            email: uniqueEmail('friend'),
          },
        ],
        amount: 698,
        stripeToken: card.json().id,
        description: 'Kits',
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const [kept, given] = order.json().kitIds as number[];
    const codeOf = async (id: number | undefined) =>
      (
        await t.database.db
          .select()
          .from(kits)
          .where(eq(kits.id, id ?? 0))
      )[0]?.referralCode;
    expect(await codeOf(kept)).toBe('DRJANE1');
    expect(await codeOf(given)).toBeNull();
  });

  it('leaves kits of an account registered without a code without one', async () => {
    const person = await referredCustomer('');
    expect((await accountOf(person.email))?.referralCode).toBeNull();
    const bought = await createKit(t.app, { ownerEmail: person.email });
    const list = (await t.app.inject({ url: '/api/kits', headers: bearer(person.accessToken) })).json();
    expect(list.find((k: { id: number }) => k.id === bought.id)?.referralCode).toBeNull();
  });
});
