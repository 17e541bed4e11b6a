import {
  STUDY_STAFF_ROLES,
  staffSiteCreateSchema,
  staffSiteRowSchema,
  staffSitesPageSchema,
  staffStudyKitBatchResultSchema,
  staffStudyKitBatchSchema,
  staffStudyKitDetailSchema,
  staffStudyKitsPageSchema,
  studyKitLabelsQuerySchema,
  studyPageQuerySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, recordNumber, security, tags } from '../../lib/route-schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import { recordStaffAction } from '../staff/index.ts';
import {
  createSiteByStaff,
  createStudyKitBatch,
  listSites,
  listStudyKits,
  studyKitDetail,
  studyKitLabels,
} from './sites.service.ts';

const siteParams = z.object({ siteId: recordNumber('site') });
const kitParams = z.object({ kitId: recordNumber('kit') });

/**
 * The multi-site study (STUDY; ADMIN too): its sites and their kits (labels with QR codes, submitted
 * forms). Research projects are staff-projects.routes.ts.
 */
export const staffStudiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = { onRequest: requireStaff(STUDY_STAFF_ROLES) };

  app.get(
    '/study/sites',
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'Sites of the multi-site study with their time zones and counts. Keyset pages (next)',
        querystring: studyPageQuerySchema,
        response: { 200: staffSitesPageSchema, ...errors },
      },
    },
    async (request) => listSites(ctx.db, request.query.after),
  );

  app.post(
    '/study/sites',
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'A study site and its IANA time zone, as ops study:create (audited)',
        body: staffSiteCreateSchema,
        response: { 201: staffSiteRowSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSiteByStaff(ctx, principalOf(request), request.body)),
  );

  app.get(
    '/study/sites/:siteId/kits',
    {
      ...route,
      schema: {
        tags,
        security,
        summary:
          "A site's kits, newest first, with their tubes, form link and when the form came in. Keyset pages",
        params: siteParams,
        querystring: studyPageQuerySchema,
        response: { 200: staffStudyKitsPageSchema, ...errors },
      },
    },
    async (request) => listStudyKits(ctx, request.params.siteId, request.query.after),
  );

  app.post(
    '/study/sites/:siteId/kits',
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'A batch of blood, stool or replacement kits for a site, as ops study:kits (audited)',
        params: siteParams,
        body: staffStudyKitBatchSchema,
        response: { 201: staffStudyKitBatchResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createStudyKitBatch(ctx, principalOf(request), request.params.siteId, request.body)),
  );

  app.get(
    '/study/kits/labels.pdf',
    {
      ...route,
      schema: {
        tags,
        security,
        summary:
          "Labels of these study kits (PDF, one per kit, in order), each with its form's link as a QR code",
        querystring: studyKitLabelsQuerySchema,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="study-kit-labels.pdf"')
        .send(await studyKitLabels(ctx, request.query.kits)),
  );

  app.get(
    '/study/kits/:kitId',
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'A study kit and its submitted requisition or replacement form',
        params: kitParams,
        response: { 200: staffStudyKitDetailSchema, ...errors },
      },
    },
    async (request) => {
      const detail = await studyKitDetail(ctx, request.params.kitId);
      await recordStaffAction(ctx.db, principalOf(request), {
        action: 'study_kit.view',
        entity: 'study_kit',
        entityId: String(request.params.kitId),
      });
      return detail;
    },
  );
};
