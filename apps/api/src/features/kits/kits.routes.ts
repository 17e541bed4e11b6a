import {
  activateKitSchema,
  apiErrorSchema,
  checkVoucherSchema,
  dashboardSchema,
  giveKitSchema,
  giveResultSchema,
  kitChangedSchema,
  kitSchema,
  redeemKitSchema,
  referralLookupSchema,
  sentKitSchema,
  timelineEventSchema,
  updateKitSchema,
  voucherLookupSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireUser, requireUserCheckedByQuery } from '../../plugins/authenticate.ts';
import {
  activateKit,
  checkVoucher,
  dashboard,
  giveKit,
  kitTimeline,
  listSentKits,
  listUserKits,
  lookupReferral,
  redeemKit,
  resendGift,
  updateKit,
} from './kits.service.ts';

const kitParams = z.object({ kitId: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const security = [{ bearerAuth: [] }];

/** The person's kits: the dashboard counts, the kits page, redeem, activate, give, name, notes, referral. */
export const kitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  /** Voucher look-ups are limited per address, so codes cannot be found by guessing. */
  const voucherLimit = { rateLimit: { max: ctx.config.voucherRateLimit, timeWindow: '1 minute' } };

  app.get(
    '/dashboard',
    {
      // The service's one statement starts from the person's row and refuses a deleted account.
      onRequest: requireUserCheckedByQuery,
      schema: {
        tags: ['kits'],
        summary: 'getDashboard',
        security,
        response: { 200: dashboardSchema, 401: apiErrorSchema },
      },
    },
    async (request) => dashboard(ctx, principalOf(request)),
  );

  app.get(
    '/kits',
    {
      // The service's one statement starts from the person's row and refuses a deleted account.
      onRequest: requireUserCheckedByQuery,
      schema: {
        tags: ['kits'],
        summary: 'getUserKits',
        security,
        response: { 200: z.array(kitSchema), 401: apiErrorSchema },
      },
    },
    async (request) => listUserKits(ctx, principalOf(request)),
  );

  app.get(
    '/kits/sent',
    {
      onRequest: requireUser,
      schema: {
        tags: ['kits'],
        summary: 'getSentKits: kits given to others',
        security,
        response: { 200: z.array(sentKitSchema), 401: apiErrorSchema },
      },
    },
    async (request) => listSentKits(ctx, principalOf(request).userId),
  );

  app.get(
    '/kits/:kitId/timeline',
    {
      onRequest: requireUser,
      schema: {
        tags: ['kits'],
        summary: 'getKitTimeline',
        security,
        params: kitParams,
        response: { 200: z.array(timelineEventSchema), ...errors },
      },
    },
    async (request) => kitTimeline(ctx, principalOf(request).userId, request.params.kitId),
  );

  app.put(
    '/kits/:kitId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['kits'],
        summary:
          'putKit: name, notes, referral code (null removes) or report received; was (required with name or notes): what the form showed (409 when stale)',
        security,
        params: kitParams,
        body: updateKitSchema,
        response: { 200: kitSchema, ...errors },
      },
    },
    async (request) => updateKit(ctx, principalOf(request).userId, request.params.kitId, request.body),
  );

  app.post(
    '/kits/:kitId/activate',
    {
      onRequest: requireUser,
      schema: {
        tags: ['kits'],
        summary: 'activateKit: send this kit to me now',
        security,
        params: kitParams,
        body: activateKitSchema,
        response: { 200: kitChangedSchema, ...errors },
      },
    },
    async (request) => activateKit(ctx, principalOf(request).userId, request.params.kitId, request.body),
  );

  app.post(
    '/kits/check-voucher',
    {
      onRequest: requireUser,
      config: voucherLimit,
      schema: {
        tags: ['kits'],
        summary: 'checkVoucher: the kit behind a voucher code',
        security,
        body: checkVoucherSchema,
        response: { 200: voucherLookupSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => checkVoucher(ctx, principalOf(request).userId, request.body.voucher),
  );

  app.post(
    '/kits/redeem',
    {
      onRequest: requireUser,
      config: voucherLimit,
      schema: {
        tags: ['kits'],
        summary: 'redeemKit (activate true: send now) / redeemKitBasic (activate false)',
        security,
        body: redeemKitSchema,
        response: { 200: kitChangedSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => redeemKit(ctx, principalOf(request).userId, request.body),
  );

  app.post(
    '/kits/give',
    {
      onRequest: requireUser,
      config: voucherLimit,
      schema: {
        tags: ['kits'],
        summary: 'Give a kit (one of mine, or by voucher) to someone by email',
        security,
        body: giveKitSchema,
        response: { 200: giveResultSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => giveKit(ctx, principalOf(request).userId, request.body),
  );

  app.post(
    '/kits/sent/:kitId/resend',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['kits'],
        summary: 'Send the gift email again while the kit is not redeemed',
        security,
        params: kitParams,
        response: { 200: giveResultSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => resendGift(ctx, principalOf(request).userId, request.params.kitId),
  );

  app.get(
    '/referral-codes/:code',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['kits'],
        summary: 'checkReferralCode: the practitioner behind a code (REF- prefix optional)',
        security,
        params: z.object({ code: z.string().max(40) }),
        response: { 200: referralLookupSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => lookupReferral(ctx, request.params.code),
  );
};
