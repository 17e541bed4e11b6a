import { apiErrorSchema, dashboardQuerySchema, STAFF_ROLES, staffDashboardSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStaff } from '../../plugins/staff-guard.ts';
import { staffDashboard } from './dashboard.service.ts';

const DAY_MS = 24 * 3600 * 1000;

/** The console's dashboard, for every staff role (mounted at /api/staff). */
export const staffDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      onRequest: requireStaff(STAFF_ROLES),
      schema: {
        tags: ['staff'],
        summary:
          "Today's counts with the age of the oldest and a link to each list: dispatch, the lab's steps, failures this week, reports released today, consent forms to review",
        security: [{ bearerAuth: [] }],
        querystring: dashboardQuerySchema,
        response: {
          200: staffDashboardSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => {
      // Without the page's own day: the last 24 hours and the last 7 days.
      const now = Date.now();
      return staffDashboard(app.ctx, {
        today: new Date(request.query.today ?? now - DAY_MS),
        week: new Date(request.query.week ?? now - 7 * DAY_MS),
      });
    },
  );
};
