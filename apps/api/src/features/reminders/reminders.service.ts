import {
  isUnderAge,
  type NotificationInput,
  questionnairesComplete,
  type ReminderKind,
} from '@portal/domain';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import {
  coachBookings,
  kits,
  parentalConsentForms,
  projects,
  reminders,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { JobDefinition } from '../../lib/job-queue.ts';
import { notify, REMINDER_QUEUE } from '../notifications/index.ts';
import { surveyStatsForKits } from '../surveys/index.ts';

type Reminder = typeof reminders.$inferSelect;
/** What a due reminder comes to: sent, or not, since its task is done or no longer asked of the person. */
type Outcome = 'SENT' | 'DONE' | 'SETTLED' | 'NOT_DUE';

async function kitFacts(tx: Tx, kitId: number | null, userId: string) {
  if (kitId === null) return null;
  const [row] = await tx
    .select({ kit: kits, project: projects, user: users })
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .innerJoin(users, eq(users.id, kits.ownerId))
    .where(and(eq(kits.id, kitId), eq(kits.ownerId, userId)));
  return row ?? null;
}

async function questionnairesDone(tx: Tx, facts: NonNullable<Awaited<ReturnType<typeof kitFacts>>>) {
  const stats = (await surveyStatsForKits(tx, [facts], isUnderAge(facts.user))).get(facts.kit.id) ?? [];
  return questionnairesComplete(stats);
}

/**
 * Whether the reminder's task is still open, and what it says if so: null when the task is done (the
 * questionnaires complete, the sample at the lab, the form uploaded, the call booked) or no longer asked
 * of the person (the kit given away or failed).
 */
async function stillNeeded(tx: Tx, reminder: Reminder): Promise<NotificationInput | null> {
  const kind = reminder.kind as ReminderKind;
  if (kind === 'PARENTAL_CONSENT') {
    const [user] = await tx.select().from(users).where(eq(users.id, reminder.userId));
    if (!user || !isUnderAge(user) || user.parentConsented !== false) return null;
    const [pending] = await tx
      .select({ id: parentalConsentForms.id })
      .from(parentalConsentForms)
      .where(and(eq(parentalConsentForms.userId, user.id), isNull(parentalConsentForms.reviewedAt)));
    return pending ? null : { kind: 'reminder-parental-consent' };
  }
  const facts = await kitFacts(tx, reminder.kitId, reminder.userId);
  if (!facts) return null;
  const { kit } = facts;
  if (kit.kitStatus.startsWith('FAILED_') || kit.sampleStatus?.startsWith('FAILED_')) return null;
  switch (kind) {
    case 'QUESTIONNAIRES':
      return (await questionnairesDone(tx, facts))
        ? null
        : { kind: 'reminder-questionnaires', kit, step: reminder.step };
    case 'SAMPLE_RETURN':
      return kit.sampleStatus === null && kit.activatedAt !== null
        ? { kind: 'reminder-sample-return', kit }
        : null;
    case 'COACH': {
      if (kit.sampleStatus !== 'RESULTS_AVAILABLE') return null;
      const [booked] = await tx
        .select({ id: coachBookings.id })
        .from(coachBookings)
        .where(and(eq(coachBookings.kitId, kit.id), isNull(coachBookings.cancelledAt)));
      if (booked || !(await questionnairesDone(tx, facts))) return null;
      return { kind: 'reminder-coach', kit };
    }
  }
}

/**
 * Runs one reminder if it is due: its row is locked, so two runs (its job, and the sweep or the test
 * clock) cannot both send it; a settled row is left alone. Its task is checked first, in the same
 * transaction: done, the reminder is cancelled; open, the person is notified (inbox and, if they take
 * the category, email) and the row marked sent.
 */
export async function runReminder(ctx: AppContext, reminderId: number): Promise<Outcome> {
  return ctx.db.transaction(async (tx) => {
    const [reminder] = await tx
      .select()
      .from(reminders)
      .where(and(eq(reminders.id, reminderId), lte(reminders.dueAt, sql`now()`)))
      .for('update');
    if (!reminder) return 'NOT_DUE';
    if (reminder.sentAt || reminder.cancelledAt) return 'SETTLED';
    const input = await stillNeeded(tx, reminder);
    if (!input) {
      await tx
        .update(reminders)
        .set({ cancelledAt: sql`now()`, outcome: 'DONE' })
        .where(eq(reminders.id, reminder.id));
      return 'DONE';
    }
    const sent = await notify(ctx, tx, reminder.userId, input);
    await tx
      .update(reminders)
      .set({ sentAt: sql`now()`, outcome: 'SENT', notificationId: sent?.id ?? null })
      .where(eq(reminders.id, reminder.id));
    return 'SENT';
  });
}

/** Every pending reminder that is due, oldest first: the sweep and the test clock. */
export async function runDueReminders(
  ctx: AppContext,
  { limit = 500, userId }: { limit?: number; userId?: string } = {},
) {
  const due = await ctx.db
    .select({ id: reminders.id })
    .from(reminders)
    .where(
      and(
        isNull(reminders.sentAt),
        isNull(reminders.cancelledAt),
        lte(reminders.dueAt, sql`now()`),
        userId ? eq(reminders.userId, userId) : undefined,
      ),
    )
    .orderBy(reminders.dueAt)
    .limit(limit);
  const counts: Record<Outcome, number> = { SENT: 0, DONE: 0, SETTLED: 0, NOT_DUE: 0 };
  for (const { id } of due) counts[await runReminder(ctx, id)] += 1;
  return { sent: counts.SENT, done: counts.DONE };
}

export const REMINDER_CLOCK_MESSAGES = {
  production: 'The reminder clock cannot be moved in production.',
  noAccount: (email: string) => `There is no account with the email ${email}.`,
} as const;

/**
 * The test clock (ops reminders:advance, POST /api/admin/reminders/advance): moves every pending
 * reminder `hours` nearer, as if that much time had passed, then runs those now due, so a journey sees
 * a reminder land (or not) without waiting a day. With an email, only that person's reminders move (a
 * journey running beside others). Their pg-boss jobs keep their start times: when they run, they find
 * their row settled and end. Refused in production.
 */
export async function advanceReminderClock(ctx: AppContext, hours: number, email?: string) {
  if (ctx.config.env === 'production') throw invalid(REMINDER_CLOCK_MESSAGES.production);
  let userId: string | undefined;
  if (email) {
    const [user] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()));
    if (!user) throw notFound(REMINDER_CLOCK_MESSAGES.noAccount(email));
    userId = user.id;
  }
  await ctx.db
    .update(reminders)
    .set({ dueAt: sql`${reminders.dueAt} - make_interval(hours => ${hours}::int)` })
    .where(
      and(
        isNull(reminders.sentAt),
        isNull(reminders.cancelledAt),
        userId ? eq(reminders.userId, userId) : undefined,
      ),
    );
  return runDueReminders(ctx, userId ? { userId } : {});
}

/**
 * The `reminder` queue: one job per reminder, starting when it is due. And a sweep every 15 minutes
 * that runs any due reminder whose job was lost (a queue restored from an older backup, say).
 */
export function reminderJobs(ctx: AppContext, log?: FastifyBaseLogger): JobDefinition<never>[] {
  const one: JobDefinition<{ reminderId: number }> = {
    name: REMINDER_QUEUE,
    queue: { retryLimit: 5, retryDelay: 60, retryBackoff: true },
    run: async ({ reminderId }) => {
      const outcome = await runReminder(ctx, reminderId);
      log?.debug({ reminderId, outcome }, 'reminder');
    },
  };
  const sweep: JobDefinition<Record<string, never>> = {
    name: 'reminder.sweep',
    // One sweep at a time across instances; each reminder is claimed by its row lock anyway.
    queue: { policy: 'stately', retryLimit: 1, retryDelay: 60, expireInSeconds: 15 * 60 },
    cron: '*/15 * * * *',
    run: async () => {
      await runDueReminders(ctx);
    },
  };
  return [one, sweep] as JobDefinition<never>[];
}
