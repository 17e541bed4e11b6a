import { REPORT_SAMPLE_STATUSES, STAFF_KIT_MESSAGES, type StaffKitDetail } from '@portal/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { kitEvents, kits, labResults, orderItems, orders, staffAudit, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { OPERATOR_KEY_LABEL } from '../staff/index.ts';
import { staffRowQuery, toStaffRow } from './kit-search.service.ts';

/** A kit's page in the console: the kit, its owner, where it goes, its order, report, timeline and audit. */

const eventActor = alias(users, 'event_actor');
const num = (path: string) => sql<number | null>`(${labResults.report} #>> ${`{${path}}`})::float8`;

export async function kitDetail(ctx: AppContext, kitId: number): Promise<StaffKitDetail> {
  const { db } = ctx;
  const [row] = await staffRowQuery(db).where(eq(kits.id, kitId));
  if (!row) throw notFound(STAFF_KIT_MESSAGES.kitNotFound(kitId));
  const [kit] = await db.select().from(kits).where(eq(kits.id, kitId));
  if (!kit) throw notFound();
  const [owner] = kit.ownerId ? await db.select().from(users).where(eq(users.id, kit.ownerId)) : [undefined];
  const [order] = await db
    .select({ order: orders, deliveryOption: orderItems.deliveryOption })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.kitId, kitId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const [report] = await db
    .select({
      version: labResults.reportVersion,
      database: labResults.database,
      importedAt: labResults.createdAt,
      richness: num('diversity,richness,value'),
      shannon: num('diversity,shannon,value'),
      gmwi2: num('indices,gmwi2,value'),
      gmhi: num('indices,gmhi,value'),
    })
    .from(labResults)
    .where(eq(labResults.kitId, kitId));
  const events = await db
    .select({
      at: kitEvents.at,
      eventType: kitEvents.eventType,
      actor: kitEvents.actor,
      firstName: eventActor.firstName,
      lastName: eventActor.lastName,
    })
    .from(kitEvents)
    .leftJoin(eventActor, sql`${eventActor.id}::text = ${kitEvents.actor}`)
    .where(eq(kitEvents.kitId, kitId))
    .orderBy(asc(kitEvents.at), asc(kitEvents.id));
  const audit = await db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.entity, 'kit'), eq(staffAudit.entityId, String(kitId))))
    .orderBy(asc(staffAudit.at));

  return {
    ...toStaffRow(row),
    hashedId: kit.hashedId,
    name: kit.name,
    createdAt: kit.createdAt.toISOString(),
    displayDate: kit.displayDate,
    referralCode: kit.referralCode,
    replacesKitId: kit.replacesKitId,
    ownerPhone: owner?.phoneNumber ?? null,
    shipping: shippingOf(kit, owner),
    order: order
      ? {
          id: order.order.id,
          createdAt: order.order.createdAt.toISOString(),
          orderType: order.order.orderType,
          deliveryOption: order.deliveryOption,
          amountCents: order.order.amountCents,
          purchaserName: `${order.order.purchaserFirstName} ${order.order.purchaserLastName}`,
          purchaserEmail: order.order.purchaserEmail,
        }
      : null,
    report: report
      ? {
          ...report,
          importedAt: report.importedAt.toISOString(),
          released: (REPORT_SAMPLE_STATUSES as readonly string[]).includes(kit.sampleStatus ?? ''),
        }
      : null,
    events: events.map((e) => ({
      at: e.at.toISOString(),
      eventType: e.eventType,
      actor:
        e.actor === 'operator'
          ? OPERATOR_KEY_LABEL
          : e.firstName !== null
            ? `${e.firstName} ${e.lastName}`.trim()
            : e.actor,
    })),
    audit: audit.map((a) => ({
      at: a.at.toISOString(),
      actor: a.actorLabel,
      action: a.action,
      before: a.before,
      after: a.after,
    })),
  };
}

type KitRow = typeof kits.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** Where the kit goes: the address given when it was sent, else the owner's profile address. */
export function shippingOf(kit: KitRow, owner: UserRow | undefined) {
  if (kit.shipAddressLine1)
    return {
      name: `${kit.shipFirstName ?? owner?.firstName ?? ''} ${kit.shipLastName ?? owner?.lastName ?? ''}`.trim(),
      addressLine1: kit.shipAddressLine1,
      addressLine2: kit.shipAddressLine2,
      suburb: kit.shipSuburb ?? '',
      state: kit.shipState ?? '',
      postcode: kit.shipPostcode ?? '',
    };
  if (owner?.addressLine1)
    return {
      name: `${owner.firstName} ${owner.lastName}`,
      addressLine1: owner.addressLine1,
      addressLine2: owner.addressLine2,
      suburb: owner.suburb ?? '',
      state: owner.state ?? '',
      postcode: owner.postcode ?? '',
    };
  return null;
}
