import { ORDER_MESSAGES, planOf, type Subscription } from '@portal/domain';
import { and, asc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import { queueMail } from '../../adapters/mail/outbox.ts';
import { PAYMENT_TEXTS, PaymentError, type PaymentProvider } from '../../adapters/payments/payments.ts';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptionRenewals, subscriptions, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { activateKit, createKits } from '../kits/index.ts';
import { renewalFailedMail, renewalMail } from './order-mail.ts';

/** Subscriptions after checkout: the person's view, cancelling, and the renewals job. */

function toSubscription(row: typeof subscriptions.$inferSelect): Subscription {
  const plan = planOf(row.subscriptionType);
  return {
    id: row.id,
    consumerUserId: row.consumerUserId,
    subscriptionType: row.subscriptionType as Subscription['subscriptionType'],
    label: plan?.label ?? row.subscriptionType,
    price: row.unitPriceCents / 100,
    createdDate: row.createdAt.toISOString(),
    nextRenewalDate: row.cancelledAt ? null : row.nextRenewalAt.toISOString(),
    cancelledDate: row.cancelledAt?.toISOString() ?? null,
  };
}

/** getUserSubscription: the person's active subscription, else their latest one, else null. */
export async function userSubscription(ctx: AppContext, userId: string): Promise<Subscription | null> {
  const rows = await ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.consumerUserId, userId))
    .orderBy(asc(subscriptions.id));
  const active = rows.find((r) => r.cancelledAt === null);
  const latest = active ?? rows.at(-1);
  return latest ? toSubscription(latest) : null;
}

/** Cancelling stops future renewals; the kits already sent stay the person's. */
export async function cancelSubscription(ctx: AppContext, userId: string, id: number): Promise<Subscription> {
  const [row] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.consumerUserId, userId)));
  if (!row) throw notFound(ORDER_MESSAGES.subscriptionNotFound);
  if (row.cancelledAt) throw conflict(ORDER_MESSAGES.subscriptionCancelled);
  const [updated] = await ctx.db
    .update(subscriptions)
    .set({ cancelledAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return toSubscription(updated ?? row);
}

/** What a renewal attempt did, for a caller that records it (the console's retry audits it). */
export type RenewalOutcome = { renewed: true } | { renewed: false; error: string };

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The lease a claimed subscription holds while one instance charges it. */
const leaseUntil = () => new Date(Date.now() + 10 * 60 * 1000);

/**
 * Charges and ships every subscription that is due. Each one is first claimed in a short transaction
 * (FOR UPDATE SKIP LOCKED, then a lease), so several server instances running this at once renew it
 * exactly once; the charge runs outside any transaction with an idempotency key per renewal, so a crash
 * between the charge and the write can never charge twice when the renewal is retried.
 */
export async function runRenewals(ctx: AppContext, payments: PaymentProvider, now = new Date()) {
  let renewed = 0;
  let failed = 0;
  for (;;) {
    const sub = await ctx.db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            isNull(subscriptions.cancelledAt),
            lte(subscriptions.nextRenewalAt, now),
            or(isNull(subscriptions.renewingUntil), lt(subscriptions.renewingUntil, new Date())),
          ),
        )
        .orderBy(asc(subscriptions.nextRenewalAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return null;
      await tx.update(subscriptions).set({ renewingUntil: leaseUntil() }).where(eq(subscriptions.id, due.id));
      return due;
    });
    if (!sub) break;
    const outcome = await renewClaimed(ctx, payments, sub, now);
    if (outcome.renewed) renewed++;
    else failed++;
  }
  return { renewed, failed };
}

/**
 * Claims one subscription for a renewal now (the console's retry of a failed renewal): it must be
 * active and not held by a running renewal. Returns the row, or why it cannot be claimed.
 */
