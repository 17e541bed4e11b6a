import { z } from 'zod';
import { keysetPageSchema } from './keyset-page.ts';
import type { StaffRole } from './staff.ts';

/**
 * The console's Orders and subscriptions (issue 24): SUPPORT (and ADMIN) list orders, refund one
 * through the payment provider, cancel a subscription, and retry a failed renewal. Decision 038 says
 * why support, the people on the phone, may move money here, and what keeps it safe.
 */
export const ORDER_STAFF_ROLES: readonly StaffRole[] = ['SUPPORT'];
export const STAFF_ORDERS_PAGE_SIZE = 25;
export const STAFF_REASON_MAX = 500;

export const STAFF_ORDER_MESSAGES = {
  badCursor: 'This list has changed since it was loaded. Search again.',
  queryTooShort: 'Type at least 3 characters of an email, or an order number such as ORD-000012.',
  orderNotFound: 'There is no order with that number.',
  alreadyRefunded: 'This order has been refunded already. Nothing was changed.',
  nothingToRefund: 'This order was free: there is nothing to refund.',
  refundedAtClosure:
    'This order was refunded when its account was closed: there is nothing left to refund. Nothing was changed.',
  reasonRequired: 'Give the reason: it is kept in the audit log with your name.',
  amountInvalid: 'Type the amount to refund in dollars and cents, such as 35.00.',
  amountTooHigh: (maxCents: number) =>
    `At most $${(maxCents / 100).toFixed(2)} can still be refunded on this order. Nothing was changed.`,
  refundChanged:
    'This order was refunded by someone else meanwhile. Nothing more was refunded; search again.',
  reasonTooLong: `A reason can be at most ${STAFF_REASON_MAX} characters long.`,
  refundFailed: (providerMessage: string) =>
    `The payment provider did not refund the order (${providerMessage}). Nothing was changed; try again later.`,
  subscriptionNotFound: 'There is no subscription with that id.',
  subscriptionCancelled: 'This subscription is cancelled already. Nothing was changed.',
  renewalRunning: 'A renewal of this subscription is running right now. Try again in a minute.',
  noFailedRenewal: 'The last renewal of this subscription did not fail: there is nothing to retry.',
  retryCancelled: 'This subscription is cancelled: it is not renewed any more.',
  renewed: 'Renewed: the card was charged and a new kit is on its way.',
  renewalFailedAgain: (providerMessage: string) =>
    `The renewal failed again: ${providerMessage} The next attempt is in 24 hours.`,
} as const;

const reason = z
  .string({ error: STAFF_ORDER_MESSAGES.reasonRequired })
  .trim()
  .min(1, STAFF_ORDER_MESSAGES.reasonRequired)
  .max(STAFF_REASON_MAX, STAFF_ORDER_MESSAGES.reasonTooLong);

const cursor = z.string().regex(/^\d{1,10}$/, STAFF_ORDER_MESSAGES.badCursor);

export const staffOrdersQuerySchema = z.object({
  /** An email (the purchaser's or the account's, or the start of it), or ORD-000012 / 12. */
  q: z.string().trim().max(254).optional(),
  /** The `next` of the page before: orders page by keyset on the order number, newest first. */
  after: cursor.optional(),
});
export type StaffOrdersQuery = z.infer<typeof staffOrdersQuerySchema>;

export const staffOrderRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  createdAt: z.string(),
  orderType: z.string(),
  userId: z.string(),
  accountEmail: z.string(),
  purchaserEmail: z.string(),
  purchaserName: z.string(),
  amountCents: z.number(),
  discountCents: z.number(),
  promoCode: z.string().nullable(),
  description: z.string().nullable(),
  items: z.array(
    z.object({
      type: z.string(),
      kitId: z.number().nullable(),
      kitStatus: z.string().nullable(),
      subscriptionType: z.string().nullable(),
    }),
  ),
  /** What can still be given back: the amount paid less the refunds of an account closure. */
  refundableCents: z.number(),
  /** What staff refunded so far (the sum of partial refunds) and when last; null before any refund. */
  refund: z.object({ amountCents: z.number(), at: z.string() }).nullable(),
});
export type StaffOrderRow = z.infer<typeof staffOrderRowSchema>;
export const staffOrdersPageSchema = keysetPageSchema('orders', staffOrderRowSchema);
export type StaffOrdersPage = z.infer<typeof staffOrdersPageSchema>;

