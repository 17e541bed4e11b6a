import {
  apiErrorSchema,
  emailPreferencesSchema,
  emailPreferencesUpdateSchema,
  unsubscribeInfoSchema,
  unsubscribeResultSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unsubscribePageUrl } from '../../adapters/mail/category-mail.ts';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import {
  listEmailPreferences,
  unsubscribe,
  unsubscribeInfo,
  updateEmailPreferences,
} from './email-preferences.service.ts';

const security = [{ bearerAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const publicErrors = { 400: apiErrorSchema, 429: apiErrorSchema };
const tokenQuery = z.object({ token: z.string().max(2000).optional() });
/**
 * Mail providers send the one-click POSTs of many people from a few addresses: the per-address limit
 * is wide. The token is signed, so trying tokens gains nothing.
 */
const ONE_CLICK_PER_MINUTE = 1000;

/**
 * Email preferences (issue 23): the person's own choices, signed in; and the unsubscribe link of every
 * non-transactional email, which works without signing in: a page that asks to confirm (GET changes
 * nothing, since link scanners open links), and RFC 8058's one-click POST from the mail client, which
 * has neither a session nor a CSRF token (the signed token in the address is the proof).
 */
export const emailPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const limited = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };

  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` as a form. The body says nothing the
  // address does not, so it is read as text and not relied on (multipart bodies are left unread).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/me/email-preferences',
    {
      onRequest: requireUser,
      schema: {
        tags: ['email-preferences'],
        summary: 'My email choices, by category (a category not chosen shows its default)',
        security,
        response: { 200: emailPreferencesSchema, ...errors },
      },
    },
    async (request) => listEmailPreferences(ctx.db, principalOf(request).userId),
  );

  app.put(
    '/me/email-preferences',
    {
      onRequest: requireUser,
      schema: {
        tags: ['email-preferences'],
        summary: 'Switch email categories on or off (the ones not named stay as they are)',
        security,
        body: emailPreferencesUpdateSchema,
        response: { 200: emailPreferencesSchema, ...errors },
      },
    },
    async (request) => updateEmailPreferences(ctx, principalOf(request).userId, request.body),
  );

  app.get(
    '/email-preferences/unsubscribe',
    {
      config: limited,
      schema: {
        tags: ['email-preferences'],
        summary: "The unsubscribe link's category and whether it is still on (changes nothing)",
        querystring: tokenQuery,
        response: { 200: unsubscribeInfoSchema, ...publicErrors },
      },
    },
    async (request) => unsubscribeInfo(ctx, request.query.token),
  );

  app.post(
    '/email-preferences/unsubscribe',
    {
      config: limited,
      schema: {
        tags: ['email-preferences'],
        summary: "Unsubscribe from the link's category (the unsubscribe page's button; no sign-in)",
        body: z.object({ token: z.string().max(2000).optional() }),
        response: { 200: unsubscribeResultSchema, ...publicErrors },
      },
    },
    async (request) => unsubscribe(ctx, request.body.token, 'LINK'),
  );

  app.post(
    '/email-preferences/one-click',
    {
      config: { rateLimit: { max: ONE_CLICK_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['email-preferences'],
        summary:
          'RFC 8058 one-click unsubscribe (the List-Unsubscribe address): POST List-Unsubscribe=One-Click',
        querystring: tokenQuery,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        response: { 200: unsubscribeResultSchema, ...publicErrors },
      },
    },
    async (request) => unsubscribe(ctx, request.query.token, 'ONE_CLICK'),
  );

  app.get(
    '/email-preferences/one-click',
    {
      config: limited,
      schema: {
        tags: ['email-preferences'],
        summary:
          'The List-Unsubscribe address opened in a browser: sends it to the page that asks to confirm (changes nothing)',
        querystring: tokenQuery,
      },
    },
    async (request, reply) => reply.redirect(unsubscribePageUrl('', request.query.token ?? ''), 303),
  );
};
