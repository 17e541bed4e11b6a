import {
  EMAIL_CATEGORY_TEXT,
  isOptionalCategory,
  type NotificationInput,
  type NotificationText,
  notificationText,
  sendsSms,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import { enqueueCategoryMail } from '../../adapters/mail/category-mail.ts';
import { notificationMail } from '../../adapters/mail/notification-mail.ts';
import { type MailKind, type QueuedMail, queueMail } from '../../adapters/mail/outbox.ts';
import { queueNotificationSms } from '../../adapters/sms/outbox.ts';
import type { Tx } from '../../db/client.ts';
import { notificationDeliveries, notifications, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { NOTIFICATION_MAIL_KINDS } from './notification-mail-kinds.ts';

export type NotifyCtx = Pick<AppContext, 'jwtSecret' | 'mail' | 'jobs'>;

export const NOT_SENT = {
  switchedOff: (label: string) => `${label} emails are switched off.`,
  undeliverable: 'The address is marked undeliverable after 3 hard bounces.',
} as const;

/** The outbox's kind (its quota, decision 043): the notification's own, kit progress, or a reminder. */
export const mailKindOf = (input: NotificationInput, text: NotificationText): MailKind =>
  NOTIFICATION_MAIL_KINDS[input.kind] ??
  (text.category === 'KIT_PROGRESS' && !input.kind.startsWith('reminder-') ? 'kit-progress' : 'reminder');

const smsKind = (kind: MailKind) => (kind === 'kit-progress' ? 'kit-progress' : 'reminder');

/**
 * Tells a person something (issue 35): writes the notification (their inbox) and sends its email, in
 * `tx`, the transaction of the change that causes it (decision 043). The words are packages/domain's
 * notificationText. The inbox always gets it; the email goes unless the person switched its category off
 * or their address is marked undeliverable, and each channel's delivery is recorded with its status.
 * Returns the notification's id, or null for an account that does not exist.
 */
export async function notify(
  ctx: NotifyCtx,
  tx: Tx,
  userId: string,
  input: NotificationInput,
  /** The time quiet hours are judged at (texts); now unless a test says. */
  { now }: { now?: Date } = {},
): Promise<{ id: number; email: QueuedMail | null } | null> {
  const [person] = await tx
    .select({ email: users.email, firstName: users.firstName, undeliverable: users.emailUndeliverableAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) return null;
  const text = notificationText(input, ctx.mail.brand);
  const [row] = await tx
    .insert(notifications)
    .values({
      userId,
      kind: input.kind,
      category: text.category,
      subject: text.subject,
      body: text.body,
      link: text.action?.path ?? null,
      actionLabel: text.action?.label ?? null,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('notification insert returned no row');

  let email: QueuedMail | null = null;
  let skipped: string | null = null;
  const kind = mailKindOf(input, text);
  if (person.undeliverable) skipped = NOT_SENT.undeliverable;
  else if (isOptionalCategory(text.category)) {
    const category = text.category;
    email = await enqueueCategoryMail(
      tx,
      ctx,
      { userId, category },
      (unsubscribe) => notificationMail(ctx.mail, person, text, unsubscribe),
      kind,
    );
    if (!email) skipped = NOT_SENT.switchedOff(EMAIL_CATEGORY_TEXT[category].label);
  } else email = await queueMail(ctx, tx, kind, notificationMail(ctx.mail, person, text));

  await tx.insert(notificationDeliveries).values([
    { notificationId: row.id, channel: 'IN_APP', status: 'SENT' },
    email
      ? {
          notificationId: row.id,
          channel: 'EMAIL',
          status: email.withheld ? 'WITHHELD' : 'QUEUED',
          outboxId: email.id,
        }
      : { notificationId: row.id, channel: 'EMAIL', status: 'SKIPPED', detail: skipped },
  ]);
  // A second channel for short transactional kinds, for a person who switched texts on (issue 35 item 4).
  if (sendsSms(input.kind))
    await queueNotificationSms(ctx, tx, userId, { id: row.id, kind: smsKind(kind), text }, now);
  return { id: row.id, email };
}
