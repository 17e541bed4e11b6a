import {
  AUDIT_PAGE_SIZE,
  apiErrorSchema,
  auditPageSchema,
  auditQuerySchema,
  myAuditPageSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireUser } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../../plugins/staff-audit.ts';
import { requireStaff } from '../../plugins/staff-guard.ts';
import { readAuditLog, readMyAudit } from './audit-log.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** ADMIN reads the whole staff audit log (mounted at /api/staff). */
export const staffAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      onRequest: requireStaff(['ADMIN']),
      schema: {
        tags: ['staff'],
        summary:
          'The staff audit log, newest first (ADMIN): filter by actor (an id or "operator"), record (entity, entityId) and days (UTC); pages by keyset (next)',
        security: [{ bearerAuth: [] }],
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await readAuditLog(app.ctx, request.query);
      // The log names people and what was done about them: reading it is audited too (issue 32),
      // after the read, so a page never shows its own entry.
      await recordStaffAction(app.ctx.db, principalOf(request), {
        action: 'audit.read',
        entity: 'staff_audit',
        entityId: 'log',
        after: { filters: request.query, entries: page.entries.length },
      });
      return page;
    },
  );
};

/** A person reads what staff did about their own account (mounted at /api; Trust). */
export const myAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/audit',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'What staff did about my account: who, what, when; newest first, paged by keyset (next)',
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          after: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
        }),
        response: { 200: myAuditPageSchema, ...errors },
      },
    },
    async (request) =>
      readMyAudit(app.ctx, principalOf(request).userId, request.query.after, request.query.limit),
  );
};
