import {
  apiErrorSchema,
  handoverConfirmSchema,
  handoverSchema,
  handoverSubmitSchema,
  messageResponseSchema,
  myHandoverSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { JobDefinition } from '../../lib/job-queue.ts';
import { security } from '../../lib/route-schema.ts';
import { principalOf, requireOperatorKey, requireUser } from '../../plugins/authenticate.ts';
import {
  confirmHandover,
  myHandover,
  readHandover,
  sendHandoverLink,
  startHandovers,
  submitHandover,
} from './handover.service.ts';

/** The handover link's token travels in the body (the page reads it from the URL's fragment), never a path. */
const token = z
  .string()
  .trim()
  .min(20, 'This handover link is not complete.')
  .max(100, 'This handover link is not valid.');
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const limited = { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } };

/** Turning 18 (issue 36 item 3): the young adult's handover page, and the operator's run of the daily job. */
export const handoverRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/handover/read',
    {
      ...limited,
      schema: {
        tags: ['consent'],
        summary: 'The handover a link opens: whose account, and the consents the guardian gave',
        body: z.object({ token }),
        response: { 200: handoverSchema, ...errors },
      },
    },
    async (request) => readHandover(ctx.db, request.body.token),
  );

  app.post(
    '/handover/submit',
    {
      ...limited,
      schema: {
        tags: ['consent'],
        summary: "The young adult's own email, password and answers; a code goes to that email",
        body: handoverSubmitSchema.extend({ token }),
        response: { 202: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token: t, ...input } = request.body;
      return reply.code(202).send(await submitHandover(ctx, t, input));
    },
  );

  app.post(
    '/handover/confirm',
    {
      ...limited,
      schema: {
        tags: ['consent'],
        summary: 'The emailed code confirms the email: the account is the young adult’s, every session ends',
        body: handoverConfirmSchema.extend({ token }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => confirmHandover(ctx, request.body.token, request.body.code),
  );

  app.get(
    '/me/handover',
    {
      onRequest: requireUser,
      schema: {
        tags: ['consent'],
        summary: 'My open turning-18 handover, if any: what the portal asks at sign-in',
        security,
        response: { 200: myHandoverSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => myHandover(ctx.db, principalOf(request).userId),
  );

  app.post(
    '/me/handover/link',
    {
      onRequest: requireUser,
      // Each press sends a mail: a few a minute, like the other mails a person sends themselves.
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['consent'],
        summary: "Send a fresh handover link to my account's email (the young adult's own account only)",
        security,
        response: {
          202: messageResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.code(202).send(await sendHandoverLink(ctx, principalOf(request).userId)),
  );

  app.post(
    '/admin/handovers/run',
    {
      onRequest: requireOperatorKey,
      schema: {
        tags: ['admin'],
        summary:
          "Run the daily turning-18 job now, for `today` when given (YYYY-MM-DD): the test hook for time; with `email`, start that one account's handover whatever its birthday (handover:start)",
        body: z.object({
          today: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.')
            .optional(),
          email: z
            .email('Please give the email address of the account.')
            .max(254)
            .transform((e) => e.trim().toLowerCase())
            .optional(),
        }),
        response: {
          200: z.object({ started: z.number().int() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { today, email } = request.body;
      const result = await startHandovers(ctx, today, email ? { email } : undefined);
      if (email && result.started === 0) throw notFound(HANDOVER_START_NOT_DUE);
      return result;
    },
  );
};

/** handover:start for an account that cannot be started: the operator's message. */
export const HANDOVER_START_NOT_DUE =
  "No handover was started: there is no account with this email whose holder is 18 or over and that is a minor's own account or a guardian's account for a child, without a handover already.";

export const HANDOVERS_QUEUE = 'handovers';

/** The daily job, run hourly (a birthday is found within the hour, in the portal's time zone; each once). */
export function handoverJobs(ctx: AppContext): JobDefinition<never>[] {
  const job: JobDefinition<object> = {
    name: HANDOVERS_QUEUE,
    queue: { policy: 'stately', retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 },
    cron: '7 * * * *',
    async run() {
      await startHandovers(ctx);
    },
  };
  return [job as JobDefinition<never>];
}
