import { apiErrorSchema, supportViewsSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import { supportViewsOf } from './support-views.service.ts';

/**
 * The caller's own account only. A support view of the account may read it too (it shows what the
 * person sees), and that read is itself audited and listed.
 */
export const supportViewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/support-views',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary:
          'Who viewed my data: support views of my account (who, when, what was looked at), newest first',
        security: [{ bearerAuth: [] }],
        response: { 200: supportViewsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => supportViewsOf(app.ctx, principalOf(request).userId),
  );
};
