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
import { auditLogCsv, readAuditLog, readMyAudit } from './audit-log.service.ts';

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
          'The staff audit log, newest first (ADMIN): filter by actor (an id or "operator"), action (or its start), the person an entry is about (subject: id or email), record (entity, entityId) and days (UTC); pages by keyset (next)',
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

  app.get(
    '/audit.csv',
    {
      onRequest: requireStaff(['ADMIN']),
      schema: {
        tags: ['staff'],
        summary:
          'The staff audit log under the same filters as CSV (ADMIN), newest first, at most 10,000 rows (X-Truncated: true when more matched); the export is audited',
        security: [{ bearerAuth: [] }],
        querystring: auditQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { csv, rows, truncated } = await auditLogCsv(app.ctx, request.query);
      await recordStaffAction(app.ctx.db, principalOf(request), {
        action: 'audit.export',
        entity: 'staff_audit',
        entityId: 'csv',
        after: { filters: request.query, rows, truncated },
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .header('x-truncated', String(truncated))
        .send(csv);
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
