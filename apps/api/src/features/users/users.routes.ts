import { apiErrorSchema, userSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import { getUser } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user (getUser)',
        security: [{ bearerAuth: [] }],
        response: { 200: userSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getUser(app.ctx.db, principalOf(request).userId),
  );
};
