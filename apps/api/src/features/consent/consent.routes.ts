import {
  apiErrorSchema,
  CONSENT_FILE_MAX_BYTES,
  CONSENT_MESSAGES,
  CONSENT_PAGES,
  consentFlowSchema,
  emailSchema,
  messageResponseSchema,
  parentalConsentStatusSchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consentFormPdf } from '../../adapters/pdf/consent-form.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import {
  assertMayUploadConsentForm,
  emailParentalConsentForm,
  getConsentFlow,
  parentalConsentStatus,
  respondToConsent,
  uploadParentalConsentForm,
} from './consent.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/** Multipart framing around the file; a body larger than this cannot hold a file under the limit. */
const MULTIPART_OVERHEAD = 16 * 1024;
/** Folder separators, parent references and control characters in an uploaded file's name. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const PATH_LIKE_NAME = /[/\\]|^\.\.?$|[\u0000-\u001f\u007f]|^[a-zA-Z]:/;

/**
 * The one file of the request, read whole. Every part is read, so a second file (the multipart limit is
 * one) is refused rather than silently dropped: which of two files would be the form is anyone's guess.
 */
async function readOneFile(request: FastifyRequest): Promise<Buffer> {
  let content: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (content) throw invalid(CONSENT_MESSAGES.oneFileOnly);
      if (part.fieldname !== 'file') throw invalid('Please choose a file to upload.');
      // The name is never used, but a browser sends a bare name: a path is a crafted request.
      if (PATH_LIKE_NAME.test(part.filename))
        throw invalid(CONSENT_MESSAGES.fileNameInvalid, { file: CONSENT_MESSAGES.fileNameInvalid });
      content = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw invalid(CONSENT_MESSAGES.fileTooLarge, { file: CONSENT_MESSAGES.fileTooLarge });
    if (code === 'FST_FILES_LIMIT') throw invalid(CONSENT_MESSAGES.oneFileOnly);
    // The multipart reader's own failures (a body cut short, a malformed part) are the sender's.
    if (error instanceof AppError) throw error;
    throw invalid('The upload was cut short or malformed. Please choose the file and upload it again.');
  }
  if (!content) throw invalid('Please choose a file to upload.');
  return content;
}

export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  let formPdf: Promise<Buffer> | undefined;

  app.get(
    '/consent-flow/:flowId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['consent'],
        security: [{ bearerAuth: [] }],
        params: z.object({ flowId: z.coerce.number().int().positive() }),
        querystring: z.object({ 'consenter-type': z.literal('USER'), 'consenter-id': z.string().max(64) }),
        response: { 200: consentFlowSchema, ...errors },
      },
    },
    async (request) =>
      getConsentFlow(ctx, principalOf(request).userId, request.params.flowId, request.query['consenter-id']),
  );

  app.post(
    '/consent/:consentId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['consent'],
        security: [{ bearerAuth: [] }],
        params: z.object({ consentId: z.coerce.number().int().positive() }),
        body: z.object({
          consentId: z.number().int().positive(),
          consenterType: z.literal('USER'),
          consenterId: z.string().max(64),
          consented: z.boolean(),
          /** The page the answer is given through (issue 36's ledger); My Profile when not said. */
          page: z.enum(CONSENT_PAGES).optional(),
        }),
        response: {
          201: z.object({ consentId: z.number(), consented: z.boolean(), version: z.string() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      if (request.body.consentId !== request.params.consentId) throw invalid('The consent ids do not match.');
      return reply.code(201).send(await respondToConsent(ctx, principalOf(request).userId, request.body));
    },
  );

  app.post(
    '/users/me/parental-consent/form',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['consent'],
        summary:
          'Upload the signed parental consent form (multipart field "file": PDF, PNG or JPEG under 1MB)',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: messageResponseSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { userId } = principalOf(request);
      // Who may upload is settled before a byte of the file is read.
      await assertMayUploadConsentForm(ctx.db, userId);
      // Refuse an oversized upload from its declared length, before reading the body.
      if (Number(request.headers['content-length'] ?? 0) > CONSENT_FILE_MAX_BYTES + MULTIPART_OVERHEAD)
        throw invalid(CONSENT_MESSAGES.fileTooLarge, { file: CONSENT_MESSAGES.fileTooLarge });
      if (!request.isMultipart())
        throw invalid('Please upload the form as multipart/form-data with the field "file".');
      const content = await readOneFile(request);
      // The form must be under 1MB: the upload limit lets a file of exactly 1024 KB through.
      if (content.length >= CONSENT_FILE_MAX_BYTES)
        throw invalid(CONSENT_MESSAGES.fileTooLarge, { file: CONSENT_MESSAGES.fileTooLarge });
      await uploadParentalConsentForm(ctx, userId, content);
      return reply.code(201).send({ message: CONSENT_MESSAGES.uploadSuccess });
    },
  );

  app.get(
    '/users/me/parental-consent',
    {
      onRequest: requireUser,
      schema: {
        tags: ['consent'],
        summary:
          "The person's own parental consent form: none, waiting for review, approved, or declined with the reason staff gave",
        security: [{ bearerAuth: [] }],
        response: { 200: parentalConsentStatusSchema, ...errors },
      },
    },
    async (request) => parentalConsentStatus(ctx, principalOf(request).userId),
  );

  app.post(
    '/users/me/parental-consent/email',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['consent'],
        security: [{ bearerAuth: [] }],
        body: z.object({ email: emailSchema }),
        response: { 202: messageResponseSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await emailParentalConsentForm(ctx, principalOf(request).userId, request.body.email)),
  );

  app.get(
    '/parental-consent/form.pdf',
    { schema: { tags: ['consent'], summary: 'The blank consent form' } },
    async (_request, reply) => {
      formPdf ??= consentFormPdf(ctx.config.brandName, ctx.config.supportEmail);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="parental-consent-form.pdf"')
        .send(await formPdf);
    },
  );
};
