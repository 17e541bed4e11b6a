import {
  apiErrorSchema,
  documentVersionSchema,
  newConsentDocumentSchema,
  publishedVersionSchema,
  publishVersionSchema,
  reconsentSchema,
  STUDY_STAFF_ROLES,
  staffDocumentsSchema,
  versionComparisonSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, recordNumber, security, tags } from '../../lib/route-schema.ts';
import { principalOf, requireOperatorKey, requireUser } from '../../plugins/authenticate.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import {
  compareVersions,
  createConsentDocument,
  listStaffDocuments,
  pendingReconsent,
  publishVersion,
  readVersion,
} from './ledger.service.ts';

const version = z.string().trim().min(1, 'Please name a version.').max(40, 'There is no such version.');
const consentParams = z.object({ consentId: recordNumber('document') });
/** Public reads of the documents: a comparison costs a word diff, so each address has an allowance. */
export const DOCUMENT_READS_PER_MINUTE = 60;
const readLimit = { rateLimit: { max: DOCUMENT_READS_PER_MINUTE, timeWindow: '1 minute' } };

/** The consent ledger's documents (issue 36): every version readable and comparable, by anyone. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/documents/:consentId/versions/:version',
    {
      config: readLimit,
      schema: {
        tags: ['consent'],
        summary:
          'One version of a consent, terms or privacy document: its text, effective date and what changed',
        params: consentParams.extend({ version }),
        response: {
          200: documentVersionSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => readVersion(ctx.db, request.params.consentId, request.params.version),
  );

  app.get(
    '/documents/:consentId/compare',
    {
      config: readLimit,
      schema: {
        tags: ['consent'],
        summary: 'Two versions of a document word by word: what the newer one removed and added',
        params: consentParams,
        querystring: z.object({ from: version, to: version }),
        response: {
          200: versionComparisonSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) =>
      compareVersions(ctx.db, request.params.consentId, request.query.from, request.query.to),
  );

  app.post(
    '/admin/documents',
    {
      onRequest: requireOperatorKey,
      schema: {
        tags: ['admin'],
        summary: 'Add a consent document at its first version (operator key)',
        body: newConsentDocumentSchema,
        response: {
          201: documentVersionSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await createConsentDocument(ctx.db, request.body)),
  );

  app.get(
    '/me/re-consent',
    {
      onRequest: requireUser,
      schema: {
        tags: ['consent'],
        summary: 'The documents changed materially since I agreed to them, each with what changed',
        security,
        response: { 200: reconsentSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({ pending: await pendingReconsent(ctx.db, principalOf(request).userId) }),
  );
};

/** The console's documents (STUDY; ADMIN too, and only ADMIN for the terms and privacy policy). */
export const staffDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const route = { onRequest: requireStaff(STUDY_STAFF_ROLES) };

  app.get(
    '/documents',
    {
      ...route,
      schema: {
        tags,
        security,
        summary: 'Every consent, terms and privacy document with its versions',
        response: { 200: staffDocumentsSchema, ...errors },
      },
    },
    async () => listStaffDocuments(ctx.db),
  );

  app.post(
    '/documents/:consentId/versions',
    {
      ...route,
      schema: {
        tags,
        security,
        summary:
          'Publish a new version, material (people agree again at sign-in) or minor (people are told); audited',
        params: consentParams,
        body: publishVersionSchema,
        response: { 201: publishedVersionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await publishVersion(ctx, principalOf(request), request.params.consentId, request.body)),
  );
};
