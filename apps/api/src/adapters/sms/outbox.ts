import {
  formatZonedDateTime,
  type NotificationText,
  notificationSmsText,
  personTimeZone,
  quietHoursEnd,
} from '@portal/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { notificationDeliveries, smsOutbox, smsPhones, users } from '../../db/schema/index.ts';
import type { JobQueue } from '../../lib/job-queue.ts';

/** The queue whose job sends one text of the SMS outbox (dispatcher.ts works it). */
export const SMS_QUEUE = 'sms';

/**
 * Every kind of text, and how many of it one number gets in an hour (the per-recipient quotas of
 * "Hardening", decision 043, applied to texts too). Codes are sent to a number a person types, so
 * they are held to 3; the portal's own texts are capped as well, since each costs money.
 */
export const SMS_QUOTAS = {
  'verify-code': 3,
  'kit-progress': 10,
  reminder: 5,
} as const satisfies Record<string, number>;
export type SmsKind = keyof typeof SMS_QUOTAS;

export type QueuedSms = { id: number; withheld: boolean };

/**
 * Writes a text to the SMS outbox and its `sms` job, both in `tx` (the transaction of the change that
 * causes it): the job starts at `sendAfter` (now, or 08:00 after quiet hours). Past its kind's quota for
 * the number the text is kept withheld, with no body, and its job sends nothing. The count runs under a
 * transaction lock on (number, kind), as for mail.
 */
export async function queueSms(
  ctx: { jobs: JobQueue },
  tx: Tx,
  text: {
    to: string;
    kind: SmsKind;
    body: string;
    userId: string | null;
    notificationId?: number | null;
    sendAfter?: Date | null;
  },
): Promise<QueuedSms> {
  const quota = SMS_QUOTAS[text.kind];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms/${text.kind}/${text.to}`}))`);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(smsOutbox)
    .where(
      and(
        eq(smsOutbox.to, text.to),
        eq(smsOutbox.kind, text.kind),
        eq(smsOutbox.withheld, false),
        sql`${smsOutbox.createdAt} > now() - interval '1 hour'`,
      ),
    );
  const withheld = Number(count?.n ?? 0) >= quota;
  const sendAfter = text.sendAfter ?? new Date();
  const [row] = await tx
    .insert(smsOutbox)
    .values({
      to: text.to,
      kind: text.kind,
      body: withheld ? '' : text.body,
      userId: text.userId,
      notificationId: text.notificationId ?? null,
      withheld,
      sendAfter,
    })
    .returning({ id: smsOutbox.id });
  if (!row) throw new Error('sms outbox insert returned no row');
  if (!withheld) await ctx.jobs.insert(SMS_QUEUE, [{ data: { smsId: row.id }, startAfter: sendAfter }], tx);
  return { id: row.id, withheld };
}

export const SMS_NOT_SENT = {
  quietHours: (at: string) => `Due at ${at}, after quiet hours.`,
  quota: 'Past the quota of texts to this number in an hour.',
  switchedOff: 'Texts were switched off before it was due.',
  noProvider: 'No Twilio keys: the text stays in the outbox.',
} as const;

/**
 * A notification's text (issue 35 item 4), in `tx`, for a person who checked their mobile and switched
 * texts on (and has not replied STOP): queued now, or for 08:00 in their time zone when `now` falls in
 * quiet hours (21:00 to 08:00). Its SMS delivery row is written beside the others. Nothing for anyone else.
 */
export async function queueNotificationSms(
  ctx: { jobs: JobQueue; mail: { brand: string; publicUrl: string } },
  tx: Tx,
  userId: string,
  notification: { id: number; kind: 'kit-progress' | 'reminder'; text: NotificationText },
  now: Date = new Date(),
): Promise<QueuedSms | null> {
  const [person] = await tx
    .select({
      phone: smsPhones.phone,
      verifiedAt: smsPhones.verifiedAt,
      optIn: smsPhones.optIn,
      stoppedAt: smsPhones.stoppedAt,
      state: users.state,
      country: users.country,
    })
    .from(smsPhones)
    .innerJoin(users, eq(users.id, smsPhones.userId))
    .where(eq(smsPhones.userId, userId));
  if (!person?.verifiedAt || !person.optIn || person.stoppedAt) return null;
  const zone = personTimeZone(person.state, person.country);
  const deferredTo = quietHoursEnd(now, zone);
  const queued = await queueSms(ctx, tx, {
    to: person.phone,
    kind: notification.kind,
    body: notificationSmsText(notification.text, ctx.mail.brand, ctx.mail.publicUrl),
    userId,
    notificationId: notification.id,
    sendAfter: deferredTo ?? now,
  });
  await tx.insert(notificationDeliveries).values({
    notificationId: notification.id,
    channel: 'SMS',
    status: queued.withheld ? 'WITHHELD' : 'QUEUED',
    detail: queued.withheld
      ? SMS_NOT_SENT.quota
      : deferredTo
        ? SMS_NOT_SENT.quietHours(formatZonedDateTime(deferredTo, zone))
        : null,
  });
  return queued;
}

/** The SMS delivery of the notification a text belongs to takes its status. */
export async function setSmsDeliveryStatus(
  db: DbOrTx,
  notificationId: number | null,
  status: 'SENT' | 'FAILED' | 'HELD' | 'SKIPPED',
  detail: string | null = null,
) {
  if (notificationId === null) return;
  await db
    .update(notificationDeliveries)
    .set({ status, detail, updatedAt: sql`now()` })
    .where(
      and(
        eq(notificationDeliveries.notificationId, notificationId),
        eq(notificationDeliveries.channel, 'SMS'),
      ),
    );
}

/** The texts the outbox holds (withheld ones are none), newest first: the dev mailbox. */
export async function listTexts(db: DbOrTx, limit = 100) {
  return db
    .select({
      id: smsOutbox.id,
      to: smsOutbox.to,
      kind: smsOutbox.kind,
      body: smsOutbox.body,
      sendAfter: smsOutbox.sendAfter,
      sentAt: smsOutbox.sentAt,
      createdAt: smsOutbox.createdAt,
    })
    .from(smsOutbox)
    .where(eq(smsOutbox.withheld, false))
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
}
