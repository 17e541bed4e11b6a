import { apiErrorSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import { profileDownload, taxaCsvDownload } from './downloads.service.ts';

const security = [{ bearerAuth: [] }];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema };
const sampleParam = z.object({ sample: z.string().trim().min(1).max(40) });

/** Take the numbers away: the lab's profile and the taxa CSV of one of the person's reports. */
export const reportDownloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const routes = [
    {
      path: '/reports/:sample/metaphlan.txt',
      summary: "The lab's original MetaPhlAn profile of the sample (as imported)",
      type: 'text/plain; charset=utf-8',
      load: profileDownload,
    },
    {
      path: '/reports/:sample/taxa.csv',
      summary:
        'Every taxon of the sample: rank, name, NCBI taxon id, relative abundance, healthy reference percentile (species)',
      type: 'text/csv; charset=utf-8',
      load: taxaCsvDownload,
    },
  ] as const;
  for (const route of routes) {
    app.get(
      route.path,
      {
        onRequest: requireUser,
        schema: {
          tags: ['reports'],
          summary: route.summary,
          security,
          params: sampleParam,
          response: errors,
        },
      },
      async (request, reply) => {
        const file = await route.load(ctx, principalOf(request).userId, request.params.sample);
        // Sent as text: the response schema lists only the errors, so nothing serialises the file as JSON.
        return reply
          .type(route.type)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(file.body as never);
      },
    );
  }
};
