import {
  apiErrorSchema,
  coachBookedSchema,
  coachBookingRequestSchema,
  coachBookingSchema,
  coachSlotsSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import { bookCoach, freeSlots, myBookings } from './coach.service.ts';

const security = [{ bearerAuth: [] }];

/** The embedded coach scheduler (used when COACH_BOOKING_URL is not set). */
export const coachRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/coach/slots',
    {
      onRequest: requireUser,
      schema: {
        tags: ['coach'],
        summary: 'Free 15-minute coach slots of the next two weeks',
        security,
        response: { 200: coachSlotsSchema, 401: apiErrorSchema },
      },
    },
    async () => ({ slots: await freeSlots(ctx) }),
  );

  app.get(
    '/coach/bookings',
    {
      onRequest: requireUser,
      schema: {
        tags: ['coach'],
        summary: 'My booked coach calls',
        security,
        response: { 200: z.array(coachBookingSchema), 401: apiErrorSchema },
      },
    },
    async (request) => myBookings(ctx, principalOf(request).userId),
  );

  app.post(
    '/kits/:kitId/coach-booking',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['coach'],
        summary: "Book (or move) a kit's coach call",
        security,
        params: z.object({ kitId: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: coachBookingRequestSchema,
        response: {
          201: coachBookedSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await bookCoach(ctx, principalOf(request).userId, request.params.kitId, request.body.startsAt)),
  );
};
