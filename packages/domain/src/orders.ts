import { z } from 'zod';
import { shippingAddressSchema } from './kits.ts';

/** Consumer §9 prices, as integer cents (AUD, GST inclusive). The fallbacks show only when prices cannot load. */
export const PRICES = {
  newKitCents: 34_900,
  newKitFallbackCents: 41_900,
  replacementCents: 3_500,
  replacementFallbackCents: 3_000,
} as const;
export const KIT_PRODUCT_LABEL = '1 {product} insight kit';
export const CURRENCY = 'AUD';

export const SUBSCRIPTION_TYPES = ['EVERY_THREE_MONTHS', 'EVERY_SIX_MONTHS', 'EVERY_TWELVE_MONTHS'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export type Plan = {
  id: 3 | 6 | 12;
  type: SubscriptionType;
  label: string;
  priceCents: number;
  kitsPerYear: number;
  intervalMonths: number;
};

/** Consumer §9 subscription plans (cancel anytime). */
export const PLANS: readonly Plan[] = [
  {
    id: 3,
    type: 'EVERY_THREE_MONTHS',
    label: 'Every 3 months',
    priceCents: 27_900,
    kitsPerYear: 4,
    intervalMonths: 3,
  },
  {
    id: 6,
    type: 'EVERY_SIX_MONTHS',
    label: 'Every 6 months',
    priceCents: 29_900,
    kitsPerYear: 2,
    intervalMonths: 6,
  },
  {
    id: 12,
    type: 'EVERY_TWELVE_MONTHS',
    label: 'Every 12 months',
    priceCents: 31_500,
    kitsPerYear: 1,
    intervalMonths: 12,
  },
];
export const planOf = (type: string) => PLANS.find((p) => p.type === type) ?? null;

/** 34900 → '349.00'. */
export const formatMoney = (cents: number) => (cents / 100).toFixed(2);
/** 349 or '349.00' → 34900 (rounded to the cent). */
export const toCents = (amount: number) => Math.round(amount * 100);

export const PROMO_TYPES = ['AMOUNT', 'PERCENTAGE', 'TRACKING'] as const;
export type Promo = {
  code: string;
  type: (typeof PROMO_TYPES)[number];
  /** AMOUNT: dollars off the order; PERCENTAGE: percent off; TRACKING: no discount. */
  value: number;
  /** null means unlimited. */
  remainingUsage: number | null;
};

/** The discount in cents a promo code gives on a subtotal: never negative, never more than the subtotal. */
export function promoDiscountCents(
  subtotalCents: number,
  promo: Pick<Promo, 'type' | 'value'> | null,
): number {
  if (!promo || subtotalCents <= 0) return 0;
  let discount = 0;
  if (promo.type === 'AMOUNT') discount = toCents(promo.value);
  else if (promo.type === 'PERCENTAGE')
    discount = Math.round((subtotalCents * Math.min(100, promo.value)) / 100);
  return Math.max(0, Math.min(subtotalCents, discount));
}

export const ORDER_MESSAGES = {
  promoUnknown: 'We do not recognise that promo code. Please check it and try again.',
  promoUsedUp: 'This promo code has been used up.',
  promoDisabled: 'This promo code is no longer valid.',
  paymentRejected: 'Your credit card transaction has been rejected.',
  paymentTechnical:
    'We have experienced some technical issue with payment. Please try again. If problem persist, please contact us at',
  subscriptionAddress: 'Please complete the address in your profile. We will send the kits to that address.',
  cardIncomplete:
    "Oops, the payment didn't complete. Please check the card details. If these are correct, please contact support.",
  formErrors:
    'Something is wrong. Please check all fields and retry. If the problem persists, please contact support.',
  terms: 'Please agree to our Terms & Conditions.',
  priceChanged: 'The price of your order has changed. Please review the total and pay again.',
  idempotencyMismatch:
    'This payment attempt was already used for a different order. Please start the payment again.',
  inProgress: 'This order is already being processed. Please wait a moment.',
  idempotencyMissing: 'An Idempotency-Key header is needed so a payment is never taken twice.',
  replacementNotAllowed: 'A replacement can only be ordered for a kit whose sample could not be analysed.',
  subscriptionActive: 'You already have an active subscription. Cancel it first to choose another plan.',
  subscriptionNotFound: 'We could not find that subscription.',
  subscriptionCancelled: 'This subscription is already cancelled.',
  quantity: 'Please order at least 1 kit.',
} as const;

/** The 500 text of §8 followed by the support phone number. */
export const paymentTechnicalMessage = (supportPhone: string) =>
  `${ORDER_MESSAGES.paymentTechnical} ${supportPhone}`;

export const MAX_KITS_PER_ORDER = 20;

const money = z.number().nonnegative().max(100_000);

export const orderItemSchema = z.object({
  orderItemType: z.enum(['KIT', 'SUBSCRIPTION']),
  deliveryOption: z.enum(['SEND_LATER', 'SEND_NOW_MY_ADDRESS']),
  referralCode: z.string().trim().max(40).nullish(),
  promotionalCode: z.string().trim().max(40).nullish(),
  /** A KIT item with an email is given to that person. */
  email: z.email('Please enter a valid email address for the person receiving the kit.').max(254).nullish(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES).nullish(),
  unitPrice: money,
  deliveryAddress: shippingAddressSchema.nullish(),
});

/** postOrder (consumer §3 Order). Amounts are dollars as the spec's payload has them; the server recomputes. */
export const orderRequestSchema = z
  .object({
    purchaserEmail: z.email('Please enter a valid email address.').max(254),
    purchaserFirstName: z.string().trim().min(1, 'This field is required.').max(25),
    purchaserLastName: z.string().trim().min(1, 'This field is required.').max(25),
    orderType: z.enum(['NEW', 'REPLACEMENT']),
    replacingKitId: z.number().int().positive().nullish(),
    orderItems: z.array(orderItemSchema).min(1, ORDER_MESSAGES.quantity).max(MAX_KITS_PER_ORDER),
    amount: money,
    stripeToken: z.string().trim().min(1, ORDER_MESSAGES.cardIncomplete).max(255),
    description: z.string().trim().max(500).nullish(),
  })
  .superRefine((order, ctx) => {
    if (order.orderType === 'REPLACEMENT' && !order.replacingKitId)
      ctx.addIssue({
        code: 'custom',
        path: ['replacingKitId'],
        message: 'Which kit does this order replace?',
      });
    for (const [i, item] of order.orderItems.entries()) {
      if (item.orderItemType === 'SUBSCRIPTION') {
        if (!item.subscriptionType)
          ctx.addIssue({
            code: 'custom',
            path: ['orderItems', i, 'subscriptionType'],
            message: 'Please choose a plan.',
          });
        if (!item.deliveryAddress)
          ctx.addIssue({
            code: 'custom',
            path: ['orderItems', i, 'deliveryAddress'],
            message: ORDER_MESSAGES.subscriptionAddress,
          });
      }
    }
  });
export type OrderRequest = z.input<typeof orderRequestSchema>;

export type PricedLine = { label: string; quantity: number; unitCents: number; totalCents: number };

/**
 * What an order costs: KIT items at the new-kit (or replacement) price, a subscription at its plan's price,
 * minus the promo discount. Shared by the order modal (total before paying) and the server (the charge).
 */
export function priceOrder(
  order: {
    orderType: 'NEW' | 'REPLACEMENT';
    orderItems: { orderItemType: 'KIT' | 'SUBSCRIPTION'; subscriptionType?: string | null | undefined }[];
  },
  promo: Pick<Promo, 'type' | 'value'> | null,
) {
  const kitCount = order.orderItems.filter((i) => i.orderItemType === 'KIT').length;
  const kitUnit = order.orderType === 'REPLACEMENT' ? PRICES.replacementCents : PRICES.newKitCents;
  const lines: PricedLine[] = [];
  if (kitCount > 0)
    lines.push({
      label: KIT_PRODUCT_LABEL,
      quantity: kitCount,
      unitCents: kitUnit,
      totalCents: kitCount * kitUnit,
    });
  for (const item of order.orderItems) {
    if (item.orderItemType !== 'SUBSCRIPTION') continue;
    const plan = planOf(item.subscriptionType ?? '');
    if (plan)
      lines.push({
        label: `Subscription: ${plan.label}`,
        quantity: 1,
        unitCents: plan.priceCents,
        totalCents: plan.priceCents,
      });
  }
  const subtotalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  const discountCents = promoDiscountCents(subtotalCents, promo);
  return { lines, subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
}

export const productSchema = z.object({
  amount: z.number(),
  label: z.string(),
  orderType: z.enum(['NEW', 'REPLACEMENT']),
});
export const planSchema = z.object({
  id: z.number(),
  type: z.enum(SUBSCRIPTION_TYPES),
  label: z.string(),
  price: z.number(),
  kitsPerYear: z.number(),
  intervalMonths: z.number(),
});
export const promoSchema = z.object({
  code: z.string(),
  type: z.enum(PROMO_TYPES),
  value: z.number(),
  remainingUsage: z.number().nullable(),
});
export const orderResultSchema = z.object({
  orderId: z.number(),
  orderNumber: z.string(),
  orderType: z.enum(['NEW', 'REPLACEMENT']),
  amount: z.number(),
  discount: z.number(),
  paymentId: z.string(),
  kitIds: z.array(z.number()),
  subscriptionId: z.number().nullable(),
});
export type OrderResult = z.infer<typeof orderResultSchema>;

/**
 * postOrder's 202: the card asks for 3-D Secure. The browser completes the step with the client secret
 * (Stripe.js, or the test page's step), then sends the same order with the same Idempotency-Key; the
 * server asks the provider how the payment ended before it places the order.
 */
/** The embedded test provider's card token (no STRIPE_SECRET_KEY): what stands for the card typed. */
export const testCardTokenSchema = z.object({ id: z.string(), last4: z.string() });

export const paymentActionSchema = z.object({ requiresAction: z.literal(true), clientSecret: z.string() });
export type PaymentAction = z.infer<typeof paymentActionSchema>;

export const subscriptionSchema = z.object({
  id: z.number(),
  consumerUserId: z.string(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES),
  label: z.string(),
  price: z.number(),
  createdDate: z.string(),
  nextRenewalDate: z.string().nullable(),
  cancelledDate: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** Research §3: a subscription is active when not cancelled and owned by the current user. */
export const isActiveSubscription = (
  s: { cancelledDate: string | null; consumerUserId: string },
  userId: string,
) => s.cancelledDate === null && s.consumerUserId === userId;

/** The order number printed on receipts. */
export const orderNumber = (id: number) => `ORD-${String(id).padStart(6, '0')}`;

/**
 * Research §2: the internal test-order page posts orders for hard-coded sample purchasers. It exists only
 * outside production and only for staff (these authorities).
 */
export const TEST_ORDER_AUTHORITIES = ['STAFF', 'ADMIN'] as const;

export const canUseTestOrders = (authorities: readonly string[], testOrdersEnabled: boolean) =>
  testOrdersEnabled && authorities.some((a) => (TEST_ORDER_AUTHORITIES as readonly string[]).includes(a));

/** Fictional purchasers on a reserved domain: their receipts can never reach a real person. */
export const SAMPLE_PURCHASERS = [
  { purchaserFirstName: 'Alex', purchaserLastName: 'Sample', purchaserEmail: 'alex.sample@example.com' },
  {
    purchaserFirstName: 'Jordan',
    purchaserLastName: 'Testing',
    purchaserEmail: 'jordan.testing@example.com',
  },
  { purchaserFirstName: 'Sam', purchaserLastName: 'Trial', purchaserEmail: 'sam.trial@example.org' },
] as const;
