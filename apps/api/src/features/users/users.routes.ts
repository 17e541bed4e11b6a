import { apiErrorSchema, meSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client.ts';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import { getUser } from './users.service.ts';

/** What the portal asks a person at sign-in; consent/ knows, and the composition hands it in. */
export type SignInPrompts = (
  db: DbOrTx,
  userId: string,
) => Promise<{ reconsentPending: boolean; handoverOpen: boolean }>;

export const usersRoutes: FastifyPluginAsyncZod<{ signInPrompts: SignInPrompts }> = async (app, opts) => {
  app.get(
    '/me',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary:
          'The signed-in user (getUser), and whether a re-consent or a turning-18 handover awaits them',
        security: [{ bearerAuth: [] }],
        response: { 200: meSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      const [user, prompts] = await Promise.all([
        getUser(app.ctx.db, userId),
        opts.signInPrompts(app.ctx.db, userId),
      ]);
      return { ...user, ...prompts };
    },
  );
};
