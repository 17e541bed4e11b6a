import { CLOSURE_TEXTS, type ClosureScope } from '@portal/domain';
import { and, eq, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import { queueMail } from '../../adapters/mail/outbox.ts';
import { compose } from '../../adapters/mail/templates.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  type ClosureRequestRow,
  candidates,
  closureRequests,
  kits,
  labResults,
  loginFailures,
  notifications,
  orderItems,
  orders,
  outbox,
  participantCodes,
  reminders,
  retractedResults,
  sentKits,
  smsOutbox,
  smsPhones,
  staffAudit,
  subscriptions,
  surveyAnswers,
  testPaymentCharges,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { JOB_SCHEMA, type JobQueue } from '../../lib/job-queue.ts';
import { closedEmail } from './closure.service.ts';
import { ERASED, mentions, personalValues, redact, redactJson } from './closure-redact.ts';

/**
 * What a closure erases, table by table (docs/privacy.md lists the same). The person's users row stays
 * as a tombstone: the orders kept for tax and the record of consents point at its id, which says nothing
 * about anyone once its fields are erased.
 */

export const CLOSURE_MAIL_QUEUE = 'account.closure.mail';

async function rowsOf<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/**
 * Answers, reports and every row that the schema deletes together with a person (a foreign key to users
 * with ON DELETE CASCADE: sessions, email links, exports, uploaded consent forms, project memberships,
 * coach bookings, email preferences, idempotency keys, gifts' sender records, and any table added later
 * the same way). The closure request itself stays until the last step.
 */
export async function deletePersonalRecords(ctx: AppContext, closure: ClosureRequestRow) {
  const userId = closure.userId;
  await ctx.db.transaction(async (tx) => {
    const own = tx.select({ id: kits.id }).from(kits).where(eq(kits.ownerId, userId));
    await tx.delete(surveyAnswers).where(inArray(surveyAnswers.kitId, own));
    await tx.delete(labResults).where(inArray(labResults.kitId, own));
    // A retracted report is the person's health data too (issue 34 item 8).
    await tx.delete(retractedResults).where(inArray(retractedResults.kitId, own));
    await tx
      .update(kits)
      .set({ surveyProgress: {}, reportReceived: false, surveyResultId: null })
      .where(eq(kits.ownerId, userId));
    const cascading = await rowsOf<{ schema: string; table: string; column: string }>(
      tx,
      sql`select n.nspname as schema, t.relname as table, a.attname as column
          from pg_constraint c
          join pg_class t on t.oid = c.conrelid
          join pg_namespace n on n.oid = t.relnamespace
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.contype = 'f' and c.confrelid = 'public.users'::regclass
            and c.confdeltype = 'c' and array_length(c.conkey, 1) = 1
          order by t.relname`,
    );
    for (const { schema, table, column } of cascading) {
      if (table === 'closure_requests') continue;
      await tx.execute(
        sql`delete from ${sql.identifier(schema)}.${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
      );
    }
  });
}

/**
 * The last step, in one transaction: every personal field erased or replaced, the person's name taken
 * out of what others were sent and out of the staff audit, the request marked processed, and the
 * confirmation queued to the address the request kept, which is then erased too.
 */
export async function eraseAccount(
  ctx: AppContext,
  closure: ClosureRequestRow,
  { queue }: { queue?: JobQueue | undefined } = {},
) {
  const userId = closure.userId;
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(closureRequests)
      .where(eq(closureRequests.id, closure.id))
      .for('update');
    const [person] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!current || current.state === 'PROCESSED' || !person) return;
    const email = current.email;
    const values = personalValues(person, email);
    const tombstone = closedEmail(userId);

    await tx
      .update(users)
      .set({
        firstName: '',
        lastName: '',
        gender: null,
        dateOfBirth: null,
        phoneNumber: null,
        guardianFirstName: null,
        guardianLastName: null,
        agreeToDataUsage: false,
        addressLine1: null,
        addressLine2: null,
        suburb: null,
        state: null,
        postcode: null,
        provider: null,
        gnafId: null,
        externalIdentifier: null,
        referralCode: null,
        participantCode: null,
        authorities: [],
        emailVerifiedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await tx
      .update(kits)
      .set({
        name: null,
        notes: null,
        referralCode: null,
        shipFirstName: null,
        shipLastName: null,
        shipAddressLine1: null,
        shipAddressLine2: null,
        shipSuburb: null,
        shipState: null,
        shipPostcode: null,
        shipGnafId: null,
      })
      .where(eq(kits.ownerId, userId));

    // Orders stay for tax, linked to the tombstone, without the buyer's name or address.
    const own = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
    await tx
      .update(testPaymentCharges)
      .set({ description: null })
      .where(
        inArray(
          testPaymentCharges.id,
          tx.select({ id: orders.paymentId }).from(orders).where(eq(orders.userId, userId)),
        ),
      );
    await tx.update(orderItems).set({ email: null }).where(inArray(orderItems.orderId, own));
    await tx
      .update(orders)
      .set({ purchaserEmail: tombstone, purchaserFirstName: '', purchaserLastName: '', description: null })
      .where(eq(orders.userId, userId));
    await tx
      .update(subscriptions)
      .set({
        addressLine1: '',
        addressLine2: null,
        suburb: '',
        state: '',
        postcode: '',
        lastRenewalError: null,
      })
      .where(eq(subscriptions.consumerUserId, userId));
    await tx.update(participantCodes).set({ email: tombstone }).where(eq(participantCodes.usedBy, userId));
    // The person's inbox and their reminders (issue 35): their deliveries go with them.
    await tx.delete(reminders).where(eq(reminders.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    // Their mobile for texts and the texts sent to it (issue 35 item 4).
    await tx.delete(smsOutbox).where(eq(smsOutbox.userId, userId));
    await tx.delete(smsPhones).where(eq(smsPhones.userId, userId));

    if (email) {
      // Where others' records name the person by address: a gift they were sent, a code or an order
      // made out to them, a study candidate record, and their own mail and sign-in counters.
      await tx.update(sentKits).set({ receiverEmail: tombstone }).where(eq(sentKits.receiverEmail, email));
      await tx.update(orderItems).set({ email: null }).where(eq(orderItems.email, email));
      await tx.update(participantCodes).set({ email: tombstone }).where(eq(participantCodes.email, email));
      const asCandidate = await tx
        .select({ id: candidates.id })
        .from(candidates)
        .where(sql`lower(${candidates.email}) = ${email}`);
      for (const { id } of asCandidate)
        await tx
          .update(candidates)
          .set({ email: closedEmail(id), firstName: '', lastName: '', phoneNumber: null })
          .where(eq(candidates.id, id));
      await tx.delete(outbox).where(eq(outbox.to, email));
      // Messages to the address with no account behind them (a candidate's invitation, decision 058).
      await tx.delete(notifications).where(eq(notifications.recipient, email));
      await tx
        .delete(loginFailures)
        .where(or(eq(loginFailures.key, `email:${email}`), like(loginFailures.key, `pair:${email} %`)));
    }

    // Mail to others that names the person (a gift they sent), and staff audit entries about them.
    const found = values.exact.filter((v) => v !== person.phoneNumber);
    if (found.length) {
      const mail = await tx
        .select({ id: outbox.id, subject: outbox.subject, text: outbox.text, html: outbox.html })
        .from(outbox)
        .where(
          or(mentions(outbox.subject, found), mentions(outbox.text, found), mentions(outbox.html, found)),
        );
      for (const m of mail)
        await tx
          .update(outbox)
          .set({
            subject: redact(m.subject, values),
            text: redact(m.text, values),
            html: redact(m.html, values),
          })
          .where(eq(outbox.id, m.id));
      // The notifications those mails were (a report shared with a practitioner names its owner).
      const notices = await tx
        .select({ id: notifications.id, subject: notifications.subject, body: notifications.body })
        .from(notifications)
        .where(or(mentions(notifications.subject, found), mentions(notifications.body, found)));
      for (const n of notices)
        await tx
          .update(notifications)
          .set({ subject: redact(n.subject, values), body: redact(n.body, values) })
          .where(eq(notifications.id, n.id));
    }
    const audited = await tx
      .select({ id: staffAudit.id, before: staffAudit.before, after: staffAudit.after })
      .from(staffAudit)
      .where(
        or(
          eq(staffAudit.subjectId, userId),
          ...(values.exact.length
            ? [
                mentions(sql`${staffAudit.before}`, values.exact),
                mentions(sql`${staffAudit.after}`, values.exact),
              ]
            : []),
        ),
      );
    for (const entry of audited)
      await tx
        .update(staffAudit)
        .set({ before: redactJson(entry.before, values), after: redactJson(entry.after, values) })
        .where(eq(staffAudit.id, entry.id));
    await tx.update(staffAudit).set({ actorLabel: ERASED }).where(eq(staffAudit.actorId, userId));
    // A failed mail job keeps the mail server's answer, which may quote the address.
    if (email)
      await tx.execute(
        sql`update ${sql.identifier(JOB_SCHEMA)}.job set output = null
            where output is not null and output::text ilike ${`%${email.replace(/[\\%_]/g, '\\$&')}%`}`,
      );

    let confirmationMailId: number | null = null;
    if (email) {
      const message = compose(
        ctx.mail,
        email,
        CLOSURE_TEXTS.mailSubject(ctx.mail.brand),
        CLOSURE_TEXTS.mailBody(current.firstName ?? '', current.scope as ClosureScope),
      );
      confirmationMailId = (await queueMail(ctx, tx, 'closure-confirmation', message)).id;
    }
    await tx
      .update(closureRequests)
      .set({
        state: 'PROCESSED',
        processedAt: sql`now()`,
        email: null,
        firstName: null,
        lastError: null,
        confirmationMailId,
        stepsDone: sql`array_append(${closureRequests.stepsDone}, 'erase')`,
      })
      .where(and(eq(closureRequests.id, closure.id), eq(closureRequests.state, 'RECEIVED')));
    // With a mail server, the confirmation's address and words go once it is delivered.
    if (queue && confirmationMailId !== null)
      await queue.send(CLOSURE_MAIL_QUEUE, { closureId: closure.id }, { tx, startAfterSeconds: 60 });
  });
}

/**
 * Erases the delivered confirmation's address and words (it stays as a record that it was sent). Not
 * delivered yet: throws, so the queue asks again later.
 */
export async function eraseDeliveredConfirmation(ctx: AppContext, closureId: string) {
  const [closure] = await ctx.db.select().from(closureRequests).where(eq(closureRequests.id, closureId));
  if (!closure || closure.mailErasedAt || closure.confirmationMailId === null) return;
  const [message] = await ctx.db
    .select({ sentAt: outbox.sentAt })
    .from(outbox)
    .where(eq(outbox.id, closure.confirmationMailId));
  if (message && !message.sentAt) throw new Error('the closure confirmation has not been delivered yet');
  await ctx.db.transaction(async (tx) => {
    if (message)
      await tx
        .update(outbox)
        .set({ to: closedEmail(closure.userId), text: '', html: '', links: [], headers: {} })
        .where(eq(outbox.id, closure.confirmationMailId as number));
    await tx
      .update(closureRequests)
      .set({ mailErasedAt: sql`now()` })
      .where(eq(closureRequests.id, closureId));
  });
}
