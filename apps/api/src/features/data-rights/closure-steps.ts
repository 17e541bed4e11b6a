import { CLOSURE_TEXTS, type ClosureScope, SAMPLES_AT_THE_LAB } from '@portal/domain';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { queueMail } from '../../adapters/mail/outbox.ts';
import { compose } from '../../adapters/mail/templates.ts';
import type { PaymentProvider } from '../../adapters/payments/payments.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  type ClosureRequestRow,
  closureRefunds,
  closureRequests,
  consentResponses,
  kitEvents,
  kits,
  orderItems,
  orders,
  projectMembers,
  projects,
  sampleDestructions,
  subscriptionRenewals,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import type { JobQueue } from '../../lib/job-queue.ts';

/**
 * The closure's first steps (closure-job.ts runs them in order; closure-erase.ts has the last two): the
 * subscription, the kits, research and the lab. Each can run again after a crash and does nothing twice.
 */

export type ClosureStep = 'subscription' | 'kits' | 'research' | 'samples' | 'personal-records' | 'erase';

export type StepRun = {
  ctx: AppContext;
  payments: PaymentProvider;
  closure: ClosureRequestRow;
  /** Given when a mail server delivers the outbox: the delivered confirmation is then erased too. */
  queue: JobQueue | undefined;
};

export async function markDone(db: DbOrTx, closureId: string, step: ClosureStep) {
  await db
    .update(closureRequests)
    .set({ stepsDone: sql`array_append(${closureRequests.stepsDone}, ${step})`, lastError: null })
    .where(and(eq(closureRequests.id, closureId), sql`not (${step} = any(${closureRequests.stepsDone}))`));
}

/** Kits the lab has not sent yet (a bought kit is UNASSIGNED with its owner): cancelled, refunded when paid. */
const UNSENT = ['UNASSIGNED', 'ASSIGNED', 'REDEEMED', 'REQUESTED', 'ALLOCATED'];
/** Kits with the person whose sample has not been sent back: they can no longer be used. */
const WITH_PERSON = ['DISPATCHED_BY_LAB', 'RECEIVED_BY_CUSTOMER'];

/** Cancelled first, so no renewal starts; then the saved card is forgotten by the provider. */
export async function cancelSubscriptions({ ctx, payments, closure }: StepRun) {
  const userId = closure.userId;
  await ctx.db.transaction(async (tx) => {
    const active = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.consumerUserId, userId), isNull(subscriptions.cancelledAt)))
      .for('update');
    // A renewal holds its lease while it charges: wait for it (the job is retried), then cancel.
    if (active.some((s) => s.renewingUntil && s.renewingUntil > new Date()))
      throw new Error('a renewal of the subscription is running; the closure tries again later');
    if (active.length)
      await tx
        .update(subscriptions)
        .set({ cancelledAt: sql`now()` })
        .where(and(eq(subscriptions.consumerUserId, userId), isNull(subscriptions.cancelledAt)));
  });
  const cards = await ctx.db
    .select({ id: subscriptions.id, card: subscriptions.paymentCustomer })
    .from(subscriptions)
    .where(and(eq(subscriptions.consumerUserId, userId), ne(subscriptions.paymentCustomer, '')));
  for (const { id, card } of cards) {
    await payments.removeCard(card);
    await ctx.db.update(subscriptions).set({ paymentCustomer: '' }).where(eq(subscriptions.id, id));
  }
}

/**
 * What an unsent kit paid, to refund: its share of its order (bought at checkout), or the whole charge of
 * the subscription renewal that made it (a renewal creates no order). Nothing for a free kit.
 */
