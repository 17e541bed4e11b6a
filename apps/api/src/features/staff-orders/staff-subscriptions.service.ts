import {
  planOf,
  STAFF_ORDER_MESSAGES,
  STAFF_ORDERS_PAGE_SIZE,
  type StaffRenewalRetry,
  type StaffSubscriptionRow,
  type StaffSubscriptionsPage,
  type StaffSubscriptionsQuery,
} from '@portal/domain';
import { and, desc, eq, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PaymentProvider } from '../../adapters/payments/payments.ts';
import type { DbOrTx } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { idCursor, keysetPage } from '../../lib/keyset-page.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { cancelSubscription, claimSubscription, releaseSubscription, renewClaimed } from '../orders/index.ts';
import { recordStaffAction } from '../staff/index.ts';

/**
 * Subscriptions in the console (SUPPORT): the active ones, those whose last renewal failed, and the
 * cancelled ones, newest first by keyset on the id; cancel one (the person's own cancel, audited), and
 * retry a failed renewal now (the renewals job's own charge, kit and mails, audited).
 */
const LISTS: Record<StaffSubscriptionsQuery['list'], SQL> = {
  active: isNull(subscriptions.cancelledAt),
  failed: and(isNull(subscriptions.cancelledAt), isNotNull(subscriptions.lastRenewalError)) as SQL,
  cancelled: isNotNull(subscriptions.cancelledAt),
};

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function subscriptionRows(db: DbOrTx, where: SQL | undefined, limit: number) {
  const rows = await db
    .select({
      sub: subscriptions,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.consumerUserId))
    .where(where)
    .orderBy(desc(subscriptions.id))
    .limit(limit);
  return rows.map(
    ({ sub, email, firstName, lastName }): StaffSubscriptionRow => ({
      id: sub.id,
      userId: sub.consumerUserId,
      email,
      name: `${firstName} ${lastName}`.trim(),
      subscriptionType: sub.subscriptionType,
      label: planOf(sub.subscriptionType)?.label ?? sub.subscriptionType,
      priceCents: sub.unitPriceCents,
      renewals: sub.renewals,
      createdAt: sub.createdAt.toISOString(),
      nextRenewalAt: sub.nextRenewalAt.toISOString(),
      lastRenewalError: sub.lastRenewalError,
      cancelledAt: sub.cancelledAt?.toISOString() ?? null,
    }),
  );
}

async function subscriptionRow(db: DbOrTx, id: number): Promise<StaffSubscriptionRow> {
  const [row] = await subscriptionRows(db, eq(subscriptions.id, id), 1);
  if (!row) throw notFound(STAFF_ORDER_MESSAGES.subscriptionNotFound);
  return row;
}

export async function listSubscriptions(
  db: DbOrTx,
  query: StaffSubscriptionsQuery,
): Promise<StaffSubscriptionsPage> {
  const conditions: SQL[] = [LISTS[query.list]];
  if (query.q) conditions.push(sql`${users.email} like ${likePrefix(query.q)}`);
  if (query.after) conditions.push(lt(subscriptions.id, Number(query.after)));
  const rows = await subscriptionRows(db, and(...conditions), STAFF_ORDERS_PAGE_SIZE + 1);
  const { page, next } = keysetPage(rows, STAFF_ORDERS_PAGE_SIZE, idCursor);
  return { subscriptions: page, next };
}

/**
 * Cancels as the person's own "cancel" does (no renewal after this; kits sent stay theirs), under the
 * row's lock, refused while a renewal is charging it; audited with the reason in the same transaction.
 */
export async function cancelSubscriptionByStaff(
  ctx: AppContext,
  principal: Principal,
  id: number,
  reason: string,
): Promise<StaffSubscriptionRow> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
    if (!row) throw notFound(STAFF_ORDER_MESSAGES.subscriptionNotFound);
    if (row.cancelledAt) throw conflict(STAFF_ORDER_MESSAGES.subscriptionCancelled);
    if (row.renewingUntil && row.renewingUntil > new Date())
      throw conflict(STAFF_ORDER_MESSAGES.renewalRunning);
    const cancelled = await cancelSubscription({ ...ctx, db: tx }, row.consumerUserId, id);
    await recordStaffAction(tx, principal, {
      action: 'subscription.cancel',
      entity: 'subscription',
      entityId: String(id),
      subjectId: row.consumerUserId,
      before: { cancelledAt: null },
      after: { cancelledAt: cancelled.cancelledDate, reason },
    });
  });
  return subscriptionRow(ctx.db, id);
}

/**
 * Retries a failed renewal now. The subscription is claimed as the job claims it (so the job and a
 * second click cannot charge it meanwhile), then renewed by the job's own code. The charge's key names
 * this attempt (the failure it follows): the provider remembers a refused key's answer, so a retry under
 * the job's key would only repeat the refusal, and a second retry of the same failure charges once.
 */
export async function retryRenewal(
  ctx: AppContext,
  payments: PaymentProvider,
  principal: Principal,
  id: number,
): Promise<StaffRenewalRetry> {
  const claimed = await claimSubscription(ctx, id);
  if (claimed === 'missing') throw notFound(STAFF_ORDER_MESSAGES.subscriptionNotFound);
  if (claimed === 'cancelled') throw conflict(STAFF_ORDER_MESSAGES.retryCancelled);
  if (claimed === 'running') throw conflict(STAFF_ORDER_MESSAGES.renewalRunning);
  if (claimed.lastRenewalError === null) {
    await releaseSubscription(ctx, id);
    throw conflict(STAFF_ORDER_MESSAGES.noFailedRenewal);
  }
  const before = {
    renewals: claimed.renewals,
    nextRenewalAt: claimed.nextRenewalAt.toISOString(),
    lastRenewalError: claimed.lastRenewalError,
  };
  const outcome = await renewClaimed(ctx, payments, claimed, new Date(), {
    idempotencyKey: `renewal-${claimed.id}-${claimed.renewals + 1}-retry-${claimed.nextRenewalAt.getTime()}`,
    record: (tx, result) =>
      recordStaffAction(tx, principal, {
        action: 'subscription.renewal.retry',
        entity: 'subscription',
        entityId: String(id),
        subjectId: claimed.consumerUserId,
        before,
        after: result.renewed
          ? { renewals: claimed.renewals + 1, lastRenewalError: null }
          : { renewals: claimed.renewals, lastRenewalError: result.error },
      }),
  });
  return {
    outcome: outcome.renewed ? 'RENEWED' : 'FAILED',
    message: outcome.renewed
      ? STAFF_ORDER_MESSAGES.renewed
      : STAFF_ORDER_MESSAGES.renewalFailedAgain(outcome.error),
    subscription: await subscriptionRow(ctx.db, id),
  };
}
