import {
  apiErrorSchema,
  ORDER_STAFF_ROLES,
  staffCancelSubscriptionSchema,
  staffOrderRowSchema,
  staffOrdersPageSchema,
  staffOrdersQuerySchema,
  staffRefundSchema,
  staffRenewalRetrySchema,
  staffReplacementResultSchema,
  staffReplacementSchema,
  staffSubscriptionRowSchema,
  staffSubscriptionsPageSchema,
  staffSubscriptionsQuerySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentProvider } from '../../adapters/payments/payments.ts';
import { errors, security, tags } from '../../lib/route-schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import { recordStaffAction, withoutText } from '../staff/index.ts';
import { refundOrder } from './order-refund.service.ts';
import { searchOrders } from './orders-search.service.ts';
import { orderReplacementFor } from './replacement.service.ts';
import { cancelSubscriptionByStaff, listSubscriptions, retryRenewal } from './staff-subscriptions.service.ts';

const orderParams = z.object({
  orderId: z.coerce.number({ error: 'That is not an order number.' }).int().positive().max(2_147_483_647),
});
const subscriptionParams = z.object({
  id: z.coerce.number({ error: 'That is not a subscription id.' }).int().positive().max(2_147_483_647),
});

/**
 * Orders and subscriptions (SUPPORT; ADMIN too): the order list, a refund through the payment provider,
 * and a subscription's cancel and renewal retry. Every change is audited in its own transaction.
 */
export const staffOrdersRoutes: FastifyPluginAsyncZod<{ payments: PaymentProvider }> = async (
  app,
  { payments },
) => {
  const { ctx } = app;
  const guard = requireStaff(ORDER_STAFF_ROLES);

  app.get(
    '/orders',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary:
          "Orders, newest first; q: an order number (ORD-000012) or an email (the purchaser's or the account's, or its start). Keyset pages (next)",
        querystring: staffOrdersQuerySchema,
        response: { 200: staffOrdersPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await searchOrders(ctx.db, request.query);
      await recordStaffAction(ctx.db, principalOf(request), {
        action: 'orders.search',
        entity: 'order',
        entityId: 'search',
        after: { filters: withoutText(request.query), orders: page.orders.map((order) => order.id) },
      });
      return page;
    },
  );

  app.post(
    '/orders/:orderId/refund',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary:
          "Refund what is left of what the order paid (less closure and earlier refunds), or amountCents of it, through the payment provider, once; the customer is emailed; a refund of everything left cancels the order's unsent kits (audited with the reason)",
        params: orderParams,
        body: staffRefundSchema,
        response: { 200: staffOrderRowSchema, 502: apiErrorSchema, ...errors },
      },
    },
    async (request) => refundOrder(ctx, payments, principalOf(request), request.params.orderId, request.body),
  );

  app.post(
    '/replacements',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary:
          "Order a replacement kit on the customer's behalf for a kit whose sample failed: free, sent where the failed kit went, the customer emailed (audited with the reason)",
        body: staffReplacementSchema,
        response: { 201: staffReplacementResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await orderReplacementFor(ctx, principalOf(request), request.body)),
  );

  app.get(
    '/subscriptions',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary:
          'Subscriptions: active, failed (the last renewal failed) or cancelled, newest first; q: the email or its start. Keyset pages (next)',
        querystring: staffSubscriptionsQuerySchema,
        response: { 200: staffSubscriptionsPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await listSubscriptions(ctx.db, request.query);
      await recordStaffAction(ctx.db, principalOf(request), {
        action: 'subscriptions.search',
        entity: 'subscription',
        entityId: 'search',
        after: {
          filters: withoutText(request.query),
          subscriptions: page.subscriptions.map((row) => row.id),
        },
      });
      return page;
    },
  );

  app.post(
    '/subscriptions/:id/cancel',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary:
          'Cancel a subscription: no renewal after this; kits sent stay the person’s (audited with the reason)',
        params: subscriptionParams,
        body: staffCancelSubscriptionSchema,
        response: { 200: staffSubscriptionRowSchema, ...errors },
      },
    },
    async (request) =>
      cancelSubscriptionByStaff(ctx, principalOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/subscriptions/:id/renewal-retry',
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary:
          'Retry a failed renewal now: charge the saved card, then send the kit, or record the failure again (audited)',
        params: subscriptionParams,
        response: { 200: staffRenewalRetrySchema, ...errors },
      },
    },
    async (request) => retryRenewal(ctx, payments, principalOf(request), request.params.id),
  );
};
