import { DATA_RIGHTS_TEXTS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { dataExports, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../staff/index.ts';
import { downloadExport, getExport, requestExport } from './exports.service.ts';

/**
 * `ops user:export` (issue 23): an export asked for by post or phone, started by an operator for the
 * person, who also gets the "ready" email. Starting one and taking its ZIP are each written to the staff
 * audit log (who, which person, which export), in the transaction of the change where there is one.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function requestExportFor(ctx: AppContext, jobs: JobQueue, principal: Principal, email: string) {
  const [person] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!person) throw notFound(`No account with the email ${email}.`);
  const result = await requestExport(ctx, jobs, person.id, (tx, exported) =>
    recordStaffAction(tx, principal, {
      action: 'user.export',
      entity: 'data_export',
      entityId: exported.id,
      subjectId: person.id,
      after: { state: exported.state },
    }),
  );
  return { userId: person.id, ...result.export };
}

async function ownerOfExport(ctx: AppContext, id: string) {
  if (!UUID.test(id)) throw notFound(DATA_RIGHTS_TEXTS.notFound);
  const [row] = await ctx.db
    .select({ userId: dataExports.userId })
    .from(dataExports)
    .where(eq(dataExports.id, id));
  if (!row) throw notFound(DATA_RIGHTS_TEXTS.notFound);
  return row.userId;
}

export async function exportStateFor(ctx: AppContext, id: string) {
  const userId = await ownerOfExport(ctx, id);
  return { userId, ...(await getExport(ctx, userId, id)) };
}

export async function downloadExportFor(ctx: AppContext, principal: Principal, id: string) {
  const userId = await ownerOfExport(ctx, id);
  const file = await downloadExport(ctx, userId, id, false);
  await recordStaffAction(ctx.db, principal, {
    action: 'user.export.download',
    entity: 'data_export',
    entityId: id,
    subjectId: userId,
  });
  return file;
}
