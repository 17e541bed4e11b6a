import { apiErrorSchema, PROMO_TYPES, promoSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentProvider } from '../../adapters/payments/payments.ts';
import { requireAuthority } from '../../plugins/authenticate.ts';
import { createPromo } from './orders.service.ts';
import { runRenewals } from './subscriptions.service.ts';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

/** Back-office: promo codes (ops promo:create) and a renewal run on demand (ops subscriptions:renew). */
export const ordersAdminRoutes: FastifyPluginAsyncZod<{ payments: PaymentProvider }> = async (
  app,
  { payments },
) => {
  const { ctx } = app;

  app.post(
    '/promo-codes',
    {
      onRequest: requireAuthority('ORDER_ADMIN'),
      schema: {
        tags: ['admin'],
        summary: 'A promo code (ops promo:create)',
        body: z.object({
          code: z.string().trim().min(1).max(40),
          type: z.enum(PROMO_TYPES),
          value: z.number().nonnegative().max(100_000),
          remainingUsage: z.number().int().nonnegative().nullable().default(null),
        }),
        response: { 201: promoSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...denied },
      },
    },
    async (request, reply) => reply.code(201).send(await createPromo(ctx, request.body)),
  );

  app.post(
    '/subscriptions/renew',
    {
      onRequest: requireAuthority('ORDER_ADMIN'),
      schema: {
        tags: ['admin'],
        summary: 'Renew every due subscription now (ops subscriptions:renew)',
        body: z.object({ at: z.iso.datetime().optional() }).default({}),
        response: { 200: z.object({ renewed: z.number(), failed: z.number() }), ...denied },
      },
    },
    async (request) => runRenewals(ctx, payments, request.body.at ? new Date(request.body.at) : new Date()),
  );
};