/**
 * A refund: the reason, and the amount in cents when only part is given back (issue 34 item 12); without
 * it, everything still refundable. Refunding everything left cancels the order's unsent kits.
 */
export const staffRefundSchema = z.object({
  reason,
  amountCents: z
    .number({ error: STAFF_ORDER_MESSAGES.amountInvalid })
    .int(STAFF_ORDER_MESSAGES.amountInvalid)
    .positive(STAFF_ORDER_MESSAGES.amountInvalid)
    .max(100_000_000, STAFF_ORDER_MESSAGES.amountInvalid)
    .optional(),
});
export type StaffRefund = z.infer<typeof staffRefundSchema>;

export const SUBSCRIPTION_LISTS = ['active', 'failed', 'cancelled'] as const;
export const staffSubscriptionsQuerySchema = z.object({
  /** active (default), failed (the last renewal failed; not cancelled), or cancelled. */
  list: z
    .enum(SUBSCRIPTION_LISTS, { error: 'Choose active, failed or cancelled subscriptions.' })
    .default('active'),
  /** The account's email, or the start of it. */
  q: z.string().trim().max(254).optional(),
  after: cursor.optional(),
});
export type StaffSubscriptionsQuery = z.infer<typeof staffSubscriptionsQuerySchema>;

export const staffSubscriptionRowSchema = z.object({
  id: z.number(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  subscriptionType: z.string(),
  label: z.string(),
  priceCents: z.number(),
  renewals: z.number(),
  createdAt: z.string(),
  nextRenewalAt: z.string(),
  lastRenewalError: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type StaffSubscriptionRow = z.infer<typeof staffSubscriptionRowSchema>;
export const staffSubscriptionsPageSchema = keysetPageSchema('subscriptions', staffSubscriptionRowSchema);
export type StaffSubscriptionsPage = z.infer<typeof staffSubscriptionsPageSchema>;

export const staffCancelSubscriptionSchema = z.object({ reason });
export type StaffCancelSubscription = z.infer<typeof staffCancelSubscriptionSchema>;

export const staffRenewalRetrySchema = z.object({
  outcome: z.enum(['RENEWED', 'FAILED']),
  message: z.string(),
  subscription: staffSubscriptionRowSchema,
});
export type StaffRenewalRetry = z.infer<typeof staffRenewalRetrySchema>;

/**
 * A replacement kit ordered by support on a customer's behalf (issue 34 item 12): for a kit the customer
 * could replace themselves (its sample failed), free of charge, sent to where the failed kit went.
 */
export const STAFF_REPLACEMENT_MESSAGES = {
  kitNotFound: 'There is no kit with that number, or it belongs to nobody.',
  alreadyReplaced: 'This kit has been replaced already. Nothing was changed.',
  notReplaceable:
    'Only a kit whose sample failed (overloaded, underloaded or a swab problem) can be replaced. Nothing was changed.',
  ordered: (kitId: number, number: string, sent: boolean) =>
    `Replacement KIT-${kitId} ordered (${number}), free of charge, and the customer emailed.` +
    (sent ? ' It goes to the address the failed kit was sent to.' : ' The customer chooses where it goes.'),
} as const;

export const staffReplacementSchema = z.object({
  kitId: z.number().int().positive().max(2_147_483_647),
  reason,
});
export type StaffReplacement = z.infer<typeof staffReplacementSchema>;
export const staffReplacementResultSchema = z.object({
  kitId: z.number(),
  orderNumber: z.string(),
  sent: z.boolean(),
  message: z.string(),
});
export type StaffReplacementResult = z.infer<typeof staffReplacementResultSchema>;
