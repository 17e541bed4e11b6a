import {
  apiErrorSchema,
  KIT_STATUSES,
  kitSchema,
  referralLookupSchema,
  SAMPLE_STATUSES,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kits } from '../../db/schema/index.ts';
import { principalOf, requireAuthority } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../../plugins/staff-audit.ts';
import { createKits, createReferralCode, setKitStatus } from './kits.service.ts';

const denied = { 401: apiErrorSchema, 403: apiErrorSchema };

/** Back-office kit operations: the ops CLI's kits:create, kit:set and referral:create. */
export const kitsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/kits',
    {
      onRequest: requireAuthority('KIT_ADMIN'),
      schema: {
        tags: ['admin'],
        summary: 'New kits with vouchers (ops kits:create)',
        body: z.object({
          count: z.number().int().min(1, 'count must be at least 1').max(1000, 'count can be at most 1000'),
          projectId: z.number().int().positive().default(1),
          ownerEmail: z.string().max(254).optional(),
          infant: z.boolean().default(false),
        }),
        response: {
          201: z.array(
            z.object({
              id: z.number(),
              voucherCode: z.string(),
              sampleIdentifier: z.string(),
              hashedId: z.string(),
            }),
          ),
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await createKits(ctx, request.body)),
  );

  app.patch(
    '/kits/:kitId',
    {
      onRequest: requireAuthority('KIT_ADMIN'),
      schema: {
        tags: ['admin'],
        summary: 'A logistics or lab step (ops kit:set); checked against the state machine',
        params: z.object({ kitId: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: z.object({
          kitStatus: z.enum(KIT_STATUSES).optional(),
          sampleStatus: z.enum(SAMPLE_STATUSES).optional(),
          displayDate: z.iso.date('displayDate must be a date as YYYY-MM-DD').optional(),
        }),
        response: {
          200: kitSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { kitId } = request.params;
      // Audited for the kit's owner too: "What our staff did on your account" names the step (issue 33).
      return ctx.db.transaction(async (tx) => {
        const kit = await setKitStatus({ ...ctx, db: tx }, kitId, request.body, principal.userId);
        const [owner] = await tx.select({ id: kits.ownerId }).from(kits).where(eq(kits.id, kitId));
        const { kitStatus, sampleStatus } = request.body;
        await recordStaffAction(tx, principal, {
          action: 'kit.status.set',
          entity: 'kit',
          entityId: String(kitId),
          subjectId: owner?.id ?? null,
          after: { ...(kitStatus ? { kitStatus } : {}), ...(sampleStatus ? { sampleStatus } : {}) },
        });
        return kit;
      });
    },
  );

  app.post(
    '/referral-codes',
    {
      onRequest: requireAuthority('KIT_ADMIN'),
      schema: {
        tags: ['admin'],
        summary: "A practitioner's referral code (ops referral:create)",
        body: z.object({
          code: z.string().trim().min(1).max(24),
          firstName: z.string().trim().min(1).max(25),
          lastName: z.string().trim().min(1).max(25),
          // Where a person's share link of their reports for this practitioner is emailed (issue 36).
          email: z.email().max(254).optional(),
        }),
        response: { 201: referralLookupSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...denied },
      },
    },
    async (request, reply) => reply.code(201).send(await createReferralCode(ctx, request.body)),
  );
};
