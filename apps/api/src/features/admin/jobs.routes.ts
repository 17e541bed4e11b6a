import { apiErrorSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuthority } from '../../plugins/authenticate.ts';

const states = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
const state = z.enum(states);

/** The job queue for operators (ops jobs:list): counts per queue and state, and the newest jobs. */
export const jobsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs',
    {
      onRequest: requireAuthority('ADMIN'),
      schema: {
        tags: ['admin'],
        summary: 'Background jobs: counts per queue and state, and the newest jobs (ops jobs:list)',
        querystring: z.object({
          queue: z.string().max(100).optional(),
          state: state.optional(),
          limit: z.coerce.number().int().min(1).max(1000).optional(),
        }),
        response: {
          200: z.object({
            queues: z.array(z.object({ name: z.string(), counts: z.partialRecord(state, z.number()) })),
            jobs: z.array(
              z.object({
                id: z.string(),
                queue: z.string(),
                state,
                retryCount: z.number(),
                retryLimit: z.number(),
                createdOn: z.string(),
                startedOn: z.string().nullable(),
                completedOn: z.string().nullable(),
                startAfter: z.string(),
                data: z.unknown(),
                output: z.unknown(),
              }),
            ),
          }),
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => app.jobs.list(request.query),
  );
};
