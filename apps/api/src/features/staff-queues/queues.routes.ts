import { apiErrorSchema, QUEUE_READER_ROLES, workQueueQuerySchema, workQueuesSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { denied, security, tags } from '../../lib/route-schema.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import { workQueues } from './queues.service.ts';

/** The console's work queues (issue 34 item 17), mounted at /api/staff; read-only. */
export const staffQueuesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/queues',
    {
      onRequest: requireStaff(QUEUE_READER_ROLES),
      schema: {
        tags,
        security,
        summary:
          'Work queues: samples waiting at a step over stepDays, kits sent with no sample back after returnWeeks, tubes not intact received in the last callDays (customers to call), and turnaround per step (median, p90 days)',
        querystring: workQueueQuerySchema,
        response: { 200: workQueuesSchema, 400: apiErrorSchema, ...denied },
      },
    },
    async (request) => workQueues(app.ctx, request.query),
  );
};
