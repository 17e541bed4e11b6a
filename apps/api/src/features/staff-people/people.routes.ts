import {
  caseNoteInputSchema,
  caseNoteSchema,
  caseNotesSchema,
  consentReviewedSchema,
  consentReviewSchema,
  messageResponseSchema,
  peoplePageSchema,
  peopleQuerySchema,
  personClosureSchema,
  personClosureStartedSchema,
  personExportSchema,
  personExportStartedSchema,
  personPageSchema,
  staffEmailSchema,
  supportViewTokenSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, security } from '../../lib/route-schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import { recordStaffAction, withoutText } from '../staff/index.ts';
import { addCaseNote, listCaseNotes } from './case-notes.service.ts';
import { closeAccountFor, startExportFor } from './data-requests.service.ts';
import { searchPeople } from './people-search.service.ts';
import { personPage } from './person.service.ts';
import {
  consentFormFile,
  openSupportView,
  reviewConsentForm,
  sendPasswordReset,
  sendVerificationEmail,
} from './person-actions.service.ts';
import { readPersonEmail, resendPersonEmail } from './person-emails.service.ts';

const params = z.object({ id: z.uuid('That is not an account id.') });

/** People (SUPPORT): find a person, their page, and support's actions, each audited. At /api/staff. */
export const staffPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const support = requireStaff(['SUPPORT']);

  app.get(
    '/people',
    {
      onRequest: support,
      schema: {
        tags: ['staff'],
        summary:
          'Find people by email, name, phone, kit (KIT-12, sample id, voucher) or order (ORD-000012); or consent=pending: minors whose consent form waits, oldest first. Pages by keyset (next)',
        security,
        querystring: peopleQuerySchema,
        response: { 200: peoplePageSchema, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const page = await searchPeople(ctx, principal, request.query);
      await recordStaffAction(ctx.db, principal, {
        action: 'people.search',
        entity: 'user',
        entityId: 'search',
        after: { filters: withoutText(request.query), people: page.people.map((person) => person.id) },
      });
      return page;
    },
  );

  app.get(
    '/people/:id',
    {
      onRequest: support,
      schema: {
        tags: ['staff'],
        summary:
          "A person's page: profile, kits, orders, subscriptions, consents, emails sent and the access log (audited)",
        security,
        params,
        response: { 200: personPageSchema, ...errors },
      },
    },
    async (request) => personPage(ctx, principalOf(request), request.params.id),
  );

  app.post(
    '/people/:id/support-view',
    {
      onRequest: requireStaff(['SUPPORT'], { person: true }),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['staff'],
        summary:
          "Open the read-only view of the person's portal (audited; ends with the staff member's session, at most 60 minutes)",
        security,
        params,
        response: {
          200: supportViewTokenSchema,
          ...errors,
        },
      },
    },
    async (request) => openSupportView(ctx, principalOf(request), request.params.id),
  );

  const mailParams = z.object({
    id: z.uuid('That is not an account id.'),
    mailId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  });

  app.get(
    '/people/:id/emails/:mailId',
    {
      onRequest: support,
      schema: {
        tags: ['staff'],
        summary:
          'Read one email sent to the person, with its status (audited; a sign-in, verification or reset link is withheld)',
        security,
        params: mailParams,
        response: { 200: staffEmailSchema, ...errors },
      },
    },
    async (request) => readPersonEmail(ctx, principalOf(request), request.params.id, request.params.mailId),
  );

  app.post(
    '/people/:id/emails/:mailId/resend',
    {
      onRequest: support,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['staff'],
        summary: 'Send one email to the person again (audited; not one with a one-time link)',
        security,
        params: mailParams,
        response: { 202: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await resendPersonEmail(ctx, principalOf(request), request.params.id, request.params.mailId)),
  );

  app.post(
    '/people/:id/verification-email',
    {
      onRequest: support,
      schema: {
        tags: ['staff'],
        summary: 'Send the person a new verification email (audited)',
        security,
        params,
        response: { 202: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await sendVerificationEmail(ctx, principalOf(request), request.params.id)),
  );

  app.post(
    '/people/:id/password-reset',
    {
      onRequest: support,
      schema: {
        tags: ['staff'],
        summary: 'Send the person a password reset link; staff never set a password (audited)',
        security,
        params,
        response: { 202: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await sendPasswordReset(ctx, principalOf(request), request.params.id)),
  );

  app.get(
    '/people/:id/consent-form',
    {
      onRequest: support,
      schema: {
        tags: ['staff'],
        summary:
          "The minor's parental consent form waiting for review (else the newest), to show inline (audited)",
        security,
        params,
        response: { 200: z.any().describe('The PDF, PNG or JPEG'), ...errors },
      },
    },
    async (request, reply) => {
      const form = await consentFormFile(ctx, principalOf(request), request.params.id);
      return reply
        .type(form.contentType)
        .header('content-disposition', 'inline; filename="parental-consent-form"')
        .header('x-content-type-options', 'nosniff')
        .send(form.content);
    },
  );

  app.post(
    '/people/:id/consent-review',
    {
      onRequest: support,
      schema: {
        tags: ['staff'],
        summary: "Approve the minor's parental consent form, or decline it with the reason (audited)",
        security,
        params,
        body: consentReviewSchema,
        response: { 200: consentReviewedSchema, ...errors },
      },
    },
    async (request) => reviewConsentForm(ctx, principalOf(request), request.params.id, request.body),
  );

  app.get(
    '/people/:id/notes',
    {
      onRequest: support,
      schema: {
        tags: ['staff'],
        summary: "Support's case notes on the person, newest first (never shown to the person)",
        security,
        params,
        response: { 200: caseNotesSchema, ...errors },
      },
    },
    async (request) => {
      const notes = await listCaseNotes(ctx, request.params.id);
      // Notes are about a person: reading them is audited like their page (issue 32).
      await recordStaffAction(ctx.db, principalOf(request), {
        action: 'person.notes.view',
        entity: 'user',
        entityId: request.params.id,
        subjectId: request.params.id,
        after: { notes: notes.notes.length },
      });
      return notes;
    },
  );

  app.post(
    '/people/:id/notes',
    {
      onRequest: support,
      schema: {
        tags: ['staff'],
        summary: 'Add a case note on the person (audited, without its text)',
        security,
        params,
        body: caseNoteInputSchema,
        response: { 201: caseNoteSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addCaseNote(ctx, principalOf(request), request.params.id, request.body)),
  );

  app.post(
    '/people/:id/export',
    {
      onRequest: support,
      schema: {
        tags: ['staff'],
        summary:
          "Start an export of the person's data for a request by phone, once the caller's identity is checked (callerChecks: every item): built as when they ask, emailed to them, downloaded by them signed in (audited with the checks). A second start within 15 minutes answers the same export",
        security,
        params,
        body: personExportSchema,
        response: { 202: personExportStartedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await startExportFor(ctx, app.jobs, principalOf(request), request.params.id, request.body)),
  );

  app.post(
    '/people/:id/closure',
    {
      onRequest: support,
      schema: {
        tags: ['staff'],
        summary:
          "Close the person's account for a request by phone, once the caller's identity is checked (callerChecks: every item), with the scope they chose (research or everything; audited with the checks)",
        security,
        params,
        body: personClosureSchema,
        response: { 202: personClosureStartedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await closeAccountFor(ctx, app.jobs, principalOf(request), request.params.id, request.body)),
  );
};