function paymentOf(kit: {
  paymentId: string | null;
  unitPriceCents: number | null;
  amountCents: number | null;
  subtotalCents: number | null;
  renewalPaymentId: string | null;
  renewalCents: number | null;
}): { paymentId: string; cents: number } | null {
  if (kit.paymentId !== null) {
    const paid =
      !kit.paymentId.startsWith('free-') && (kit.amountCents ?? 0) > 0 && (kit.subtotalCents ?? 0) > 0;
    const share = paid
      ? Math.round(((kit.unitPriceCents ?? 0) * (kit.amountCents ?? 0)) / (kit.subtotalCents ?? 1))
      : 0;
    return share > 0 ? { paymentId: kit.paymentId, cents: share } : null;
  }
  if (kit.renewalPaymentId !== null && (kit.renewalCents ?? 0) > 0)
    return { paymentId: kit.renewalPaymentId, cents: kit.renewalCents ?? 0 };
  return null;
}

/** Unsent kits are cancelled; a paid one is refunded what it paid first, exactly once. */
export async function cancelKits({ ctx, payments, closure }: StepRun) {
  const userId = closure.userId;
  const unsent = await ctx.db
    .select({
      kitId: kits.id,
      unitPriceCents: orderItems.unitPriceCents,
      paymentId: orders.paymentId,
      amountCents: orders.amountCents,
      subtotalCents: orders.subtotalCents,
      renewalPaymentId: subscriptionRenewals.paymentId,
      renewalCents: subscriptionRenewals.amountCents,
    })
    .from(kits)
    .leftJoin(orderItems, eq(orderItems.kitId, kits.id))
    .leftJoin(orders, and(eq(orders.id, orderItems.orderId), eq(orders.userId, userId)))
    .leftJoin(subscriptionRenewals, eq(subscriptionRenewals.kitId, kits.id))
    .where(and(eq(kits.ownerId, userId), inArray(kits.kitStatus, UNSENT)));
  const refunded = new Set(
    (
      await ctx.db
        .select({ kitId: closureRefunds.kitId })
        .from(closureRefunds)
        .where(eq(closureRefunds.closureId, closure.id))
    ).map((r) => r.kitId),
  );
  for (const kit of unsent) {
    const paid = paymentOf(kit);
    // The provider takes a refund once per key, so a refund whose record was lost is not taken again.
    if (paid && !refunded.has(kit.kitId))
      await payments.refund(paid.paymentId, {
        amountCents: paid.cents,
        idempotencyKey: `closure-${closure.id}-kit-${kit.kitId}`,
      });
    await ctx.db.transaction(async (tx) => {
      if (paid)
        await tx
          .insert(closureRefunds)
          .values({
            closureId: closure.id,
            kitId: kit.kitId,
            paymentId: paid.paymentId,
            amountCents: paid.cents,
          })
          .onConflictDoNothing();
      await setStatus(tx, kit.kitId, UNSENT, paid ? 'REFUNDED' : 'INVALIDATED');
    });
  }
  const withPerson = await ctx.db
    .select({ id: kits.id })
    .from(kits)
    .where(
      and(
        eq(kits.ownerId, userId),
        inArray(kits.kitStatus, WITH_PERSON),
        sql`coalesce(${kits.sampleStatus}, '') not in ('DISPATCHED_BY_CUSTOMER', 'LOST_IN_TRANSIT')`,
      ),
    );
  for (const kit of withPerson)
    await ctx.db.transaction((tx) => setStatus(tx, kit.id, WITH_PERSON, 'INVALIDATED'));
}

/** A status change and its timeline event, only from the statuses given (a resumed step skips it). */
async function setStatus(tx: DbOrTx, kitId: number, from: string[], to: string) {
  const changed = await tx
    .update(kits)
    .set({ kitStatus: to, updatedAt: sql`now()` })
    .where(and(eq(kits.id, kitId), inArray(kits.kitStatus, from)))
    .returning({ id: kits.id });
  if (changed.length) await tx.insert(kitEvents).values({ kitId, eventType: to, actor: 'account-closure' });
}

