import {
  ERROR_CODES,
  kitTransitionAllowed,
  orderNumber,
  STAFF_ORDER_MESSAGES,
  type StaffOrderRow,
} from '@portal/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PaymentError, type PaymentProvider } from '../../adapters/payments/payments.ts';
import { kits, orderItems, orders } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { setKitStatus } from '../kits/index.ts';
import { recordStaffAction } from '../staff/index.ts';
import { closureRefundedCents, orderRows, refundableCents } from './orders-search.service.ts';

/** Kits the lab has not sent yet: a refunded order's are cancelled, the ones sent stay the person's. */
const UNSENT = ['UNASSIGNED', 'ASSIGNED', 'REDEEMED', 'REQUESTED', 'ALLOCATED'];

/**
 * A staff refund of a whole order through the payment provider (decision 038). Checked first (the order
 * exists, was paid, is not refunded, and what an account closure gave back is taken off), then the
 * provider refunds with the key `order-refund-<id>`, outside any transaction: a double click or a retry
 * after a crash gives the money back once. Then, in one transaction, the order is marked refunded (only
 * if nobody marked it meanwhile), its unsent kits are cancelled through the kit state machine (REFUNDED,
 * or INVALIDATED before activation), and the audit entry is written with the reason.
 */
export async function refundOrder(
  ctx: AppContext,
  payments: PaymentProvider,
  principal: Principal,
  orderId: number,
  reason: string,
): Promise<StaffOrderRow> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(STAFF_ORDER_MESSAGES.orderNotFound);
  if (order.refundedAt) throw conflict(STAFF_ORDER_MESSAGES.alreadyRefunded);
  if (order.amountCents <= 0 || order.paymentId.startsWith('free-'))
    throw conflict(STAFF_ORDER_MESSAGES.nothingToRefund);
  const closure = (await closureRefundedCents(ctx.db, [order.paymentId])).get(order.paymentId) ?? 0;
  const amountCents = refundableCents(order, closure);
  if (amountCents <= 0) throw conflict(STAFF_ORDER_MESSAGES.refundedAtClosure);

  try {
    await payments.refund(order.paymentId, { amountCents, idempotencyKey: `order-refund-${order.id}` });
  } catch (error) {
    if (error instanceof PaymentError)
      throw new AppError(502, ERROR_CODES.paymentFailed, STAFF_ORDER_MESSAGES.refundFailed(error.message));
    throw error;
  }

  await ctx.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(orders)
      .set({ refundedCents: amountCents, refundedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), isNull(orders.refundedAt)))
      .returning({ id: orders.id });
    if (!marked) throw conflict(STAFF_ORDER_MESSAGES.alreadyRefunded);
    const unsent = await tx
      .select({ id: kits.id, kitStatus: kits.kitStatus })
      .from(orderItems)
      .innerJoin(kits, eq(kits.id, orderItems.kitId))
      .where(and(eq(orderItems.orderId, order.id), inArray(kits.kitStatus, UNSENT)));
    const cancelled: { kitId: number; from: string; to: string }[] = [];
    for (const kit of unsent) {
      const to = kitTransitionAllowed(kit.kitStatus, 'REFUNDED') ? 'REFUNDED' : 'INVALIDATED';
      if (!kitTransitionAllowed(kit.kitStatus, to)) continue;
      await setKitStatus({ ...ctx, db: tx }, kit.id, { kitStatus: to }, principal.userId);
      cancelled.push({ kitId: kit.id, from: kit.kitStatus, to });
    }
    await recordStaffAction(tx, principal, {
      action: 'order.refund',
      entity: 'order',
      entityId: orderNumber(order.id),
      subjectId: order.userId,
      before: { refundedCents: null, kits: cancelled.map((k) => ({ id: k.kitId, kitStatus: k.from })) },
      after: {
        refundedCents: amountCents,
        kits: cancelled.map((k) => ({ id: k.kitId, kitStatus: k.to })),
        reason,
      },
    });
  });
  const [row] = await orderRows(ctx.db, eq(orders.id, order.id), 1);
  if (!row) throw notFound(STAFF_ORDER_MESSAGES.orderNotFound);
  return row;
}
