import { apiErrorSchema, dataExportSchema, dataExportsSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import { downloadExport, getExport, listExports, requestExport } from './exports.service.ts';

const security = [{ bearerAuth: [] }];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const idParam = z.object({ id: z.string().trim().min(1).max(64) });

/** "Download my data" (issue 23): the caller's own exports only; a support view may not start one. */
export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/me/exports',
    {
      onRequest: requireUser,
      schema: {
        tags: ['data-rights'],
        summary: 'Ask for an export of all my data (built in the background; emailed when ready)',
        security,
        response: { 200: dataExportSchema, 202: dataExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await requestExport(ctx, app.jobs, principalOf(request).userId);
      return reply.code(result.created ? 202 : 200).send(result.export);
    },
  );

  app.get(
    '/me/exports',
    {
      onRequest: requireUser,
      schema: {
        tags: ['data-rights'],
        summary: 'My data exports, newest first',
        security,
        response: { 200: dataExportsSchema, ...errors },
      },
    },
    async (request) => listExports(ctx, principalOf(request).userId),
  );

  app.get(
    '/me/exports/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['data-rights'],
        summary: 'The state of one of my data exports',
        security,
        params: idParam,
        response: { 200: dataExportSchema, ...errors },
      },
    },
    async (request) => getExport(ctx, principalOf(request).userId, request.params.id),
  );

  app.get(
    '/me/exports/:id/download',
    {
      onRequest: requireUser,
      schema: {
        tags: ['data-rights'],
        summary: 'Download one of my data exports (ZIP; signed in, for 7 days)',
        security,
        params: idParam,
        response: { ...errors, 409: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const file = await downloadExport(ctx, principal.userId, request.params.id, Boolean(principal.actorId));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body as never);
    },
  );
};
