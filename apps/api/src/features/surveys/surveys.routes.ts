import {
  answerDeletedSchema,
  answerRecordSchema,
  answerRefusedSchema,
  answerSavedSchema,
  apiErrorSchema,
  surveyAnswersSchema,
  surveyDefinitionSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireUser, requireUserCheckedByQuery } from '../../plugins/authenticate.ts';
import { getDefinition } from './catalog.ts';
import { deleteAnswer, getAnswers, saveAnswer } from './surveys.service.ts';

const security = [{ bearerAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const typeParam = z.string().trim().min(1).max(40);
const kitId = z.coerce.number().int().positive().max(2_147_483_647);

/** The study questionnaires: definitions, a kit's answers, saving and deleting one answer. */
export const surveysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/surveys/:type',
    {
      onRequest: requireUser,
      schema: {
        tags: ['surveys'],
        summary: 'get survey questions: the current version of a questionnaire (slug or type)',
        security,
        params: z.object({ type: typeParam }),
        response: { 200: surveyDefinitionSchema, ...errors },
      },
    },
    async (request) => getDefinition(request.params.type),
  );

  app.get(
    '/kits/:kitId/surveys/:type/answers',
    {
      onRequest: requireUser,
      schema: {
        tags: ['surveys'],
        summary: "get survey answers: the questionResultsMap of a kit and the questionnaire's progress",
        security,
        params: z.object({ kitId, type: typeParam }),
        response: {
          200: surveyAnswersSchema,
          ...errors,
        },
      },
    },
    async (request) => getAnswers(ctx, principalOf(request), request.params.kitId, request.params.type),
  );

  app.put(
    '/kits/:kitId/surveys/:type',
    {
      // The service's first statement starts from the person's row and refuses a deleted account; it
      // also counts the save against ANSWER_RATE_LIMIT, per person, and answers 429 over it.
      onRequest: requireUserCheckedByQuery,
      schema: {
        tags: ['surveys'],
        summary:
          'put survey question: one answer {questionId, answers, answerString}; an invalid number deletes it',
        security,
        params: z.object({ kitId, type: typeParam }),
        body: answerRecordSchema.extend({ clientSequence: z.number().int().nonnegative().optional() }),
        response: {
          200: answerSavedSchema,
          ...errors,
          400: answerRefusedSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) =>
      saveAnswer(ctx, principalOf(request), request.params.kitId, request.params.type, request.body),
  );

  app.delete(
    '/kits/:kitId/surveys/:type/answers/:questionId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['surveys'],
        summary: 'delete survey answer',
        security,
        params: z.object({ kitId, type: typeParam, questionId: z.string().max(100) }),
        response: { 200: answerDeletedSchema, ...errors },
      },
    },
    async (request) =>
      deleteAnswer(
        ctx,
        principalOf(request),
        request.params.kitId,
        request.params.type,
        request.params.questionId,
      ),
  );
};
