import {
  EXPORT_REUSE_MINUTES,
  isStaffRole,
  PEOPLE_MESSAGES,
  type PersonClosure,
  type PersonExport,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import { closureRequests } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { closeForPerson, requestExport } from '../data-rights/index.ts';
import { recordStaffAction } from '../staff/index.ts';
import { personRow } from './person.service.ts';

/**
 * "My data" for a request that came by phone (issues 23 and 24): support starts the person's export or
 * closure with the portal's own services, so it is built, emailed and kept exactly as when the person
 * asks. Staff never get the export: the person downloads it signed in. A staff account, a closed
 * account and an export already being prepared are refused, and nothing changes.
 */

/** A customer or participant, not staff: the console's data requests are made for them. */
async function customer(ctx: AppContext, id: string) {
  const person = await personRow(ctx, id);
  if (person.authorities.some(isStaffRole)) throw invalid(PEOPLE_MESSAGES.staffAccount);
  return person;
}

/**
 * Starts the person's export once the caller's identity is checked (recorded in the audit entry). A
 * second click, while that export is prepared or within EXPORT_REUSE_MINUTES of it, answers the same
 * export and changes nothing: one export, one email (issue 34 item 13).
 */
export async function startExportFor(
  ctx: AppContext,
  jobs: JobQueue,
  principal: Principal,
  id: string,
  input: PersonExport,
) {
  await customer(ctx, id);
  const result = await requestExport(
    ctx,
    jobs,
    id,
    async (tx, exported, created) => {
      // Checked under the person's row lock, which a closure takes too: the two never cross.
      const [closed] = await tx
        .select({ id: closureRequests.id })
        .from(closureRequests)
        .where(eq(closureRequests.userId, id));
      if (closed) throw conflict(PEOPLE_MESSAGES.alreadyClosed);
      if (!created) return;
      await recordStaffAction(tx, principal, {
        action: 'person.export.start',
        entity: 'data_export',
        entityId: exported.id,
        subjectId: id,
        after: { state: exported.state, callerChecks: input.callerChecks },
      });
    },
    { reuseSince: new Date(Date.now() - EXPORT_REUSE_MINUTES * 60_000) },
  );
  const message = result.created
    ? PEOPLE_MESSAGES.exportStarted
    : result.export.state === 'QUEUED'
      ? PEOPLE_MESSAGES.exportInProgress
      : PEOPLE_MESSAGES.exportAlreadyStarted;
  return { message, export: result.export };
}

export async function closeAccountFor(
  ctx: AppContext,
  jobs: JobQueue,
  principal: Principal,
  id: string,
  input: PersonClosure,
) {
  await customer(ctx, id);
  const result = await closeForPerson(ctx, jobs, principal, {
    userId: id,
    scope: input.scope,
    callerChecks: input.callerChecks,
  });
  if (!result.created) throw conflict(PEOPLE_MESSAGES.alreadyClosed);
  return { message: PEOPLE_MESSAGES.closureStarted, closure: result.closure };
}
