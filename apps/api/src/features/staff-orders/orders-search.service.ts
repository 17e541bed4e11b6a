import {
  orderNumber,
  STAFF_ORDER_MESSAGES,
  STAFF_ORDERS_PAGE_SIZE,
  type StaffOrderRow,
  type StaffOrdersPage,
  type StaffOrdersQuery,
} from '@portal/domain';
import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { closureRefunds, kits, orderItems, orders, users } from '../../db/schema/index.ts';
import { invalid } from '../../lib/errors.ts';
import { idCursor, keysetPage } from '../../lib/keyset-page.ts';

/**
 * The console's order list (SUPPORT): newest first, by keyset on the order id (a serial, so a newer
 * order never slips into a page already shown). `q` is an order number (ORD-000012, or 12) or an
 * email: the purchaser's or the account's, whole or its start (the lower(purchaser_email) index).
 */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function orderMatch(q: string): SQL {
  const numbered = /^(?:ORD)?-?0*(\d{1,9})$/i.exec(q);
  if (numbered) return eq(orders.id, Number(numbered[1]));
  if (q.length < 3)
    throw invalid(STAFF_ORDER_MESSAGES.queryTooShort, { q: STAFF_ORDER_MESSAGES.queryTooShort });
  const prefix = likePrefix(q);
  return or(
    sql`lower(${orders.purchaserEmail}) like ${prefix}`,
    inArray(orders.userId, sql`(select ${users.id} from ${users} where ${users.email} like ${prefix})`),
  ) as SQL;
}

const orderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  orderType: orders.orderType,
  userId: orders.userId,
  accountEmail: users.email,
  purchaserEmail: orders.purchaserEmail,
  purchaserFirstName: orders.purchaserFirstName,
  purchaserLastName: orders.purchaserLastName,
  amountCents: orders.amountCents,
  discountCents: orders.discountCents,
  promoCode: orders.promoCode,
  description: orders.description,
  paymentId: orders.paymentId,
  refundedCents: orders.refundedCents,
  refundedAt: orders.refundedAt,
};

/** The orders' rows with their items (and each item's kit status) and what is left to refund. */
export async function orderRows(db: DbOrTx, where: SQL | undefined, limit: number): Promise<StaffOrderRow[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const items = await db
    .select({
      orderId: orderItems.orderId,
      type: orderItems.orderItemType,
      kitId: orderItems.kitId,
      kitStatus: kits.kitStatus,
      subscriptionType: orderItems.subscriptionType,
    })
    .from(orderItems)
    .leftJoin(kits, eq(kits.id, orderItems.kitId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orderItems.id);
  const closure = await closureRefundedCents(
    db,
    rows.map((r) => r.paymentId),
  );
  return rows.map((row) => ({
    id: row.id,
    number: orderNumber(row.id),
    createdAt: row.createdAt.toISOString(),
    orderType: row.orderType,
    userId: row.userId,
    accountEmail: row.accountEmail,
    purchaserEmail: row.purchaserEmail,
    purchaserName: `${row.purchaserFirstName} ${row.purchaserLastName}`.trim(),
    amountCents: row.amountCents,
    discountCents: row.discountCents,
    promoCode: row.promoCode,
    description: row.description,
    items: items.filter((item) => item.orderId === row.id).map(({ orderId: _order, ...item }) => item),
    refundableCents: refundableCents(row, closure.get(row.paymentId) ?? 0),
    refund:
      row.refundedAt && row.refundedCents !== null
        ? { amountCents: row.refundedCents, at: row.refundedAt.toISOString() }
        : null,
  }));
}

/**
 * What a staff refund may still give back: nothing for a free order; else what was paid less any closure
 * refund and less what staff refunded already (refunds may be partial, issue 34 item 12).
 */
export function refundableCents(
  order: { amountCents: number; paymentId: string; refundedCents: number | null },
  closureCents: number,
): number {
  if (order.paymentId.startsWith('free-')) return 0;
  return Math.max(0, order.amountCents - closureCents - (order.refundedCents ?? 0));
}

/** Refunds an account closure gave back, by payment. */
export async function closureRefundedCents(db: DbOrTx, paymentIds: string[]): Promise<Map<string, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({
      paymentId: closureRefunds.paymentId,
      cents: sql<number>`coalesce(sum(${closureRefunds.amountCents}), 0)::int`,
    })
    .from(closureRefunds)
    .where(inArray(closureRefunds.paymentId, paymentIds))
    .groupBy(closureRefunds.paymentId);
  return new Map(rows.map((r) => [r.paymentId, Number(r.cents)]));
}

export async function searchOrders(db: DbOrTx, query: StaffOrdersQuery): Promise<StaffOrdersPage> {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(orderMatch(query.q));
  if (query.after) conditions.push(lt(orders.id, Number(query.after)));
  const rows = await orderRows(db, and(...conditions), STAFF_ORDERS_PAGE_SIZE + 1);
  const { page, next } = keysetPage(rows, STAFF_ORDERS_PAGE_SIZE, idCursor);
  return { orders: page, next };
}
