import {
  staffPromoCreateSchema,
  staffPromoPageSchema,
  staffPromoQuerySchema,
  staffPromoRowSchema,
  staffReferralCreateSchema,
  staffReferralPageSchema,
  staffReferralQuerySchema,
  staffReferralRowSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, security, tags } from '../../lib/route-schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import {
  createPromoByStaff,
  createReferralByStaff,
  deactivateReferralCode,
  disablePromoCode,
  listPromoCodes,
  listReferralCodes,
} from './codes.service.ts';

const codeParams = z.object({ code: z.string().trim().min(1).max(40) });

/** Codes (ADMIN): promo codes and practitioners' referral codes; each change audited. At /api/staff. */
export const staffCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = requireStaff(['ADMIN']);

  app.get(
    '/promo-codes',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary:
          'Promo codes A to Z with how many orders used each; q: the start of a code. Keyset pages (next)',
        querystring: staffPromoQuerySchema,
        response: { 200: staffPromoPageSchema, ...errors },
      },
    },
    async (request) => listPromoCodes(ctx.db, request.query),
  );

  app.post(
    '/promo-codes',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'A new promo code, as ops promo:create (audited)',
        body: staffPromoCreateSchema,
        response: { 201: staffPromoRowSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPromoByStaff(ctx, principalOf(request), request.body)),
  );

  app.post(
    '/promo-codes/:code/disable',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary:
          'Disable a promo code: checkout refuses it from now on; orders placed with it stay (audited)',
        params: codeParams,
        response: { 200: staffPromoRowSchema, ...errors },
      },
    },
    async (request) => disablePromoCode(ctx, principalOf(request), request.params.code),
  );

  app.get(
    '/referral-codes',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary:
          "Practitioners' referral codes A to Z with the accounts and kits that carry each; q: the start of a code. Keyset pages (next)",
        querystring: staffReferralQuerySchema,
        response: { 200: staffReferralPageSchema, ...errors },
      },
    },
    async (request) => listReferralCodes(ctx.db, request.query),
  );

  app.post(
    '/referral-codes',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: "A practitioner's referral code, as ops referral:create (audited)",
        body: staffReferralCreateSchema,
        response: { 201: staffReferralRowSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createReferralByStaff(ctx, principalOf(request), request.body)),
  );

  app.post(
    '/referral-codes/:code/deactivate',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary:
          'Deactivate a referral code: registration and checkout refuse it from now on; accounts and kits keep it (audited)',
        params: codeParams,
        response: { 200: staffReferralRowSchema, ...errors },
      },
    },
    async (request) => deactivateReferralCode(ctx, principalOf(request), request.params.code),
  );
};
