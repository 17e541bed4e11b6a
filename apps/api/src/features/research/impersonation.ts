import { ACCESS_TOKEN_TTL_SECONDS, apiErrorSchema } from '@portal/domain';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { impersonationAudit, users } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { principalOf, requireAuthority } from '../../plugins/authenticate.ts';
import { signAccessToken } from '../auth/tokens.ts';

/**
 * get token (username): a support user with IMPERSONATE gets a short access token for the person, naming
 * the support user as the actor (act claim). No refresh token: when it expires the support user's own
 * session comes back. Every request made with it is audited (auditImpersonation).
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
          'Support: view the portal as a participant (audited, read-only for credentials and payments)',
        security: [{ bearerAuth: [] }],
        body: z.object({ username: z.string().trim().min(1).max(254) }),
        response: {
          200: z.object({
            access_token: z.string(),
            expires_in: z.number(),
            user_id: z.string(),
            actor_id: z.string(),
          }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const actor = principalOf(request);
      const [subject] = await app.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, request.body.username.toLowerCase()));
      if (!subject) throw notFound('There is no account with that email.');
      if (subject.id === actor.userId) throw invalid('You are already signed in as this person.');
      const token = signAccessToken(
        app.ctx,
        { id: subject.id, authorities: [] },
        `impersonation-${actor.userId}`,
        actor.userId,
      );
      return {
        access_token: token,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        user_id: subject.id,
        actor_id: actor.userId,
      };
    },
  );
};

/** Writes an audit row for every request made with an impersonation token (actor, subject, route, time). */
export function auditImpersonation(app: FastifyInstance) {
  // onSend: the row is written before the answer leaves, so no impersonated response goes unaudited.
  app.addHook('onSend', async (request, reply, payload) => {
    const principal = request.principal;
    if (!principal?.actorId) return payload;
    try {
      await app.ctx.db.insert(impersonationAudit).values({
        actorId: principal.actorId,
        subjectId: principal.userId,
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
        statusCode: reply.statusCode,
      });
    } catch (error) {
      request.log.error({ err: error }, 'impersonation audit failed');
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
        summary: 'Requests made while support viewed a portal: actor, subject, route, time (UTC)',
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