/**
 * Research: the person leaves every project; each project's contact is emailed once (the mail and the
 * record that it was sent share a transaction). Every consent still given is withdrawn, as a row of its
 * own, so the record of what was agreed stays whole.
 */
export async function withdrawFromResearch({ ctx, closure }: StepRun) {
  const userId = closure.userId;
  const member = await ctx.db
    .select({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, userId));
  const kitProjects = await ctx.db
    .selectDistinct({ projectId: kits.projectId })
    .from(kits)
    .where(and(eq(kits.ownerId, userId), ne(kits.projectId, 1)));
  const projectIds = [...new Set([...member, ...kitProjects].map((p) => p.projectId))];
  for (const projectId of projectIds) {
    await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ notified: closureRequests.notifiedProjects })
        .from(closureRequests)
        .where(eq(closureRequests.id, closure.id))
        .for('update');
      if (current?.notified.includes(projectId)) return;
      await tx
        .delete(projectMembers)
        .where(and(eq(projectMembers.userId, userId), eq(projectMembers.projectId, projectId)));
      const [project] = await tx.select().from(projects).where(eq(projects.id, projectId));
      if (project?.email) {
        const samples = await tx
          .select({ sample: kits.sampleIdentifier })
          .from(kits)
          .where(and(eq(kits.ownerId, userId), eq(kits.projectId, projectId)));
        const scope = closure.scope as ClosureScope;
        await queueMail(
          ctx,
          tx,
          'closure-project-notice',
          compose(
            ctx.mail,
            project.email,
            CLOSURE_TEXTS.contactSubject(project.name),
            CLOSURE_TEXTS.contactBody(
              project.name,
              samples.map((s) => s.sample),
              scope,
            ),
          ),
        );
      }
      await tx
        .update(closureRequests)
        .set({ notifiedProjects: sql`array_append(${closureRequests.notifiedProjects}, ${projectId})` })
        .where(eq(closureRequests.id, closure.id));
    });
  }
  await ctx.db.transaction(async (tx) => {
    const answers = await tx
      .select({
        consentId: consentResponses.consentId,
        consented: consentResponses.consented,
        version: consentResponses.consentVersion,
        type: consentResponses.consenterType,
      })
      .from(consentResponses)
      .where(eq(consentResponses.consenterId, userId))
      .orderBy(desc(consentResponses.createdAt), desc(consentResponses.id));
    const latest = new Map<number, (typeof answers)[number]>();
    for (const answer of answers) if (!latest.has(answer.consentId)) latest.set(answer.consentId, answer);
    // The ledger says who withdrew, and through which page (issue 36).
    const [holder] = await tx.select({ guardian: users.guardian }).from(users).where(eq(users.id, userId));
    for (const answer of latest.values())
      if (answer.consented)
        await tx.insert(consentResponses).values({
          consentId: answer.consentId,
          consenterType: answer.type,
          consenterId: userId,
          consented: false,
          withdrawal: true,
          consentVersion: answer.version,
          actor: holder?.guardian ? 'GUARDIAN' : 'SELF',
          page: 'ACCOUNT_CLOSURE',
        });
    await tx.update(users).set({ agreeToDataUsage: false }).where(eq(users.id, userId));
    await markDone(tx, closure.id, 'research');
  });
}

/** "Delete everything you can": the lab's list of samples to destroy (identifiers only). */
export async function askLabToDestroy({ ctx, closure }: StepRun) {
  if (closure.scope !== 'EVERYTHING') return;
  await ctx.db.transaction(async (tx) => {
    const held = await tx
      .select({ sampleIdentifier: kits.sampleIdentifier, kitId: kits.id })
      .from(kits)
      .where(and(eq(kits.ownerId, closure.userId), inArray(kits.sampleStatus, SAMPLES_AT_THE_LAB)));
    if (held.length) await tx.insert(sampleDestructions).values(held).onConflictDoNothing();
    await markDone(tx, closure.id, 'samples');
  });
}
