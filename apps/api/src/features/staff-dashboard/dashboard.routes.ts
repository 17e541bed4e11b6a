import {
  apiErrorSchema,
  dashboardQuerySchema,
  portalDayAndWeek,
  STAFF_ROLES,
  staffDashboardSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireStaff } from '../../plugins/staff-guard.ts';
import { staffDashboard } from './dashboard.service.ts';

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
      const portal = portalDayAndWeek(new Date());
      return staffDashboard(app.ctx, {
        today: request.query.today ? new Date(request.query.today) : portal.today,
        week: request.query.week ? new Date(request.query.week) : portal.week,
      });
    },
  );
};
