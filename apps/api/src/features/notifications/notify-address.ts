import { type NotificationInput, notificationText } from '@portal/domain';
import { notificationMail } from '../../adapters/mail/notification-mail.ts';
import { type QueuedMail, queueMail } from '../../adapters/mail/outbox.ts';
import type { Tx } from '../../db/client.ts';
import { notificationDeliveries, notifications } from '../../db/schema/index.ts';
import { mailKindOf, type NotifyCtx } from './notify.ts';

/**
 * Tells someone with no inbox (decision 058): a study candidate, the practitioner a person shared
 * their report with, a staff member about their staff account, a guardian's former address. The
 * notification is written as notify() writes one, with the address instead of a user, and goes out by
 * email only, in `tx`, the transaction of the change that causes it. Its words are packages/domain's
 * notificationText, as for everyone else; the category is a label only (these mails are transactional:
 * a candidate's own unsubscribe link is in the mail, and the import skips candidates who used it).
 */
export async function notifyAddress(
  ctx: NotifyCtx,
  tx: Tx,
  to: { email: string; firstName: string | null },
  input: NotificationInput,
): Promise<{ id: number; email: QueuedMail }> {
  const text = notificationText(input, ctx.mail.brand);
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: null,
      recipient: to.email.trim().toLowerCase(),
      kind: input.kind,
      category: text.category,
      subject: text.subject,
      body: text.body,
      link: text.action?.path ?? null,
      actionLabel: text.action?.label ?? null,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('notification insert returned no row');
  const email = await queueMail(ctx, tx, mailKindOf(input, text), notificationMail(ctx.mail, to, text));
  await tx.insert(notificationDeliveries).values({
    notificationId: row.id,
    channel: 'EMAIL',
    status: email.withheld ? 'WITHHELD' : 'QUEUED',
    outboxId: email.id,
  });
  return { id: row.id, email };
}
