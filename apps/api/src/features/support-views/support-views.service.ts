import { describeSupportRequest, SUPPORT_VIEWS_SHOWN, type SupportViews } from '@portal/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { impersonationAudit, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';

/**
 * "Who viewed my data": the support views of the person's account from the audit of support views
 * (features/research/impersonation.ts), newest first, with the support person's name.
 */
export async function supportViewsOf(ctx: AppContext, subjectId: string): Promise<SupportViews> {
  const rows = await ctx.db
    .select({
      at: impersonationAudit.at,
      method: impersonationAudit.method,
      route: impersonationAudit.route,
      statusCode: impersonationAudit.statusCode,
      supportName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(impersonationAudit)
    .leftJoin(users, eq(users.id, impersonationAudit.actorId))
    .where(eq(impersonationAudit.subjectId, subjectId))
    .orderBy(desc(impersonationAudit.at), desc(impersonationAudit.id))
    .limit(SUPPORT_VIEWS_SHOWN + 1);
  return {
    views: rows.slice(0, SUPPORT_VIEWS_SHOWN).map((row) => ({
      at: row.at.toISOString(),
      supportName: row.supportName,
      what: describeSupportRequest(row.method, row.route),
      refused: row.statusCode === null || row.statusCode >= 400,
    })),
    more: rows.length > SUPPORT_VIEWS_SHOWN,
  };
}
