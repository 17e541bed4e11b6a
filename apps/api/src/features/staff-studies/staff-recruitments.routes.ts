import {
  STUDY_STAFF_ROLES,
  staffCandidateCreatedSchema,
  staffCandidateCreateSchema,
  staffCandidateImportResultSchema,
  staffCandidateImportSchema,
  staffCandidatesPageSchema,
  staffCandidatesQuerySchema,
  staffConsentInputSchema,
  staffConsentPreviewResultSchema,
  staffConsentPreviewSchema,
  staffConsentUpdateSchema,
  staffFunnelSchema,
  staffMailoutDraftSchema,
  staffMailoutListSchema,
  staffMailoutPreviewSchema,
  staffMailoutSchema,
  staffRecruitmentCreateSchema,
  staffRecruitmentDetailSchema,
  staffRecruitmentsPageSchema,
  studyPageQuerySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, recordNumber, security, tags } from '../../lib/route-schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import { recordStaffAction } from '../staff/index.ts';
import { importCandidates } from './candidate-import.ts';
import { listMailouts, mailoutProgress, previewMailout, sendMailout } from './mailouts.service.ts';
import { recruitmentFunnel } from './participants.service.ts';
import {
  appendConsent,
  createRecruitmentByStaff,
  inviteCandidate,
  listCandidates,
  listRecruitments,
  previewConsent,
  recruitmentDetail,
  updateConsent,
} from './recruitments.service.ts';

const params = z.object({ recruitmentId: recordNumber('recruitment') });
const consentParams = params.extend({ consentId: recordNumber('consent') });

/** Recruitments (STUDY; ADMIN too): the consent chain editor with its preview, and the candidates. */
export const staffRecruitmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const onRequest = requireStaff(STUDY_STAFF_ROLES);

  app.get(
    '/recruitments',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Recruitments, newest first, with their counts. Keyset pages (next)',
        querystring: studyPageQuerySchema,
        response: { 200: staffRecruitmentsPageSchema, ...errors },
      },
    },
    async (request) => listRecruitments(ctx.db, request.query.after),
  );

  app.post(
    '/recruitments',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'A recruitment and its consent chain, as ops recruitment:create (HTML sanitised; audited)',
        body: staffRecruitmentCreateSchema,
        response: { 201: staffRecruitmentDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRecruitmentByStaff(ctx, principalOf(request), request.body)),
  );

  app.post(
    '/recruitments/consent-preview',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          "A consent's title, text and thank-you as they would be stored: sanitised with the one allow-list",
        body: staffConsentPreviewSchema,
        response: { 200: staffConsentPreviewResultSchema, ...errors },
      },
    },
    async (request) => previewConsent(request.body),
  );

  app.get(
    '/recruitments/:recruitmentId',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'A recruitment and its consent chain in order, with how many answered each consent',
        params,
        response: { 200: staffRecruitmentDetailSchema, ...errors },
      },
    },
    async (request) => recruitmentDetail(ctx.db, request.params.recruitmentId),
  );

  app.put(
    '/recruitments/:recruitmentId/consents/:consentId',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change a consent nobody has answered yet (HTML sanitised; audited with before and after)',
        params: consentParams,
        body: staffConsentUpdateSchema,
        response: { 200: staffRecruitmentDetailSchema, ...errors },
      },
    },
    async (request) =>
      updateConsent(
        ctx,
        principalOf(request),
        request.params.recruitmentId,
        request.params.consentId,
        request.body,
      ),
  );

  app.post(
    '/recruitments/:recruitmentId/consents',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Add a consent at the end of the chain (HTML sanitised; audited)',
        params,
        body: staffConsentInputSchema,
        response: { 201: staffRecruitmentDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await appendConsent(ctx, principalOf(request), request.params.recruitmentId, request.body)),
  );

  app.get(
    '/recruitments/:recruitmentId/candidates',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Candidates, newest first, with their consent answers and unsubscribe state. Keyset pages (next)',
        params,
        querystring: staffCandidatesQuerySchema,
        response: { 200: staffCandidatesPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await listCandidates(ctx.db, request.params.recruitmentId, request.query.after);
      await recordStaffAction(ctx.db, principalOf(request), {
        action: 'recruitment.candidates.list',
        entity: 'recruitment',
        entityId: String(request.params.recruitmentId),
        after: { candidates: page.candidates.length },
      });
      return page;
    },
  );

  app.post(
    '/recruitments/:recruitmentId/candidates/import',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Import candidates from a CSV (header: email, firstName, lastName, phoneNumber): all or nothing; emails already candidates are skipped; each new one is emailed the invitation (audited)',
        params,
        body: staffCandidateImportSchema,
        response: { 201: staffCandidateImportResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await importCandidates(ctx, principalOf(request), request.params.recruitmentId, request.body.csv),
        ),
  );

  app.post(
    '/recruitments/:recruitmentId/candidates',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Invite a candidate, as ops candidate:create: their consent and unsubscribe links (audited)',
        params,
        body: staffCandidateCreateSchema,
        response: { 201: staffCandidateCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await inviteCandidate(ctx, principalOf(request), request.params.recruitmentId, request.body)),
  );

  app.get(
    '/recruitments/:recruitmentId/funnel',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'The recruitment funnel: invited → consented (every consent of the chain) → kit → result, with conversions (issue 34 item 18)',
        params,
        response: { 200: staffFunnelSchema, ...errors },
      },
    },
    async (request) => recruitmentFunnel(ctx.db, request.params.recruitmentId),
  );

  // Study mail-outs to the recruitment's candidates (issue 35 item 7; decision 058).
  const audience = (recruitmentId: number) => ({ kind: 'RECRUITMENT' as const, id: recruitmentId });
  app.post(
    '/recruitments/:recruitmentId/mailouts/preview',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'A mail-out as candidates will see it, and how many may be contacted (nothing is sent)',
        params,
        body: staffMailoutDraftSchema,
        response: { 200: staffMailoutPreviewSchema, ...errors },
      },
    },
    async (request) => previewMailout(ctx, audience(request.params.recruitmentId), request.body),
  );

  app.post(
    '/recruitments/:recruitmentId/mailouts',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          "Sends a mail-out to the recruitment's candidates who may be contacted (not unsubscribed), through the queue at MAILOUT_RATE (audited)",
        params,
        body: staffMailoutDraftSchema,
        response: { 201: staffMailoutSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await sendMailout(ctx, principalOf(request), audience(request.params.recruitmentId), request.body),
        ),
  );

  app.get(
    '/recruitments/:recruitmentId/mailouts',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The recruitment's last 20 mail-outs with their progress, newest first",
        params,
        response: { 200: staffMailoutListSchema, ...errors },
      },
    },
    async (request) => listMailouts(ctx, audience(request.params.recruitmentId)),
  );

  app.get(
    '/recruitments/:recruitmentId/mailouts/:mailoutId',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'One mail-out to candidates and its progress: recipients written to the outbox, and sent',
        params: params.extend({ mailoutId: recordNumber('mail-out') }),
        response: { 200: staffMailoutSchema, ...errors },
      },
    },
    async (request) => mailoutProgress(ctx, audience(request.params.recruitmentId), request.params.mailoutId),
  );
};
