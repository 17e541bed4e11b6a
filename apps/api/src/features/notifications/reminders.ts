import { REMINDER_SCHEDULE, type ReminderKind } from '@portal/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { reminders } from '../../db/schema/index.ts';
import type { JobQueue } from '../../lib/job-queue.ts';

/**
 * Reminders that stop when the task is done (issue 35 item 3). A change that starts a task schedules its
 * reminders in its own transaction: one row per step, due a set time later (REMINDER_SCHEDULE), and one
 * pg-boss job per row that starts at that time. The change that finishes the task cancels the pending
 * rows (cancelReminders); the job checks again when it runs, so a task done by a path that does not
 * cancel is never reminded either. The rows' unique key (person, kind, subject, step) means a reminder is
 * scheduled once however often its event happens, and the job claims its row before sending, so it is
 * never sent twice.
 */

export const REMINDER_QUEUE = 'reminder';

export const subjectKeyOf = (kitId: number | null) => (kitId === null ? 'account' : `kit:${kitId}`);

/** Schedules every step of a reminder, unless already scheduled. */
export async function scheduleReminder(
  ctx: { jobs: JobQueue },
  tx: Tx,
  reminder: { userId: string; kind: ReminderKind; kitId?: number | null },
) {
  const kitId = reminder.kitId ?? null;
  const steps = REMINDER_SCHEDULE[reminder.kind];
  for (const [index, hours] of steps.entries()) {
    const [row] = await tx
      .insert(reminders)
      .values({
        userId: reminder.userId,
        kind: reminder.kind,
        kitId,
        subjectKey: subjectKeyOf(kitId),
        step: index + 1,
        dueAt: sql`now() + make_interval(hours => ${hours}::int)`,
      })
      .onConflictDoNothing()
      .returning({ id: reminders.id });
    if (row)
      await ctx.jobs.send(REMINDER_QUEUE, { reminderId: row.id }, { tx, startAfterSeconds: hours * 3600 });
  }
}

/** Cancels the pending reminders of a task that is done: by kind, for a kit or a person. */
export async function cancelReminders(
  db: DbOrTx,
  which: { kind: ReminderKind; kitId?: number; userId?: string },
) {
  await db
    .update(reminders)
    .set({ cancelledAt: sql`now()`, outcome: 'DONE' })
    .where(
      and(
        eq(reminders.kind, which.kind),
        which.kitId === undefined ? undefined : eq(reminders.kitId, which.kitId),
        which.userId === undefined ? undefined : eq(reminders.userId, which.userId),
        isNull(reminders.sentAt),
        isNull(reminders.cancelledAt),
      ),
    );
}

/** Whether a kit has a pending reminder of this kind (one indexed read before the work of a cancel). */
export async function hasPendingReminders(db: DbOrTx, which: { kind: ReminderKind; kitId: number }) {
  const [row] = await db
    .select({ id: reminders.id })
    .from(reminders)
    .where(
      and(
        eq(reminders.kitId, which.kitId),
        eq(reminders.kind, which.kind),
        isNull(reminders.sentAt),
        isNull(reminders.cancelledAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}
