import {
  AUTH_MESSAGES,
  apiErrorSchema,
  emailOnlySchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  REGISTRATION_MESSAGES,
  refreshResponseSchema,
  registerRequestSchema,
  registrationReferralSchema,
  resetPasswordSchema,
  tokenOnlySchema,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { activeReferral } from '../kits/index.ts';
import {
  login,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './auth.service.ts';
import { clearPageSessionCookie, setPageSessionCookie } from './page-session.ts';
import { REFRESH_TOKEN_TTL_DAYS, revokeSessionOf, rotateRefreshToken } from './tokens.ts';

const REFRESH_COOKIE = 'refresh_token';
const refreshBodySchema = z.object({ refresh_token: z.string().max(200).optional() }).default({});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const publicUrl = new URL(ctx.config.publicUrl);
  const secureCookie = publicUrl.protocol === 'https:' || publicUrl.hostname === 'localhost';
  const limited = { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } };
  const errors = { 400: apiErrorSchema, 429: apiErrorSchema };

  /** The web app keeps the refresh token only in this HttpOnly cookie, out of reach of page scripts. */
  function setRefreshCookie(reply: FastifyReply, token: string) {
    reply.setCookie(REFRESH_COOKIE, token, {
      path: '/api/auth',
      httpOnly: true,
      secure: secureCookie,
      sameSite: 'strict',
      maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 3600,
    });
  }
  const presentedRefresh = (request: FastifyRequest, body: { refresh_token?: string | undefined }) =>
    body.refresh_token ?? request.cookies[REFRESH_COOKIE];

  app.post(
    '/register',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Create an account and email a verification link (postUser)',
        body: registerRequestSchema,
        response: { 201: messageResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await registerUser(ctx, request.body);
      return reply
        .code(201)
        .send({ message: REGISTRATION_MESSAGES.success.replace('{email}', request.body.email) });
    },
  );

  app.get(
    '/referral-codes/:code',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: "Registration's referral lookup: the practitioner's first and last name (REF- optional)",
        params: z.object({ code: z.string().max(40) }),
        response: { 200: registrationReferralSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => activeReferral(ctx, request.params.code),
  );

  app.post(
    '/verify-email',
    {
      config: limited,
      schema: { tags: ['auth'], body: tokenOnlySchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await verifyEmail(ctx, request.body.token);
      return { message: AUTH_MESSAGES.verified };
    },
  );

  app.post(
    '/verify-email/resend',
    {
      config: limited,
      schema: { tags: ['auth'], body: emailOnlySchema, response: { 202: messageResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await resendVerification(ctx, request.body.email);
      return reply.code(202).send({ message: AUTH_MESSAGES.verificationSent });
    },
  );

  app.post(
    '/login',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = await login(ctx, request.body, request.ip);
      setRefreshCookie(reply, session.refresh_token);
      setPageSessionCookie(reply, session.access_token, secureCookie);
      return session;
    },
  );

  app.post(
    '/refresh',
    {
      // Every page load of every tab refreshes, so this allows more than sign-in does.
      config: { rateLimit: { max: ctx.config.authRateLimit * 3, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          'Exchange a refresh token for a new one; each token works once. With the token in the body the ' +
          'answer carries the new pair; with the HttpOnly cookie, only the access token (the new refresh ' +
          "token goes back into the cookie). The page's silent session probe: with neither, or with a cookie " +
          "that no longer opens a session, 204 (no session, and no error in a guest page's console)",
        body: refreshBodySchema,
        response: { 200: refreshResponseSchema, 204: z.null(), 401: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const fromBody = Boolean(request.body.refresh_token);
      const presented = presentedRefresh(request, request.body);
      if (!presented) return reply.code(204).send(null);
      try {
        const session = await rotateRefreshToken(ctx, presented);
        setRefreshCookie(reply, session.refresh_token);
        setPageSessionCookie(reply, session.access_token, secureCookie);
        if (request.body.refresh_token) return session;
        // From the cookie: script on the page must never read the refresh token (decision 002).
        return {
          access_token: session.access_token,
          expires_in: session.expires_in,
          user_id: session.user_id,
        };
      } catch (error) {
        reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
        clearPageSessionCookie(reply);
        // A cookie that no longer opens a session (expired, revoked, signed out elsewhere) is no session.
        if (!fromBody && error instanceof AppError && error.statusCode === 401)
          return reply.code(204).send(null);
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    {
      // Counted like refresh: a flood of sign-outs is a flood of database writes (issue 32).
      config: { rateLimit: { max: ctx.config.authRateLimit * 3, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: refreshBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const presented = presentedRefresh(request, request.body);
      if (presented) await revokeSessionOf(ctx.db, presented);
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
      clearPageSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/password-reset',
    {
      config: limited,
      schema: { tags: ['auth'], body: emailOnlySchema, response: { 202: messageResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email);
      return reply.code(202).send({ message: AUTH_MESSAGES.resetRequested });
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body.token, request.body.password);
      return { message: AUTH_MESSAGES.resetDone };
    },
  );
};