export async function claimSubscription(
  ctx: AppContext,
  id: number,
): Promise<SubscriptionRow | 'missing' | 'cancelled' | 'running'> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .for('update', { skipLocked: true });
    if (!row) {
      const [exists] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.id, id));
      return exists ? 'running' : 'missing';
    }
    if (row.cancelledAt) return 'cancelled';
    if (row.renewingUntil && row.renewingUntil > new Date()) return 'running';
    await tx.update(subscriptions).set({ renewingUntil: leaseUntil() }).where(eq(subscriptions.id, id));
    return row;
  });
}

/** Gives a claimed subscription's lease back untouched (a retry that found nothing to do). */
export async function releaseSubscription(ctx: AppContext, id: number) {
  await ctx.db.update(subscriptions).set({ renewingUntil: null }).where(eq(subscriptions.id, id));
}

/**
 * Renews a subscription this instance has claimed: the charge off-session with an idempotency key, then
 * either the kit (recorded with its charge in subscription_renewals), the mail and the next date, or the
 * error, the next attempt in 24 hours and the mail about it. `record` runs in the transaction that writes
 * the outcome (the console audits there).
 */
export async function renewClaimed(
  ctx: AppContext,
  payments: PaymentProvider,
  sub: SubscriptionRow,
  now: Date,
  options: {
    idempotencyKey?: string;
    record?: (tx: DbOrTx, outcome: RenewalOutcome) => Promise<void>;
  } = {},
): Promise<RenewalOutcome> {
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, sub.consumerUserId));
  const label = planOf(sub.subscriptionType)?.label ?? sub.subscriptionType;
  let paymentId: string;
  try {
    // Off-session: nobody is there for 3-D Secure, so a card that asks for it fails the renewal.
    const charged = await payments.charge({
      amountCents: sub.unitPriceCents,
      source: { customer: sub.paymentCustomer },
      description: `${ctx.mail.brand} subscription renewal (${label})`,
      idempotencyKey: options.idempotencyKey ?? `renewal-${sub.id}-${sub.renewals + 1}`,
      offSession: true,
    });
    if (charged.status !== 'succeeded')
      throw new PaymentError('declined', PAYMENT_TEXTS.authenticationRequired);
    paymentId = charged.paymentId;
  } catch (error) {
    // Anything but the provider's refusal keeps the lease: the renewal is tried again once it expires.
    if (!(error instanceof PaymentError)) throw error;
    const outcome: RenewalOutcome = { renewed: false, error: error.message };
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(subscriptions)
        .set({
          nextRenewalAt: new Date(now.getTime() + 24 * 3600 * 1000),
          lastRenewalError: error.message,
          renewingUntil: null,
        })
        .where(eq(subscriptions.id, sub.id));
      if (owner) await queueMail(ctx, tx, 'renewal', renewalFailedMail(ctx.mail, owner, label));
      await options.record?.(tx, outcome);
    });
    return outcome;
  }
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    if (owner) {
      const [kit] = await createKits(txCtx, {
        count: 1,
        projectId: 1,
        ownerEmail: owner.email,
        actor: owner.id,
      });
      if (kit) {
        // The charge with the kit it paid for: an account closed before the kit is sent refunds it.
        await tx.insert(subscriptionRenewals).values({
          subscriptionId: sub.id,
          kitId: kit.id,
          paymentId,
          amountCents: sub.unitPriceCents,
        });
        await activateKit(txCtx, owner.id, kit.id, {
          addressLine1: sub.addressLine1,
          addressLine2: sub.addressLine2,
          suburb: sub.suburb,
          state: sub.state,
          postcode: sub.postcode,
        });
      }
      await queueMail(ctx, tx, 'renewal', renewalMail(ctx.mail, owner, label, sub.unitPriceCents));
    }
    const next = new Date(sub.nextRenewalAt);
    next.setUTCMonth(next.getUTCMonth() + sub.intervalMonths);
    await tx
      .update(subscriptions)
      .set({ renewals: sub.renewals + 1, nextRenewalAt: next, lastRenewalError: null, renewingUntil: null })
      .where(eq(subscriptions.id, sub.id));
    await options.record?.(tx, { renewed: true });
  });
  return { renewed: true };
}
