import {
  apiErrorSchema,
  joinedProjectSchema,
  joinResearchSchema,
  registerCheckResultSchema,
  registerCheckSchema,
  researchProjectWithKitsSchema,
  researchVoucherCheckSchema,
  researchVoucherSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.ts';
import { principalOf, requireAuthority, requireUser } from '../../plugins/authenticate.ts';
import { issueParticipantCode, joinResearch, registerCheck } from './participant-codes.ts';
import { checkResearchVoucher, createProject, PROJECT_SURVEYS, researchKits } from './research.service.ts';

const security = [{ bearerAuth: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Research participants: the registration code check, joining projects, vouchers and kits by project. */
export const researchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Every participant-code and voucher check of these routes counts against one limit per address, so
  // moving from one route to another gives no more guesses (decision 021).
  const codeLimit = {
    rateLimit: { max: ctx.config.voucherRateLimit, timeWindow: '1 minute', groupId: 'participant-code' },
  };

  app.post(
    '/research/register-check',
    {
      config: codeLimit,
      schema: {
        tags: ['research'],
        summary:
          'post project register: checks a participant code (and that the email is new) before registering',
        body: registerCheckSchema,
        response: { 200: registerCheckResultSchema, ...errors },
      },
    },
    async (request) => registerCheck(ctx, request.body.participantIdentifier, request.body.username),
  );

  app.post(
    '/research/join',
    {
      onRequest: requireUser,
      config: codeLimit,
      schema: {
        tags: ['research'],
        summary:
          "join research: the signed-in participant joins with a participant code issued to them, or the project's own code and one of its vouchers",
        security,
        body: joinResearchSchema,
        response: {
          200: joinedProjectSchema,
          403: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      if (request.body.userId !== principal.userId) throw forbidden('You can only join a project yourself.');
      return joinResearch(ctx, principal.userId, request.body.participantIdentifier, request.body.voucher);
    },
  );

  app.post(
    '/research/check-voucher',
    {
      onRequest: requireUser,
      config: codeLimit,
      schema: {
        tags: ['research'],
        summary: "check research voucher: the voucher's project; with a participant code both must match",
        security,
        body: researchVoucherCheckSchema,
        response: {
          200: researchVoucherSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      checkResearchVoucher(
        ctx,
        principalOf(request).userId,
        request.body.voucher,
        request.body.participantIdentifier,
      ),
  );

  app.get(
    '/research/kits',
    {
      onRequest: requireUser,
      schema: {
        tags: ['research'],
        summary: "get research kits: the participant's projects with their contacts and kits",
        security,
        response: {
          200: z.array(researchProjectWithKitsSchema),
          401: apiErrorSchema,
        },
      },
    },
    async (request) => researchKits(ctx, principalOf(request)),
  );
};

export const researchAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/projects',
    {
      onRequest: requireAuthority('PROJECT_ADMIN'),
      schema: {
        tags: ['admin'],
        summary: 'A research project and its participant code (ops project:create)',
        body: z.object({
          name: z.string().trim().min(1).max(120),
          logisticType: z.enum(['LAB_MANAGED', 'CLIENT_MANAGED']),
          resultDeliveryType: z.string().trim().max(40).optional(),
          surveys: z
            .array(z.enum(PROJECT_SURVEYS as [string, ...string[]]))
            .max(8)
            .optional(),
          contactName: z.string().trim().max(100).optional(),
          phone: z.string().trim().max(25).optional(),
          email: z.string().trim().max(254).optional(),
        }),
        response: {
          201: z.object({ id: z.number(), participantCode: z.string() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await createProject(app.ctx, request.body as never)),
  );

  app.post(
    '/projects/:projectId/participant-codes',
    {
      onRequest: requireAuthority('PROJECT_ADMIN'),
      schema: {
        tags: ['admin'],
        summary: "A participant code for one participant's email (ops participant-code:issue); shown once",
        params: z.object({ projectId: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: z.object({ email: z.email().max(254) }),
        response: {
          201: z.object({ projectId: z.number(), email: z.string(), participantCode: z.string() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await issueParticipantCode(app.ctx, request.params.projectId, request.body.email)),
  );
};
