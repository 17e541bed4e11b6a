import { STAFF_EMAIL_MESSAGES, type StaffEmail } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { outboxStatus } from '../../adapters/mail/bounces.ts';
import { queueMail } from '../../adapters/mail/outbox.ts';
import { notificationDeliveries, outbox } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../staff/index.ts';
import { personRow } from './person.service.ts';

/**
 * Support reads and resends a person's emails (issue 35 item 6, issue 34 item 13), each audited so the
 * person sees it. A mail whose link signs in, verifies an address or resets a password is shown with its
 * links withheld and is never sent again: staff holding such a link could take over the account (the
 * outbox is MAIL_READ's, not ADMIN's, for the same reason); support sends a new one through its actions.
 */
const ONE_TIME_LINK_KINDS = new Set(['verify-email', 'password-reset', 'staff-invitation']);

async function personsEmail(ctx: AppContext, personId: string, mailId: number) {
  const person = await personRow(ctx, personId);
  const [mail] = await ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, mailId), eq(outbox.to, person.email), eq(outbox.withheld, false)));
  if (!mail) throw notFound(STAFF_EMAIL_MESSAGES.notFound);
  return { person, mail };
}

const audit = (action: string, personId: string, after: unknown) => ({
  action,
  entity: 'user',
  entityId: personId,
  subjectId: personId,
  after,
});

export async function readPersonEmail(
  ctx: AppContext,
  principal: Principal,
  personId: string,
  mailId: number,
): Promise<StaffEmail> {
  const { mail } = await personsEmail(ctx, personId, mailId);
  await recordStaffAction(ctx.db, principal, audit('person.email.read', personId, { mailId }));
  const oneTime = ONE_TIME_LINK_KINDS.has(mail.kind);
  const text = oneTime
    ? mail.links.reduce((t, link) => t.replaceAll(link, STAFF_EMAIL_MESSAGES.linkWithheld), mail.text)
    : mail.text;
  return {
    id: mail.id,
    to: mail.to,
    subject: mail.subject,
    text,
    createdAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
    ...outboxStatus(mail),
    resendable: !oneTime,
  };
}

/**
 * Sends the same email again to the person's address, as a new outbox message with its own job; a
 * notification's email gains a delivery on that notification. Audited in the same transaction.
 */
export async function resendPersonEmail(
  ctx: AppContext,
  principal: Principal,
  personId: string,
  mailId: number,
) {
  const { person, mail } = await personsEmail(ctx, personId, mailId);
  if (ONE_TIME_LINK_KINDS.has(mail.kind)) throw conflict(STAFF_EMAIL_MESSAGES.notResendable);
  await ctx.db.transaction(async (tx) => {
    const queued = await queueMail(ctx, tx, 'support-resend', {
      to: person.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      links: mail.links,
      headers: mail.headers,
      category: mail.category,
    });
    const [delivery] = await tx
      .select({ notificationId: notificationDeliveries.notificationId })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.outboxId, mail.id));
    if (delivery)
      await tx.insert(notificationDeliveries).values({
        notificationId: delivery.notificationId,
        channel: 'EMAIL',
        status: queued.withheld ? 'WITHHELD' : 'QUEUED',
        detail: 'Sent again by support.',
        outboxId: queued.id,
      });
    await recordStaffAction(
      tx,
      principal,
      audit('person.email.resend', personId, { mailId, newMailId: queued.id }),
    );
  });
  return { message: STAFF_EMAIL_MESSAGES.resent(person.email) };
}
