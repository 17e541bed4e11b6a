import { apiErrorSchema, ERROR_CODES, supportViewTokenSchema } from '@portal/domain';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { impersonationAudit, users } from '../../db/schema/index.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import { OPERATOR, principalOf, requireAuthority } from '../../plugins/authenticate.ts';
import { signAccessToken } from '../auth/index.ts';

/** A support view lasts at most an hour; it ends sooner when the support user's session does. */
export const SUPPORT_VIEW_TTL_SECONDS = 60 * 60;

/**
 * get token (username): a support user with IMPERSONATE gets a read-only view of the person's portal: an
 * access token for the person, naming the support user as the actor (act claim), in the support user's
 * own session (sid), so it ends when they sign out or their session is revoked, and after an hour at
 * most. No refresh token. The guards refuse every write made with it (authenticate.ts), and every
 * request made with it is audited (auditImpersonation).
 */
export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/impersonate',
    {
      onRequest: requireAuthority('IMPERSONATE'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary:
          "Support: a read-only view of the portal as a participant (audited; ends with the support user's session, at most 60 minutes)",
        security: [{ bearerAuth: [] }],
        body: z.object({ username: z.string().trim().min(1).max(254) }),
        response: {
          200: supportViewTokenSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const actor = principalOf(request);
      // The operator key has no session for the view to end with, and no person to name in the audit.
      if (actor === OPERATOR)
        throw forbidden("Sign in with your own support account to view a person's portal.");
      const [subject] = await app.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, request.body.username.toLowerCase()));
      if (!subject) throw notFound('There is no account with that email.');
      if (subject.id === actor.userId) throw invalid('You are already signed in as this person.');
      const token = signAccessToken(app.ctx, { id: subject.id, authorities: [] }, actor.sessionId, {
        actorId: actor.userId,
        ttlSeconds: SUPPORT_VIEW_TTL_SECONDS,
      });
      return {
        access_token: token,
        expires_in: SUPPORT_VIEW_TTL_SECONDS,
        user_id: subject.id,
        actor_id: actor.userId,
      };
    },
  );
};

/**
 * Writes an audit row for every request made with a support view's token (actor, subject, route, method,
 * time, status), the refused ones included: the guards note the view as soon as the token's signature
 * checks out, before they refuse anything.
 */
export function auditImpersonation(app: FastifyInstance) {
  // onSend: the row is written before the answer leaves. If it cannot be written the answer is withheld:
  // a support view leaves a trace or sees nothing.
  app.addHook('onSend', async (request, reply, payload) => {
    const view = request.supportView;
    if (!view) return payload;
    try {
      await app.ctx.db.insert(impersonationAudit).values({
        actorId: view.actorId,
        subjectId: view.subjectId,
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
        statusCode: reply.statusCode,
      });
    } catch (error) {
      request.log.error({ err: error }, 'support view audit failed');
      reply.code(503).type('application/json; charset=utf-8').removeHeader('content-disposition');
      return JSON.stringify({
        message: 'The portal could not record this support view. Please try again in a moment.',
        code: ERROR_CODES.unavailable,
      });
    }
    return payload;
  });
}

/** The impersonation audit for operators (ops audit:impersonation), newest first. */
export const impersonationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/impersonation-audit',
    {
      onRequest: requireAuthority('AUDIT_READ'),
      schema: {
        tags: ['admin'],
        summary:
          'Requests made while support viewed a portal: actor, subject, route, method, status, time (UTC)',
        querystring: z.object({
          subjectId: z.uuid().optional(),
          actorId: z.uuid().optional(),
          limit: z.coerce.number().int().min(1).max(1000).default(100),
        }),
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              actorId: z.string(),
              subjectId: z.string(),
              method: z.string(),
              route: z.string(),
              statusCode: z.number().nullable(),
              at: z.date(),
            }),
          ),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { subjectId, actorId, limit } = request.query;
      const filters: SQL[] = [];
      if (subjectId) filters.push(eq(impersonationAudit.subjectId, subjectId));
      if (actorId) filters.push(eq(impersonationAudit.actorId, actorId));
      return app.ctx.db
        .select()
        .from(impersonationAudit)
        .where(and(...filters))
        .orderBy(desc(impersonationAudit.at), desc(impersonationAudit.id))
        .limit(limit);
    },
  );
};
