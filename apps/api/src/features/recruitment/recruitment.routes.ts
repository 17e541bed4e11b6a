import {
  apiErrorSchema,
  candidateValidatedSchema,
  consentAnsweredSchema,
  consentAnswerSchema,
  expressionOfInterestSchema,
  messageResponseSchema,
  RECRUITMENT_MESSAGES,
  recruitmentConsentSchema,
  recruitmentStudySchema,
  recruitmentUnsubscribeInfoSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuthority } from '../../plugins/authenticate.ts';
import {
  answerConsent,
  createCandidate,
  createRecruitment,
  expressInterest,
  getConsent,
  recruitmentInfo,
  unsubscribe,
  unsubscribeInfo,
  validateCandidateEmail,
} from './recruitment.service.ts';

const errors = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const consentParams = z.object({
  recruitmentId: z.coerce.number().int().positive().max(2_147_483_647),
  candidateId: z.uuid(RECRUITMENT_MESSAGES.notFound),
  consentId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The public recruitment pages' calls: no account, unguessable candidate ids and signed tokens, rate limited. */
export const recruitmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const limited = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };
  // The form answers a known email with research §8's own 400: counted like a voucher check, so it
  // cannot test a list of emails (decision 021).
  const interestLimit = { rateLimit: { max: ctx.config.voucherRateLimit, timeWindow: '1 minute' } };

  app.get(
    '/recruitment/:recruitmentId',
    {
      config: limited,
      schema: {
        tags: ['recruitment'],
        summary: 'A study open for expressions of interest',
        params: z.object({ recruitmentId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: {
          200: recruitmentStudySchema,
          ...errors,
        },
      },
    },
    async (request) => recruitmentInfo(ctx, request.params.recruitmentId),
  );

  app.get(
    '/recruitment/:recruitmentId/candidate/:candidateId/consent/:consentId',
    {
      config: limited,
      schema: {
        tags: ['recruitment'],
        summary: 'get recruitment consent',
        params: consentParams,
        response: { 200: recruitmentConsentSchema, ...errors },
      },
    },
    async (request) =>
      getConsent(ctx, request.params.recruitmentId, request.params.candidateId, request.params.consentId),
  );

  app.put(
    '/recruitment/:recruitmentId/candidate/:candidateId/consent/:consentId',
    {
      config: limited,
      schema: {
        tags: ['recruitment'],
        summary:
          'put recruitment candidate consent: the answer and the candidate details; returns nextConsentId',
        params: consentParams,
        body: consentAnswerSchema,
        response: {
          200: consentAnsweredSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      answerConsent(
        ctx,
        request.params.recruitmentId,
        request.params.candidateId,
        request.params.consentId,
        request.body,
      ),
  );

  app.post(
    '/recruitment/:recruitmentId/candidate/:candidateId/validate',
    {
      config: limited,
      schema: {
        tags: ['recruitment'],
        summary: "The validation link of an expression of interest: the candidate's consents open",
        params: consentParams.omit({ consentId: true }),
        body: z.object({ token: z.string().max(2000) }),
        response: { 200: candidateValidatedSchema, ...errors },
      },
    },
    async (request) =>
      validateCandidateEmail(
        ctx,
        request.params.recruitmentId,
        request.params.candidateId,
        request.body.token,
      ),
  );

  app.get(
    '/recruitment/unsubscribe',
    {
      config: limited,
      schema: {
        tags: ['recruitment'],
        summary: 'Who the unsubscribe link is for',
        querystring: z.object({ token: z.string().max(2000).optional() }),
        response: { 200: recruitmentUnsubscribeInfoSchema, ...errors },
      },
    },
    async (request) => unsubscribeInfo(ctx, request.query.token),
  );

  app.post(
    '/recruitment/unsubscribe',
    {
      config: limited,
      schema: {
        tags: ['recruitment'],
        summary: 'post recruitment candidate unsubscribe',
        body: z.object({ token: z.string().max(2000).optional() }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => unsubscribe(ctx, request.body.token),
  );

  // RFC 8058: a study mail-out to candidates names this address in List-Unsubscribe; the mail client
  // POSTs `List-Unsubscribe=One-Click` as a form, with no session: the signed token is the proof. The
  // body says nothing the address does not, so it is not relied on.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post(
    '/recruitment/unsubscribe/one-click',
    {
      // Mail providers send many people's one-click POSTs from a few addresses: wide, as the portal's own.
      config: { rateLimit: { max: 1000, timeWindow: '1 minute' } },
      schema: {
        tags: ['recruitment'],
        summary:
          "RFC 8058 one-click unsubscribe of a study mail-out's candidate: POST List-Unsubscribe=One-Click",
        querystring: z.object({ token: z.string().max(2000).optional() }),
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => unsubscribe(ctx, request.query.token),
  );

  app.post(
    '/recruitment/candidates',
    {
      config: interestLimit,
      schema: {
        tags: ['recruitment'],
        summary:
          'post recruitment candidate: an expression of interest; emails the validation link (no candidate id in the answer)',
        body: expressionOfInterestSchema,
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await expressInterest(ctx, request.body)),
  );
};

export const recruitmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
  app.post(
    '/recruitments',
    {
      onRequest: requireAuthority('RECRUITMENT_ADMIN'),
      schema: {
        tags: ['admin'],
        summary: 'A recruitment and its consent chain (ops recruitment:create)',
        body: z.object({
          title: z.string().trim().min(1).max(200),
          consents: z
            .array(
              z.object({
                title: z.string().trim().min(1).max(200),
                htmlContent: z.string().min(1).max(100_000),
                agreeLabel: z.string().trim().min(1).max(200),
                disagreeLabel: z.string().trim().min(1).max(200),
                url: z.url().optional(),
                thanksResponse: z.string().max(2000).optional(),
              }),
            )
            .min(1)
            .max(20),
        }),
        response: {
          201: z.object({ id: z.number(), consentIds: z.array(z.number()) }),
          400: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await createRecruitment(app.ctx, request.body)),
  );

  app.post(
    '/recruitments/:recruitmentId/candidates',
    {
      onRequest: requireAuthority('RECRUITMENT_ADMIN'),
      schema: {
        tags: ['admin'],
        summary: "A candidate; prints the candidate's consent and unsubscribe links (ops candidate:create)",
        params: z.object({ recruitmentId: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: z.object({
          email: z.email().max(254),
          firstName: z.string().trim().min(1).max(25),
          lastName: z.string().trim().min(1).max(25),
          phoneNumber: z.string().trim().max(25).optional(),
        }),
        response: {
          201: z.object({ id: z.string(), consentLink: z.string().nullable(), unsubscribeLink: z.string() }),
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCandidate(app.ctx, request.params.recruitmentId, request.body)),
  );
};
