import { apiErrorSchema, QUEUE_READER_ROLES, workQueueQuerySchema, workQueuesSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { denied, security, tags } from '../../lib/route-schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import { recordStaffAction } from '../staff/index.ts';
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
    async (request) => {
      const queues = await workQueues(app.ctx, request.query);
      // The queues name customers (and a phone to call): a read of personal data, audited (issue 32).
      await recordStaffAction(app.ctx.db, principalOf(request), {
        action: 'queues.list',
        entity: 'kit',
        entityId: 'work-queues',
        after: {
          kits: [
            ...new Set(
              [queues.waitingAtStep, queues.noSampleBack, queues.notIntact].flatMap((q) =>
                q.items.map((item) => item.id),
              ),
            ),
          ],
        },
      });
      return queues;
    },
  );
};
