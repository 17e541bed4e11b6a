import {
  participantsQuerySchema,
  STUDY_STAFF_ROLES,
  staffFunnelSchema,
  staffMailoutDraftSchema,
  staffMailoutListSchema,
  staffMailoutPreviewSchema,
  staffMailoutSchema,
  staffParticipantCodeIssuedSchema,
  staffParticipantCodeIssueSchema,
  staffParticipantCodesPageSchema,
  staffParticipantsPageSchema,
  staffProjectCreateSchema,
  staffProjectRowSchema,
  staffProjectSurveysUpdateSchema,
  staffProjectsPageSchema,
  staffVoucherBatchResultSchema,
  staffVoucherBatchSchema,
  studyPageQuerySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, recordNumber, security, tags } from '../../lib/route-schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import { recordStaffAction } from '../staff/index.ts';
import { listMailouts, mailoutProgress, previewMailout, sendMailout } from './mailouts.service.ts';
import { listParticipants, projectFunnel } from './participants.service.ts';
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

const projectParams = z.object({ projectId: recordNumber('project') });

/**
 * Research projects (STUDY; ADMIN too): their participant codes, vouchers and questionnaires, and the
 * voucher list as CSV.
 */
export const staffProjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = { onRequest: requireStaff(STUDY_STAFF_ROLES) };

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
      updateProjectSurveys(
        ctx,
        principalOf(request),
        request.params.projectId,
        request.body.surveys,
        request.body.version,
      ),
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
    async (request) => {
      const page = await listParticipantCodes(ctx.db, request.params.projectId, request.query.after);
      await recordStaffAction(ctx.db, principalOf(request), {
        action: 'project.participant_codes.list',
        entity: 'project',
        entityId: String(request.params.projectId),
        after: { codes: page.codes.map((code) => code.id) },
      });
      return page;
    },
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

  // Study mail-outs (issue 35 item 7): write, preview, send, and follow the progress.
  app.post(
    '/projects/:projectId/mailouts/preview',
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'A mail-out as participants will see it, and how many get Research news (nothing is sent)',
        params: projectParams,
        body: staffMailoutDraftSchema,
        response: { 200: staffMailoutPreviewSchema, ...errors },
      },
    },
    async (request) => previewMailout(ctx, { kind: 'PROJECT', id: request.params.projectId }, request.body),
  );

  app.post(
    '/projects/:projectId/mailouts',
    {
      ...route,
      schema: {
        tags,
        security,
        summary:
          "Sends a mail-out to the project's participants who get Research news, through the queue at MAILOUT_RATE (audited)",
        params: projectParams,
        body: staffMailoutDraftSchema,
        response: { 201: staffMailoutSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await sendMailout(
            ctx,
            principalOf(request),
            { kind: 'PROJECT', id: request.params.projectId },
            request.body,
          ),
        ),
  );

  app.get(
    '/projects/:projectId/mailouts',
    {
      ...route,
      schema: {
        tags,
        security,
        summary: "The project's last 20 mail-outs with their progress, newest first",
        params: projectParams,
        response: { 200: staffMailoutListSchema, ...errors },
      },
    },
    async (request) => listMailouts(ctx, { kind: 'PROJECT', id: request.params.projectId }),
  );

  app.get(
    '/projects/:projectId/mailouts/:mailoutId',
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'One mail-out and its progress: recipients written to the outbox, and sent',
        params: projectParams.extend({ mailoutId: recordNumber('mail-out') }),
        response: { 200: staffMailoutSchema, ...errors },
      },
    },
    async (request) =>
      mailoutProgress(ctx, { kind: 'PROJECT', id: request.params.projectId }, request.params.mailoutId),
  );

  app.get(
    '/projects/:projectId/participants',
    {
      ...route,
      schema: {
        tags,
        security,
        summary:
          "The project's participants, newest first, with their kits of the project and where they stand; q: the start of the email or part of the name. Keyset pages (next)",
        params: projectParams,
        querystring: participantsQuerySchema,
        response: { 200: staffParticipantsPageSchema, ...errors },
      },
    },
    async (request) => listParticipants(ctx.db, request.params.projectId, request.query),
  );

  app.get(
    '/projects/:projectId/funnel',
    {
      ...route,
      schema: {
        tags,
        security,
        summary:
          "The project's recruitment funnel: invited (a participant code issued) → consented (joined with it) → kit → result, with conversions (issue 34 item 18)",
        params: projectParams,
        response: { 200: staffFunnelSchema, ...errors },
      },
    },
    async (request) => projectFunnel(ctx.db, request.params.projectId),
  );
};
