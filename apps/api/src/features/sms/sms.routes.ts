import {
  apiErrorSchema,
  ERROR_CODES,
  smsCodeBodySchema,
  smsOptInBodySchema,
  smsPhoneBodySchema,
  smsSettingsSchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyTwilioSignature } from '../../adapters/sms/twilio.ts';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import {
  addPhone,
  inboundReply,
  providerStatus,
  removePhone,
  setOptIn,
  smsSettingsOf,
  verifyCode,
} from './sms.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['sms'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

/**
 * Per address and minute: codes texted (each costs money and reaches a phone), codes tried, replies, and
 * status callbacks (one per text sent; Twilio does not post a refused one again, so they have more room).
 */
export const SMS_RATE_LIMITS = { codes: 5, checks: 10, webhook: 120, statuses: 600 } as const;

/** The webhook answers Twilio with an empty TwiML document: no reply text is sent. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

export const SIGNATURE_REFUSED = 'The request is not signed by the SMS provider.';

/**
 * Texts (issue 35 item 4): the person's mobile number, its check by a texted code, and the choice of
 * texts, in My Profile; and the provider's webhook for replies (STOP, START), signed by Twilio.
 */
export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // Twilio posts a webhook's parameters as a form; they are what its signature covers.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/me/sms',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'My mobile number for texts: whether it is checked, and whether texts are on',
        security,
        response: { 200: smsSettingsSchema, ...errors },
      },
    },
    async (request) => smsSettingsOf(ctx.db, principalOf(request).userId),
  );

  app.put(
    '/me/sms/phone',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: SMS_RATE_LIMITS.codes, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Add or change my mobile number (AU or NZ): texts it a 6-digit code; texts stay off',
        security,
        body: smsPhoneBodySchema,
        response: { 200: smsSettingsSchema, ...errors },
      },
    },
    async (request) => addPhone(ctx, principalOf(request).userId, request.body.phone),
  );

  app.post(
    '/me/sms/verify',
    {
      onRequest: requireUser,
      config: { rateLimit: { max: SMS_RATE_LIMITS.checks, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Check my mobile number with the texted code (5 wrong codes lock it for an hour)',
        security,
        body: smsCodeBodySchema,
        response: { 200: smsSettingsSchema, ...errors },
      },
    },
    async (request) => verifyCode(ctx, principalOf(request).userId, request.body.code),
  );

  app.put(
    '/me/sms/opt-in',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Switch texts on (a checked number only) or off',
        security,
        body: smsOptInBodySchema,
        response: { 200: smsSettingsSchema, ...errors },
      },
    },
    async (request) => setOptIn(ctx, principalOf(request).userId, request.body.optIn),
  );

  app.delete(
    '/me/sms/phone',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Remove my mobile number (texts stop)',
        security,
        response: { 200: smsSettingsSchema, ...errors },
      },
    },
    async (request) => removePhone(ctx, principalOf(request).userId),
  );

  /** Whether a webhook is Twilio's: signed with the auth token over the URL it called and the form. */
  const signedByTwilio = (request: FastifyRequest, params: Record<string, string>) => {
    const signature = request.headers['x-twilio-signature'];
    const keys = ctx.config.twilio;
    // The URL Twilio called, as configured there: the public address and this path with its query.
    const url = `${ctx.config.publicUrl}${request.url}`;
    return Boolean(
      keys &&
        verifyTwilioSignature(
          keys.authToken,
          url,
          params,
          typeof signature === 'string' ? signature : undefined,
        ),
    );
  };
  const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
  const webhook = {
    tags,
    consumes: ['application/x-www-form-urlencoded'],
    body: z.record(z.string(), z.string()).optional(),
    produces: ['text/xml'],
    response: { 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
  };

  app.post(
    '/sms/twilio/inbound',
    {
      config: limit(SMS_RATE_LIMITS.webhook),
      schema: {
        ...webhook,
        summary:
          "Twilio's webhook for replies to texts: STOP switches texts off, START on again (X-Twilio-Signature checked)",
      },
    },
    async (request, reply) => {
      const params = request.body ?? {};
      if (!signedByTwilio(request, params))
        return reply.code(403).send({ message: SIGNATURE_REFUSED, code: ERROR_CODES.forbidden });
      await inboundReply(ctx.db, params.From ?? '', params.Body ?? '');
      return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML as never);
    },
  );

  app.post(
    '/sms/twilio/status',
    {
      config: limit(SMS_RATE_LIMITS.statuses),
      schema: {
        ...webhook,
        summary:
          "Twilio's status callback for a text: delivered, or not delivered with the carrier's reason (X-Twilio-Signature checked)",
      },
    },
    async (request, reply) => {
      const params = request.body ?? {};
      if (!signedByTwilio(request, params))
        return reply.code(403).send({ message: SIGNATURE_REFUSED, code: ERROR_CODES.forbidden });
      await providerStatus(ctx.db, params.MessageSid ?? '', params.MessageStatus ?? '', params.ErrorCode);
      return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML as never);
    },
  );
};
