import { apiErrorSchema, myConsentSchema, myConsentsSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import { listMyConsents, withdrawConsent } from './my-consents.service.ts';

const security = [{ bearerAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** "Your consents" on My Profile (issue 23): the caller's own answers only, and their withdrawal. */
export const myConsentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/me/consents',
    {
      onRequest: requireUser,
      schema: {
        tags: ['consent'],
        summary: 'Every consent I have given or refused: document, version, time and answer, newest first',
        security,
        response: { 200: myConsentsSchema, ...errors },
      },
    },
    async (request) => listMyConsents(ctx.db, principalOf(request).userId),
  );

  app.post(
    '/me/consents/:consentId/withdrawal',
    {
      onRequest: requireUser,
      schema: {
        tags: ['consent'],
        summary: 'Withdraw a consent I gave (recorded as a new answer; the earlier ones stay)',
        security,
        params: z.object({
          consentId: z.coerce
            .number({ error: 'The consent id must be a number.' })
            .int('The consent id must be a whole number.')
            .positive('The consent id must be a positive number.')
            .max(2_147_483_647, 'There is no such consent.'),
        }),
        response: { 201: myConsentSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await withdrawConsent(ctx, principalOf(request).userId, request.params.consentId)),
  );
};
