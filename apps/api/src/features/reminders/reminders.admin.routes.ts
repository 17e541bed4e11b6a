import { apiErrorSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuthority } from '../../plugins/authenticate.ts';
import { advanceReminderClock } from './reminders.service.ts';

/** The reminders' test clock for operators and journeys (ops reminders:advance). At /api/admin. */
export const remindersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reminders/advance',
    {
      onRequest: requireAuthority('ADMIN'),
      schema: {
        tags: ['admin'],
        summary:
          'Move every pending reminder this many hours nearer and run those now due (tests and demos; refused in production)',
        body: z.object({
          hours: z
            .number({ error: 'hours must be a whole number from 1 to 2000.' })
            .int('hours must be a whole number from 1 to 2000.')
            .min(1, 'hours must be a whole number from 1 to 2000.')
            .max(2000, 'hours must be a whole number from 1 to 2000.'),
          /** Only this person's reminders. */
          email: z.string().trim().max(254).optional(),
        }),
        response: {
          200: z.object({ sent: z.number().int(), done: z.number().int() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => advanceReminderClock(app.ctx, request.body.hours, request.body.email),
  );
};
