import {
  apiErrorSchema,
  CLOSURE_SCOPES,
  closureRequestSchema,
  closureSchema,
  myClosureSchema,
  sampleDestructionSchema,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { principalOf, requireAuthority, requireUser } from '../../plugins/authenticate.ts';
import { closeAsOperator, closureReceipt, myClosure, requestClosure } from './closure.service.ts';
import { listSampleDestructions, markSampleDestroyed } from './sample-destructions.service.ts';

const security = [{ bearerAuth: [] }];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/** A live session, or the closing session reading its own request (closure.service.ts closureReceipt). */
async function requireUserOrClosureReceipt(request: FastifyRequest, reply: FastifyReply) {
  try {
    await requireUser(request, reply);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 401) throw error;
    const receipt = await closureReceipt(request);
    if (!receipt) throw error;
    request.principal = receipt;
  }
}

/** "Close my account" (issue 23): the person's request and its state; the operators' and the lab's side. */
export const closureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/me/closure',
    {
      onRequest: requireUser,
      // A stolen session must not guess the password here faster than at sign-in.
      config: { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['data-rights'],
        summary: 'Close my account (confirmed with my password; done in the background)',
        security,
        body: closureRequestSchema,
        response: { 200: closureSchema, 202: closureSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await requestClosure(ctx, app.jobs, principalOf(request), request.body);
      return reply.code(result.created ? 202 : 200).send(result.closure);
    },
  );

  app.get(
    '/me/closure',
    {
      onRequest: requireUserOrClosureReceipt,
      schema: {
        tags: ['data-rights'],
        summary: 'My closure request and its timeline (received, processed), or null',
        security,
        response: { 200: myClosureSchema, ...errors },
      },
    },
    async (request) => myClosure(ctx, principalOf(request).userId),
  );

  app.post(
    '/admin/closures',
    {
      onRequest: requireAuthority('DATA_RIGHTS'),
      schema: {
        tags: ['admin'],
        summary:
          'Close an account asked for by post or phone (ops user:close); asked again, answers its state',
        body: z.object({ email: z.string().trim().min(1).max(254), scope: z.enum(CLOSURE_SCOPES) }),
        response: { 200: closureSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => closeAsOperator(ctx, app.jobs, principalOf(request), request.body),
  );

  app.get(
    '/admin/sample-destructions',
    {
      onRequest: requireAuthority('LAB_RESULTS'),
      schema: {
        tags: ['admin'],
        summary: 'Samples the lab is asked to destroy (ops samples:to-destroy)',
        querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(sampleDestructionSchema), ...errors },
      },
    },
    async (request) => listSampleDestructions(ctx, { all: request.query.all === 'true' }),
  );

  app.post(
    '/admin/sample-destructions/:sample/destroyed',
    {
      onRequest: requireAuthority('LAB_RESULTS'),
      schema: {
        tags: ['admin'],
        summary: 'Record that the lab destroyed a sample (ops sample:destroyed)',
        params: z.object({ sample: z.string().trim().min(1).max(64) }),
        response: { 200: sampleDestructionSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => markSampleDestroyed(ctx, principalOf(request), request.params.sample),
  );
};
