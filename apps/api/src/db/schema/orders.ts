import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { kits } from './kits.ts';
import { users } from './users.ts';

export const promoCodes = pgTable('promo_codes', {
  /** Stored upper case. */
  code: text('code').primaryKey(),
  type: text('type').notNull(),
  /** AMOUNT: cents off; PERCENTAGE: percent; TRACKING: 0. */
  value: integer('value').notNull(),
  /** null means unlimited. */
  remainingUsage: integer('remaining_usage'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when an admin disables the code in the console: checkout refuses it from then on. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderType: text('order_type').notNull(),
    purchaserEmail: text('purchaser_email').notNull(),
    purchaserFirstName: text('purchaser_first_name').notNull(),
    purchaserLastName: text('purchaser_last_name').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    promoCode: text('promo_code'),
    provider: text('provider').notNull(),
    paymentId: text('payment_id').notNull(),
    description: text('description'),
    replacingKitId: integer('replacing_kit_id').references(() => kits.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A refund by staff (console): what was given back and when; who and why are in the staff audit. */
    refundedCents: integer('refunded_cents'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId),
    // The console's order search by the start of the purchaser's email, in any case.
    index('orders_purchaser_email_lower_idx').using(
      'btree',
      sql`lower(${t.purchaserEmail}) text_pattern_ops`,
    ),
    // A promo code's usage count.
    index('orders_promo_code_idx').on(t.promoCode),
  ],
);

export const orderItems = pgTable('order_items', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  orderItemType: text('order_item_type').notNull(),
  deliveryOption: text('delivery_option').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
  subscriptionType: text('subscription_type'),
  email: text('email'),
  referralCode: text('referral_code'),
  kitId: integer('kit_id').references(() => kits.id),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    consumerUserId: uuid('consumer_user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id').references(() => orders.id),
    subscriptionType: text('subscription_type').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    intervalMonths: integer('interval_months').notNull(),
    /** The provider's saved card (a Stripe customer, or the embedded provider's token). */
    paymentCustomer: text('payment_customer').notNull(),
    provider: text('provider').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    suburb: text('suburb').notNull(),
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    renewals: integer('renewals').notNull().default(0),
    nextRenewalAt: timestamp('next_renewal_at', { withTimezone: true }).notNull(),
    lastRenewalError: text('last_renewal_error'),
    /** Set while one instance renews it, so no other instance picks it up meanwhile. */
    renewingUntil: timestamp('renewing_until', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.consumerUserId),
    index('subscriptions_due_idx').on(t.nextRenewalAt),
  ],
);

/**
 * Each successful subscription renewal: its charge and the kit it paid for (a renewal creates no order),
 * written in the transaction that creates the kit. An account closure refunds an unsent renewal kit its
 * charge from here; the payment id and amount are kept, like orders, for tax.
 */
export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    kitId: integer('kit_id')
      .notNull()
      .references(() => kits.id),
    paymentId: text('payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_renewals_kit_key').on(t.kitId),
    index('subscription_renewals_subscription_idx').on(t.subscriptionId),
  ],
);

/** One row per Idempotency-Key of a person: a retry returns the stored answer instead of paying again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** IN_PROGRESS while the payment runs; DONE with the stored response after. */
    state: text('state').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** A charge whose order could not be written and whose refund failed: kept for people to settle by hand. */
export const paymentReconciliation = pgTable('payment_reconciliation', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  paymentId: text('payment_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  userId: uuid('user_id'),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Card tokens of the embedded test provider: the outcome and last four digits, never the card number. */
export const testPaymentTokens = pgTable('test_payment_tokens', {
  id: text('id').primaryKey(),
  outcome: text('outcome').notNull(),
  last4: text('last4').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Charges of the embedded test provider, so tests and people can see exactly what was taken. */
export const testPaymentCharges = pgTable('test_payment_charges', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key'),
  source: text('source').notNull(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description'),
  /** succeeded, or requires_action until the person completes (or fails) the test 3-D Secure step. */
  status: text('status').notNull().default('succeeded'),
  /** Stripe's shape: handed to the browser for the 3-D Secure step, checked when it is completed. */
  clientSecret: text('client_secret'),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refunds of the embedded test provider, by idempotency key, so a retried refund is taken once, as with
 * Stripe; a charge is marked refunded once its refunds add up to it.
 */
export const testPaymentRefunds = pgTable('test_payment_refunds', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  paymentId: text('payment_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
