import { type NotificationText, notificationEmailParagraphs } from '@portal/domain';
import type { MailMessage } from './outbox.ts';
import { compose, type MailCtx, type Unsubscribe } from './templates.ts';

/**
 * The email of a notification (issue 35): its words come from packages/domain's notificationText; this
 * renders them, a greeting, the paragraphs and the one action, as the portal's branded mail with a
 * plain-text part. The renderer's whole interface: notification -> { subject, text, html }.
 */
export function notificationMail(
  ctx: MailCtx,
  to: { email: string; firstName: string | null },
  text: NotificationText,
  unsubscribe?: Unsubscribe,
): MailMessage {
  return compose(
    ctx,
    to.email,
    text.subject,
    notificationEmailParagraphs(text, to.firstName),
    text.action
      ? { label: text.action.label, url: text.action.emailUrl ?? `${ctx.publicUrl}${text.action.path}` }
      : undefined,
    unsubscribe,
  );
}
