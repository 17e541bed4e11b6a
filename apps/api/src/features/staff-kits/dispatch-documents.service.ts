import { type DispatchBatch, formatZonedDateTime, PORTAL_TIME_ZONE } from '@portal/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  type DispatchKind,
  dispatchPdf,
  manifestPdf as drawManifest,
} from '../../adapters/pdf/dispatch-documents.ts';
import type { DbOrTx } from '../../db/client.ts';
import { dispatchBatchKits, kits, orderItems, orders, projects, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { shippingOf } from './kit-detail.service.ts';

export async function kitProjects(db: DbOrTx) {
  return db.select({ id: projects.id, name: projects.name }).from(projects).orderBy(asc(projects.name));
}

/** Packing slips or address labels of these kits, in the order given (the order they were scanned). */
export async function dispatchDocuments(ctx: AppContext, kind: DispatchKind, ids: number[]) {
  const rows = await ctx.db
    .select({ kit: kits, owner: users, project: projects.name, tracking: dispatchBatchKits.trackingNumber })
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .leftJoin(users, eq(users.id, kits.ownerId))
    .leftJoin(dispatchBatchKits, eq(dispatchBatchKits.kitId, kits.id))
    .where(inArray(kits.id, ids));
  const missing = ids.filter((id) => !rows.some((r) => r.kit.id === id));
  if (missing.length) throw notFound(`There is no kit ${missing.map((id) => `KIT-${id}`).join(', ')}.`);
  const ordered = await ctx.db
    .select({ kitId: orderItems.kitId, id: orders.id, createdAt: orders.createdAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(orderItems.kitId, ids));
  const documents = ids.map((id) => {
    const row = rows.find((r) => r.kit.id === id);
    if (!row) throw notFound();
    const order = ordered.find((o) => o.kitId === id);
    return {
      label: `KIT-${id}`,
      sampleIdentifier: row.kit.sampleIdentifier,
      project: row.project,
      orderId: order?.id ?? null,
      orderDate: order ? order.createdAt.toISOString().slice(0, 10) : null,
      recipient: shippingOf(row.kit, row.owner ?? undefined),
      trackingNumber: row.tracking,
    };
  });
  return dispatchPdf(kind, documents, {
    brand: ctx.config.brandName,
    returnAddress: ctx.config.supportPostalAddress,
  });
}

/** The day's dispatch manifest as a PDF, times in the portal's zone. */
export const manifestPdf = (ctx: AppContext, batch: DispatchBatch) =>
  drawManifest(batch.day, batch.kits, {
    brand: ctx.config.brandName,
    time: (iso) => formatZonedDateTime(iso, PORTAL_TIME_ZONE),
  });
