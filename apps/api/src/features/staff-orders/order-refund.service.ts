import {
  ERROR_CODES,
  kitTransitionAllowed,
  orderNumber,
  STAFF_ORDER_MESSAGES,
  type StaffOrderRow,
  type StaffRefund,
} from '@portal/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PaymentError, type PaymentProvider } from '../../adapters/payments/payments.ts';
import { kits, orderItems, orders } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { setKitStatus } from '../kits/index.ts';
import { notify } from '../notifications/index.ts';
import { recordStaffAction } from '../staff/index.ts';
import { closureRefundedCents, orderRows, refundableCents } from './orders-search.service.ts';

/** Kits the lab has not sent yet: a refunded order's are cancelled, the ones sent stay the person's. */
const UNSENT = ['UNASSIGNED', 'ASSIGNED', 'REDEEMED', 'REQUESTED', 'ALLOCATED'];

/**
 * A staff refund of an order, whole or in part, through the payment provider (decision 038, issue 34
 * item 12). Checked first (the order exists, was paid, something is left to refund once what an account
 * closure and earlier refunds gave back is taken off, and the amount asked fits), then the provider
 * refunds with a key made of the order and what was refunded before (`order-refund-<id>` for the first),
 * outside any transaction: a double click or a retry after a crash gives the money back once. Then, in
 * one transaction, the order's refunded sum grows (only if nobody refunded meanwhile); a refund of
 * everything left cancels its unsent kits through the kit state machine (REFUNDED, or INVALIDATED before
 * activation) and marks its sent kits refunded, so their cards read "Refunded"; the audit entry is
 * written with the reason, and the customer's email is queued.
 */
export async function refundOrder(
  ctx: AppContext,
  payments: PaymentProvider,
  principal: Principal,
  orderId: number,
  request: StaffRefund,
): Promise<StaffOrderRow> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(STAFF_ORDER_MESSAGES.orderNotFound);
  if (order.amountCents <= 0 || order.paymentId.startsWith('free-'))
    throw conflict(STAFF_ORDER_MESSAGES.nothingToRefund);
  const closure = (await closureRefundedCents(ctx.db, [order.paymentId])).get(order.paymentId) ?? 0;
  const before = order.refundedCents ?? 0;
  const left = refundableCents(order, closure);
  if (left <= 0)
    throw conflict(
      before > 0 ? STAFF_ORDER_MESSAGES.alreadyRefunded : STAFF_ORDER_MESSAGES.refundedAtClosure,
    );
  const amountCents = request.amountCents ?? left;
  if (amountCents > left)
    throw invalid(STAFF_ORDER_MESSAGES.amountTooHigh(left), {
      amountCents: STAFF_ORDER_MESSAGES.amountTooHigh(left),
    });
  const full = amountCents === left;

  try {
    const idempotencyKey =
      before === 0 ? `order-refund-${order.id}` : `order-refund-${order.id}-after-${before}`;
    await payments.refund(order.paymentId, { amountCents, idempotencyKey });
  } catch (error) {
    if (error instanceof PaymentError)
      throw new AppError(502, ERROR_CODES.paymentFailed, STAFF_ORDER_MESSAGES.refundFailed(error.message));
    throw error;
  }

  await ctx.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(orders)
      .set({ refundedCents: before + amountCents, refundedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), sql`coalesce(${orders.refundedCents}, 0) = ${before}`))
      .returning({ id: orders.id });
    if (!marked) throw conflict(STAFF_ORDER_MESSAGES.refundChanged);
    const orderKits = await tx
      .select({ id: kits.id, kitStatus: kits.kitStatus })
      .from(orderItems)
      .innerJoin(kits, eq(kits.id, orderItems.kitId))
      .where(eq(orderItems.orderId, order.id));
    const cancelled: { kitId: number; from: string; to: string }[] = [];
    const sent: number[] = [];
    if (full) {
      for (const kit of orderKits) {
        if (!UNSENT.includes(kit.kitStatus)) {
          sent.push(kit.id);
          continue;
        }
        const to = kitTransitionAllowed(kit.kitStatus, 'REFUNDED') ? 'REFUNDED' : 'INVALIDATED';
        if (!kitTransitionAllowed(kit.kitStatus, to)) continue;
        await setKitStatus({ ...ctx, db: tx }, kit.id, { kitStatus: to }, principal.userId);
        cancelled.push({ kitId: kit.id, from: kit.kitStatus, to });
      }
      if (orderKits.length)
        await tx
          .update(kits)
          .set({ orderRefundedAt: sql`now()` })
          .where(
            inArray(
              kits.id,
              orderKits.map((k) => k.id),
            ),
          );
    }
    await recordStaffAction(tx, principal, {
      action: 'order.refund',
      entity: 'order',
      entityId: orderNumber(order.id),
      subjectId: order.userId,
      before: {
        refundedCents: before || null,
        kits: cancelled.map((k) => ({ id: k.kitId, kitStatus: k.from })),
      },
      after: {
        refundedCents: before + amountCents,
        amountCents,
        kits: cancelled.map((k) => ({ id: k.kitId, kitStatus: k.to })),
        reason: request.reason,
      },
    });
    // The customer is told (issue 34 item 12): in their inbox, and by email (issue 35).
    await notify(ctx, tx, order.userId, {
      kind: 'order-refund',
      refund: {
        number: orderNumber(order.id),
        amountCents,
        refundedCents: before + amountCents,
        paidCents: order.amountCents,
        full,
        cancelledKits: cancelled.length,
        sentKits: sent.length,
      },
      supportEmail: ctx.mail.supportEmail,
    });
  });
  const [row] = await orderRows(ctx.db, eq(orders.id, order.id), 1);
  if (!row) throw notFound(STAFF_ORDER_MESSAGES.orderNotFound);
  return row;
}
