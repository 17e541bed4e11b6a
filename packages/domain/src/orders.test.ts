import { describe, expect, it } from 'vitest';
import {
  canUseTestOrders,
  formatMoney,
  isActiveSubscription,
  ORDER_MESSAGES,
  orderNumber,
  orderRequestSchema,
  PLANS,
  PRICES,
  paymentTechnicalMessage,
  planOf,
  priceOrder,
  promoDiscountCents,
  SAMPLE_PURCHASERS,
} from './index.ts';

describe('prices and plans (consumer §9)', () => {
  it('prices a new kit at 349.00 (fallback 419) and a replacement at 35.00 (fallback 30)', () => {
    expect(formatMoney(PRICES.newKitCents)).toBe('349.00');
    expect(formatMoney(PRICES.newKitFallbackCents)).toBe('419.00');
    expect(formatMoney(PRICES.replacementCents)).toBe('35.00');
    expect(formatMoney(PRICES.replacementFallbackCents)).toBe('30.00');
  });

  it.each([
    ['EVERY_THREE_MONTHS', 3, 27900, 4, 'Every 3 months'],
    ['EVERY_SIX_MONTHS', 6, 29900, 2, 'Every 6 months'],
    ['EVERY_TWELVE_MONTHS', 12, 31500, 1, 'Every 12 months'],
  ])('%s: id %i, %i cents per kit, %i kits a year', (type, id, cents, perYear, label) => {
    expect(planOf(type)).toMatchObject({
      id,
      priceCents: cents,
      kitsPerYear: perYear,
      intervalMonths: id,
      label,
    });
  });

  it('has exactly the three plans', () => {
    expect(PLANS).toHaveLength(3);
    expect(planOf('WEEKLY')).toBeNull();
  });
});

describe('promo arithmetic', () => {
  it.each([
    [69_800, { type: 'PERCENTAGE', value: 10 }, 6_980],
    [34_900, { type: 'PERCENTAGE', value: 33 }, 11_517],
    [34_900, { type: 'PERCENTAGE', value: 150 }, 34_900],
    [34_900, { type: 'AMOUNT', value: 50 }, 5_000],
    [34_900, { type: 'AMOUNT', value: 500 }, 34_900],
    [34_900, { type: 'AMOUNT', value: -20 }, 0],
    [34_900, { type: 'TRACKING', value: 99 }, 0],
    [0, { type: 'PERCENTAGE', value: 10 }, 0],
  ] as const)('%i with %o takes off %i', (subtotal, promo, discount) => {
    expect(promoDiscountCents(subtotal, promo)).toBe(discount);
  });

  it('totals an order of two kits with a promo, never below zero', () => {
    const kit = { orderItemType: 'KIT' as const };
    const priced = priceOrder(
      { orderType: 'NEW', orderItems: [kit, kit] },
      { type: 'PERCENTAGE', value: 10 },
    );
    expect(priced).toMatchObject({ subtotalCents: 69_800, discountCents: 6_980, totalCents: 62_820 });
    expect(
      priceOrder({ orderType: 'NEW', orderItems: [kit] }, { type: 'AMOUNT', value: 1000 }).totalCents,
    ).toBe(0);
    expect(priceOrder({ orderType: 'REPLACEMENT', orderItems: [kit] }, null).totalCents).toBe(3_500);
    expect(
      priceOrder(
        {
          orderType: 'NEW',
          orderItems: [{ orderItemType: 'SUBSCRIPTION', subscriptionType: 'EVERY_SIX_MONTHS' }],
        },
        null,
      ).totalCents,
    ).toBe(29_900);
  });
});

describe('payment messages (consumer §5, §8)', () => {
  it('has the spec texts word for word', () => {
    expect(ORDER_MESSAGES.paymentRejected).toBe('Your credit card transaction has been rejected.');
    expect(paymentTechnicalMessage('1300 974 621')).toBe(
      'We have experienced some technical issue with payment. Please try again. If problem persist, please contact us at 1300 974 621',
    );
    expect(ORDER_MESSAGES.subscriptionAddress).toBe(
      'Please complete the address in your profile. We will send the kits to that address.',
    );
    expect(ORDER_MESSAGES.cardIncomplete).toBe(
      "Oops, the payment didn't complete. Please check the card details. If these are correct, please contact support.",
    );
    expect(ORDER_MESSAGES.formErrors).toBe(
      'Something is wrong. Please check all fields and retry. If the problem persists, please contact support.',
    );
    expect(ORDER_MESSAGES.terms).toBe('Please agree to our Terms & Conditions.');
  });
});

describe('order payload', () => {
  const base = {
    purchaserEmail: 'a@example.com',
    purchaserFirstName: 'A',
    purchaserLastName: 'B',
    orderType: 'NEW',
    orderItems: [{ orderItemType: 'KIT', deliveryOption: 'SEND_LATER', unitPrice: 349 }],
    amount: 349,
    stripeToken: 'tok_x',
  };

  it('accepts a kit order and refuses a replacement without the kit it replaces', () => {
    expect(orderRequestSchema.safeParse(base).success).toBe(true);
    const bad = orderRequestSchema.safeParse({ ...base, orderType: 'REPLACEMENT' });
    expect(bad.error?.issues[0]?.path).toEqual(['replacingKitId']);
  });

  it('needs a delivery address for a subscription, with the §5 text', () => {
    const bad = orderRequestSchema.safeParse({
      ...base,
      orderItems: [
        {
          orderItemType: 'SUBSCRIPTION',
          deliveryOption: 'SEND_NOW_MY_ADDRESS',
          subscriptionType: 'EVERY_THREE_MONTHS',
          unitPrice: 279,
        },
      ],
    });
    expect(bad.error?.issues.map((i) => i.message)).toContain(ORDER_MESSAGES.subscriptionAddress);
  });

  it('refuses an order without items', () => {
    expect(orderRequestSchema.safeParse({ ...base, orderItems: [] }).error?.issues[0]?.message).toBe(
      ORDER_MESSAGES.quantity,
    );
  });
});

describe('subscriptions', () => {
  it('is active when not cancelled and owned by the current user', () => {
    expect(isActiveSubscription({ cancelledDate: null, consumerUserId: 'u1' }, 'u1')).toBe(true);
    expect(isActiveSubscription({ cancelledDate: '2026-01-01', consumerUserId: 'u1' }, 'u1')).toBe(false);
    expect(isActiveSubscription({ cancelledDate: null, consumerUserId: 'u2' }, 'u1')).toBe(false);
    expect(orderNumber(42)).toBe('ORD-000042');
  });
});

describe('the internal test-order page (research §2)', () => {
  it.each([
    { authorities: ['STAFF'], enabled: true, allowed: true },
    { authorities: ['ADMIN'], enabled: true, allowed: true },
    { authorities: ['STAFF'], enabled: false, allowed: false },
    { authorities: [], enabled: true, allowed: false },
    { authorities: ['IMPERSONATE'], enabled: true, allowed: false },
  ])('$authorities with the page enabled=$enabled → $allowed', ({ authorities, enabled, allowed }) => {
    expect(canUseTestOrders(authorities, enabled)).toBe(allowed);
  });

  it('uses fictional purchasers on reserved example domains only', () => {
    for (const p of SAMPLE_PURCHASERS) expect(p.purchaserEmail).toMatch(/@example\.(com|org)$/);
  });
});
