import {
  answerRecordSchema,
  apiErrorSchema,
  KIT_FORM_TYPES,
  kitInfoSchema,
  kitSubmissionSchema,
  messageResponseSchema,
  REQUISITION_MESSAGES,
  STUDY_KIT_TYPES,
  SUBJECT_ID_MAX_LENGTH,
  stoolAnswerSavedSchema,
  stoolAnswersSchema,
  surveyDefinitionSchema,
  visitorInfoSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuthority } from '../../plugins/authenticate.ts';
import { getKitInfo, getVisitorInfo, submitReplacement, submitRequisition } from './requisition.service.ts';
import { getStoolAnswers, saveStoolAnswer, stoolDefinition } from './stool-survey.service.ts';
import { createSite, createStudyKits } from './study-admin.service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const kitHashedId = z
  .string()
  .trim()
  .min(1, REQUISITION_MESSAGES.invalidKit)
  .max(64, REQUISITION_MESSAGES.invalidKit);
const surveyResultId = z.uuid(REQUISITION_MESSAGES.surveyTokenInvalid);
/** The survey-result token travels in a header, not the address, so it stays out of logs and history. */
const tokenHeaders = z.object({ 'x-survey-result-token': z.string().max(2000).optional() });

/**
 * The public requisition and replacement forms of the multi-site study: no account; the unguessable
 * kit id on the label opens the kit, a signed token its questionnaire. Rate limited like the other
 * public study pages.
 */
export const requisitionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const limited = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };
  // Lookups while typing and answers saved as they change come more often than page loads.
  const frequent = { rateLimit: { max: ctx.config.authRateLimit * 5, timeWindow: '1 minute' } };

  app.get(
    '/requisition/kits/:kitHashedId',
    {
      config: limited,
      schema: {
        tags: ['requisition'],
        summary: 'get kit info from hash id: site, collections, visitor, survey results',
        params: z.object({ kitHashedId }),
        querystring: z.object({ formType: z.enum(KIT_FORM_TYPES).default('requisition-form') }),
        response: { 200: kitInfoSchema, ...errors },
      },
    },
    async (request) => getKitInfo(ctx, request.params.kitHashedId, request.query.formType),
  );

  app.get(
    '/requisition/visitors',
    {
      config: frequent,
      schema: {
        tags: ['requisition'],
        summary: "get visitor info: a subject's visits at the scanned kit's site",
        querystring: z.object({
          kitHashedId,
          subjectId: z
            .string()
            .trim()
            .min(1, REQUISITION_MESSAGES.subjectIdRequired)
            .max(SUBJECT_ID_MAX_LENGTH),
        }),
        response: { 200: visitorInfoSchema, ...errors },
      },
    },
    async (request) => getVisitorInfo(ctx, request.query.kitHashedId, request.query.subjectId),
  );

  app.post(
    '/requisition/kits',
    {
      config: limited,
      schema: {
        tags: ['requisition'],
        summary: 'post kit with hash id: a requisition or a replacement form',
        body: kitSubmissionSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) =>
      request.body.formType === 'requisition-form'
        ? submitRequisition(ctx, request.body)
        : submitReplacement(ctx, request.body),
  );

  app.get(
    '/questionnaire/survey/19',
    {
      config: frequent,
      schema: {
        tags: ['requisition'],
        summary: 'The stool-sample questionnaire of the requisition form (survey id 19)',
        response: { 200: surveyDefinitionSchema, ...errors },
      },
    },
    async () => stoolDefinition(),
  );

  app.get(
    '/questionnaire/survey-result/:surveyResultId/survey/19',
    {
      config: frequent,
      schema: {
        tags: ['requisition'],
        summary: "A stool kit's questionnaire answers (questionResultsMap), with the survey-result token",
        params: z.object({ surveyResultId }),
        headers: tokenHeaders,
        response: { 200: stoolAnswersSchema, ...errors },
      },
    },
    async (request) =>
      getStoolAnswers(ctx, request.params.surveyResultId, request.headers['x-survey-result-token']),
  );

  app.put(
    '/questionnaire/survey-result/:surveyResultId/survey',
    {
      config: frequent,
      schema: {
        tags: ['requisition'],
        summary: 'Saves one answer of a stool kit questionnaire, with the survey-result token',
        params: z.object({ surveyResultId }),
        headers: tokenHeaders,
        body: answerRecordSchema,
        response: { 200: stoolAnswerSavedSchema, ...errors },
      },
    },
    async (request) =>
      saveStoolAnswer(
        ctx,
        request.params.surveyResultId,
        request.headers['x-survey-result-token'],
        request.body,
      ),
  );
};

/** ops study:create and study:kits. */
export const studyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
  app.post(
    '/study/sites',
    {
      onRequest: requireAuthority('STUDY_ADMIN'),
      schema: {
        tags: ['admin'],
        summary: 'A study site and its time zone (ops study:create)',
        body: z.object({
          name: z.string().trim().min(1).max(200),
          timezone: z.string().trim().min(1).max(64),
        }),
        response: {
          201: z.object({ id: z.number(), name: z.string(), timezone: z.string() }),
          400: apiErrorSchema,
          409: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await createSite(app.ctx, request.body)),
  );

  app.post(
    '/study/sites/:siteId/kits',
    {
      onRequest: requireAuthority('STUDY_ADMIN'),
      schema: {
        tags: ['admin'],
        summary: 'New kits of one type for a site; prints their label ids and form links (ops study:kits)',
        params: z.object({ siteId: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: z.object({
          kitType: z.enum(STUDY_KIT_TYPES),
          count: z.number().int().min(1, 'count must be at least 1').max(1000, 'count can be at most 1000'),
        }),
        response: {
          201: z.array(
            z.object({
              id: z.number(),
              hashedId: z.string(),
              kitType: z.enum(STUDY_KIT_TYPES),
              siteId: z.number(),
              tubes: z.array(z.string()),
              formLink: z.string(),
            }),
          ),
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...denied,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createStudyKits(app.ctx, { siteId: request.params.siteId, ...request.body })),
  );
};
