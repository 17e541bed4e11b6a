import {
  apiErrorSchema,
  STUDY_STAFF_ROLES,
  staffParticipantCodeIssuedSchema,
  staffParticipantCodeIssueSchema,
  staffParticipantCodesPageSchema,
  staffProjectCreateSchema,
  staffProjectRowSchema,
  staffProjectSurveysUpdateSchema,
  staffProjectsPageSchema,
  staffSiteCreateSchema,
  staffSiteRowSchema,
  staffSitesPageSchema,
  staffStudyKitBatchResultSchema,
  staffStudyKitBatchSchema,
  staffStudyKitDetailSchema,
  staffStudyKitsPageSchema,
  staffVoucherBatchResultSchema,
  staffVoucherBatchSchema,
  studyKitLabelsQuerySchema,
  studyPageQuerySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/authenticate.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import {
  createProjectByStaff,
  createProjectVouchers,
  issueCodeByStaff,
  listParticipantCodes,
  listProjects,
  projectRow,
  updateProjectSurveys,
  voucherCsv,
} from './projects.service.ts';
import {
  createSiteByStaff,
  createStudyKitBatch,
  listSites,
  listStudyKits,
  studyKitDetail,
  studyKitLabels,
} from './sites.service.ts';

const tags = ['staff'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const id = (what: string) =>
  z.coerce
    .number({ error: `That is not a ${what} number.` })
    .int()
    .positive()
    .max(2_147_483_647);
const projectParams = z.object({ projectId: id('project') });
const siteParams = z.object({ siteId: id('site') });
const kitParams = z.object({ kitId: id('kit') });

/**
 * Studies (STUDY; ADMIN too): research projects (participant codes, vouchers, questionnaires, the voucher
 * list as CSV) and the multi-site study's sites and kits (labels with QR codes, submitted forms).
 */
export const staffStudiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const onRequest = requireStaff(STUDY_STAFF_ROLES);
  const route = { onRequest };

  app.get(
    '/projects',
    {
      ...route,
      schema: {
        tags,
        security,
        summary:
          'Research projects, newest first, with their participant code and counts. Keyset pages (next)',
        querystring: studyPageQuerySchema,
        response: { 200: staffProjectsPageSchema, ...errors },
      },
    },
    async (request) => listProjects(ctx.db, request.query.after),
  );

  app.post(
    '/projects',
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'A research project, as ops project:create (audited)',
        body: staffProjectCreateSchema,
        response: { 201: staffProjectRowSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createProjectByStaff(ctx, principalOf(request), request.body)),
  );

  app.get(
    '/projects/:projectId',
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'A research project with its counts',
        params: projectParams,
        response: { 200: staffProjectRowSchema, ...errors },
      },
    },
    async (request) => projectRow(ctx.db, request.params.projectId),
  );

  app.put(
    '/projects/:projectId/surveys',
    {
      ...route,
      schema: {
        tags,
        security,
        summary: "The project's questionnaires (audited)",
        params: projectParams,
        body: staffProjectSurveysUpdateSchema,
        response: { 200: staffProjectRowSchema, ...errors },
      },
    },
    async (request) =>
      updateProjectSurveys(ctx, principalOf(request), request.params.projectId, request.body.surveys),
  );

  app.post(
    '/projects/:projectId/vouchers',
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'New kits of the project with their vouchers, as ops kits:create --project (audited)',
        params: projectParams,
        body: staffVoucherBatchSchema,
        response: { 201: staffVoucherBatchResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createProjectVouchers(
            ctx,
            principalOf(request),
            request.params.projectId,
            request.body.count,
          ),
        ),
  );

  app.get(
    '/projects/:projectId/vouchers.csv',
    {
      ...route,
      schema: {
        tags,
        security,
        summary:
          "The project's vouchers as CSV: kit_id, voucher, sample_id, kit_status, redeemed_at (audited)",
        params: projectParams,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await voucherCsv(ctx, principalOf(request), request.params.projectId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );

  app.get(
    '/projects/:projectId/participant-codes',
    {
      ...route,
      schema: {
        tags,
        security,
        summary:
          'The participant codes issued for the project (their emails and whether used; never the codes)',
        params: projectParams,
        querystring: studyPageQuerySchema,
        response: { 200: staffParticipantCodesPageSchema, ...errors },
      },
    },
    async (request) => listParticipantCodes(ctx.db, request.params.projectId, request.query.after),
  );

  app.post(
    '/projects/:projectId/participant-codes',
    {
      ...route,
      schema: {
        tags,
        security,
        summary:
          "A participant code for one participant's email, as ops participant-code:issue; shown once (audited)",
        params: projectParams,
        body: staffParticipantCodeIssueSchema,
        response: { 201: staffParticipantCodeIssuedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await issueCodeByStaff(ctx, principalOf(request), request.params.projectId, request.body.email),
        ),
  );

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
    async (request) => studyKitDetail(ctx, request.params.kitId),
  );
};
