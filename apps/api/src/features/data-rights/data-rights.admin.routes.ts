import { apiErrorSchema, dataExportSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireOperatorKey } from '../../plugins/authenticate.ts';
import { downloadExportFor, exportStateFor, requestExportFor } from './exports.admin.ts';

/**
 * Who may take a person's whole data out of the portal on their behalf: the operator key only (issue 32).
 * No account may, whatever its authorities: ADMIN holds every authority, and staff never get the ZIP.
 */
const operatorOnly = requireOperatorKey;
const denied = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const idParam = z.object({ id: z.string().trim().min(1).max(64) });
const operatorExportSchema = dataExportSchema.extend({ userId: z.string() });

/** `ops user:export`: start a person's export, follow it, take the ZIP; each start and download audited. */
export const dataRightsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/exports',
    {
      onRequest: operatorOnly,
      schema: {
        tags: ['admin'],
        summary: "Start an export of a person's data, for a request by post or phone (ops user:export)",
        body: z.object({ email: z.string().trim().min(1, 'Give the email of the account.').max(254) }),
        response: { 202: operatorExportSchema, 400: apiErrorSchema, ...denied },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await requestExportFor(ctx, app.jobs, principalOf(request), request.body.email)),
  );

  app.get(
    '/exports/:id',
    {
      onRequest: operatorOnly,
      schema: {
        tags: ['admin'],
        summary: "The state of a person's export (ops user:export waits on it)",
        params: idParam,
        response: { 200: operatorExportSchema, ...denied },
      },
    },
    async (request) => exportStateFor(ctx, request.params.id),
  );

  app.get(
    '/exports/:id/download',
    {
      onRequest: operatorOnly,
      schema: {
        tags: ['admin'],
        summary: "A person's export ZIP, for the operator to send on (audited)",
        params: idParam,
        response: { ...denied, 409: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await downloadExportFor(ctx, principalOf(request), request.params.id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body as never);
    },
  );
};
