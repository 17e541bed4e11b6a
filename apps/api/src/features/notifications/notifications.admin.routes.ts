import { apiErrorSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordBounce } from '../../adapters/mail/bounces.ts';
import { notFound } from '../../lib/errors.ts';
import { requireAuthority } from '../../plugins/authenticate.ts';

export const BOUNCE_MESSAGES = { unknownMail: 'There is no mail with that id in the outbox.' } as const;

/**
 * The bounce feed (issue 35 item 6): a mail provider's bounce report (a DSN, or its webhook relayed by
 * the operator) recorded against the message it answers. At /api/admin.
 */
export const notificationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/mail/bounces',
    {
      onRequest: requireAuthority('ADMIN'),
      schema: {
        tags: ['admin'],
        summary: 'Record a bounce against an outbox message; 3 hard bounces mark the address undeliverable',
        body: z.object({
          mailId: z.number().int().positive(),
          hard: z.boolean(),
          detail: z.string().trim().min(1).max(500),
        }),
        response: {
          200: z.object({ undeliverable: z.boolean() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { mailId, hard, detail } = request.body;
      const result = await recordBounce(app.ctx.db, mailId, { hard, detail });
      if (!result.found) throw notFound(BOUNCE_MESSAGES.unknownMail);
      return { undeliverable: result.undeliverable };
    },
  );
};
