import {
  apiErrorSchema,
  formatMoney,
  KIT_PRODUCT_LABEL,
  orderRequestSchema,
  orderResultSchema,
  PLANS,
  PRICES,
  paymentActionSchema,
  planSchema,
  productSchema,
  promoSchema,
  subscriptionSchema,
  testCardTokenSchema,
  withBrand,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticateTestPayment, createTestToken } from '../../adapters/payments/embedded.ts';
import { PaymentError, type PaymentProvider } from '../../adapters/payments/payments.ts';
import { AppError } from '../../lib/errors.ts';
import { errors, security } from '../../lib/route-schema.ts';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import { findPromo, placeOrder } from './orders.service.ts';
import { cancelSubscription, userSubscription } from './subscriptions.service.ts';

export const ordersRoutes: FastifyPluginAsyncZod<{ payments: PaymentProvider }> = async (
  app,
  { payments },
) => {
  const { ctx } = app;

  app.get(
    '/products',
    {
      schema: {
        tags: ['orders'],
        summary: 'Kit prices: a new kit and a replacement (AUD, GST inclusive)',
        response: { 200: z.array(productSchema) },
      },
    },
    async () => [
      {
        amount: Number(formatMoney(PRICES.newKitCents)),
        label: withBrand(KIT_PRODUCT_LABEL, ctx.config.brandName),
        orderType: 'NEW' as const,
      },
      {
        amount: Number(formatMoney(PRICES.replacementCents)),
        label: withBrand(KIT_PRODUCT_LABEL, ctx.config.brandName),
        orderType: 'REPLACEMENT' as const,
      },
    ],
  );

  app.get(
    '/subscription-plans',
    {
      schema: { tags: ['orders'], summary: 'The subscription plans', response: { 200: z.array(planSchema) } },
    },
    async () => PLANS.map((p) => ({ ...p, price: p.priceCents / 100 })),
  );

  app.get(
    '/promo-codes/:code',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: ctx.config.voucherRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['orders'],
        summary: 'A promo code, to show the discounted total before paying',
        security,
        params: z.object({ code: z.string().max(40) }),
        response: { 200: promoSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => findPromo(ctx.db, request.params.code),
  );

  app.post(
    '/orders',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: ctx.config.paymentRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['orders'],
        summary:
          'postOrder: kits, a replacement or a subscription, paid by card. Needs an Idempotency-Key header. A card that asks for 3-D Secure answers 202 with the client secret: authenticate it, then send the same request with the same key.',
        security,
        headers: z.object({ 'idempotency-key': z.string().max(100).optional() }),
        body: orderRequestSchema,
        response: {
          201: orderResultSchema,
          202: paymentActionSchema,
          ...errors,
          402: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await placeOrder(
        ctx,
        payments,
        principalOf(request).userId,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(result.status).send(result.body as never);
    },
  );

  app.get(
    '/subscriptions/me',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: "getUserSubscription: the person's subscription (cancelledDate null = active), or null",
        security,
        response: { 200: subscriptionSchema.nullable(), 401: apiErrorSchema },
      },
    },
    async (request) => userSubscription(ctx, principalOf(request).userId),
  );

  app.post(
    '/subscriptions/:id/cancel',
    {
      onRequest: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Cancel a subscription: no more renewals',
        security,
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: subscriptionSchema, ...errors },
      },
    },
    async (request) => cancelSubscription(ctx, principalOf(request).userId, request.params.id),
  );

  if (payments.name === 'embedded') {
    app.post(
      '/payments/test-tokens',
      {
        onRequest: requireUser,
        config: { rateLimit: { max: ctx.config.paymentRateLimit, timeWindow: '1 minute' } },
        schema: {
          tags: ['orders'],
          summary:
            'Embedded payments only: turns a Stripe test card into a token, as Stripe Elements would. Keeps only the outcome and last four digits.',
          security,
          body: z.object({
            number: z.string().max(30),
            expMonth: z.number().int(),
            expYear: z.number().int(),
            cvc: z.string().max(4),
          }),
          response: { 200: testCardTokenSchema, ...errors },
        },
      },
      async (request) => {
        try {
          return await createTestToken(ctx.db, request.body);
        } catch (error) {
          if (error instanceof PaymentError)
            throw new AppError(400, 'CARD_ERROR', error.message, { card: error.message });
          throw error;
        }
      },
    );

    app.post(
      '/payments/test-authentications',
      {
        onRequest: requireUser,
        config: { rateLimit: { max: ctx.config.paymentRateLimit, timeWindow: '1 minute' } },
        schema: {
          tags: ['orders'],
          summary:
            "Embedded payments only: the test page's 3-D Secure step, as the bank's would be. Completes or fails the payment of this client secret; then send the order again.",
          security,
          body: z.object({ clientSecret: z.string().max(200), complete: z.boolean() }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        try {
          await authenticateTestPayment(ctx.db, request.body.clientSecret, request.body.complete);
        } catch (error) {
          if (error instanceof PaymentError) throw new AppError(400, 'CARD_ERROR', error.message);
          throw error;
        }
        return reply.code(204).send(null);
      },
    );
  }
};
