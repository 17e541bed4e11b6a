import {
  type DispatchBatch,
  type DispatchBatchList,
  PORTAL_TIME_ZONE,
  STAFF_KIT_MESSAGES,
} from '@portal/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { carrierFor } from '../../adapters/carrier/carrier.ts';
import type { DbOrTx } from '../../db/client.ts';
import { dispatchBatchKits, kits, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../staff/index.ts';
import { shippingOf } from './kit-detail.service.ts';
import { kitByCode } from './kit-steps.service.ts';

/*
 * Each day's dispatch batch (issue 34): the kits logistics dispatched that day in the portal's zone, in
 * the order scanned. Leaving the Dispatch page loses nothing: the batch is read back from here, and its
 * slips, labels and manifest are printed again from the "Dispatch batches" list or a kit's page.
 */

const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: PORTAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day an instant falls on in the portal's zone, YYYY-MM-DD. */
export const portalDay = (at: Date = new Date()) => DAY.format(at);

/** A kit just dispatched joins its day's batch (in the dispatch's own transaction). */
export async function addToBatch(db: DbOrTx, kitId: number, principal: Principal) {
  await db
    .insert(dispatchBatchKits)
    .values({ kitId, day: portalDay(), dispatchedBy: principal.actorId ?? principal.userId })
    .onConflictDoNothing();
}

/**
 * Books the kit's consignment with the carrier (adapters/carrier) once it is dispatched, and keeps its
 * tracking number for the label and the customer's timeline. Outside the dispatch's transaction (a
 * carrier's answer can take seconds); a kit with no address, or a carrier that fails, keeps no tracking
 * number, and the label is printed without one. Booking again is a no-op once the kit has one.
 */
export async function bookConsignment(ctx: AppContext, kitId: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ entry: dispatchBatchKits, kit: kits, owner: users })
    .from(dispatchBatchKits)
    .innerJoin(kits, eq(kits.id, dispatchBatchKits.kitId))
    .leftJoin(users, eq(users.id, kits.ownerId))
    .where(eq(dispatchBatchKits.kitId, kitId));
  if (!row) return null;
  if (row.entry.trackingNumber) return row.entry.trackingNumber;
  const to = shippingOf(row.kit, row.owner ?? undefined);
  if (!to) return null;
  const [line1 = '', rest = ''] = ctx.config.supportPostalAddress.split(/,\s*/, 2);
  const from = /^(.*?)\s+([A-Z]{2,3})\s+(\d{4})$/.exec(rest.trim());
  try {
    const consignment = await carrierFor(ctx.config).book({
      reference: `KIT-${kitId}`,
      to,
      from: {
        name: ctx.config.brandName,
        addressLine1: line1,
        suburb: from?.[1] ?? rest,
        state: from?.[2] ?? '',
        postcode: from?.[3] ?? '',
      },
    });
    await ctx.db.update(dispatchBatchKits).set(consignment).where(eq(dispatchBatchKits.kitId, kitId));
    return consignment.trackingNumber;
  } catch {
    return null;
  }
}

/** The batches, newest day first (the last 90 days that had one). */
export async function dispatchBatches(db: DbOrTx): Promise<DispatchBatchList> {
  const rows = await db
    .select({
      day: dispatchBatchKits.day,
      kits: sql<number>`count(*)::int`,
      verified: sql<number>`count(${dispatchBatchKits.packVerifiedAt})::int`,
      kitIds: sql<
        number[]
      >`array_agg(${dispatchBatchKits.kitId} order by ${dispatchBatchKits.dispatchedAt}, ${dispatchBatchKits.kitId})`,
    })
    .from(dispatchBatchKits)
    .groupBy(dispatchBatchKits.day)
    .orderBy(desc(dispatchBatchKits.day))
    .limit(90);
  return { batches: rows };
}

const staff = alias(users, 'dispatcher');

/** One day's batch, in the order its kits were scanned; an empty day is a 404. */
export async function dispatchBatch(db: DbOrTx, day: string): Promise<DispatchBatch> {
  const rows = await db
    .select({ entry: dispatchBatchKits, kit: kits, owner: users, by: staff })
    .from(dispatchBatchKits)
    .innerJoin(kits, eq(kits.id, dispatchBatchKits.kitId))
    .leftJoin(users, eq(users.id, kits.ownerId))
    .leftJoin(staff, eq(staff.id, dispatchBatchKits.dispatchedBy))
    .where(eq(dispatchBatchKits.day, day))
    .orderBy(asc(dispatchBatchKits.dispatchedAt), asc(dispatchBatchKits.kitId));
  if (rows.length === 0) throw notFound(STAFF_KIT_MESSAGES.noBatch(day));
  return {
    day,
    kits: rows.map(({ entry, kit, owner, by }) => {
      const to = shippingOf(kit, owner ?? undefined);
      return {
        id: kit.id,
        label: `KIT-${kit.id}`,
        sampleIdentifier: kit.sampleIdentifier,
        recipient: to
          ? `${to.name}, ${to.suburb} ${to.state} ${to.postcode}`.trim()
          : owner
            ? `${owner.firstName} ${owner.lastName} (no address on file)`
            : null,
        dispatchedAt: entry.dispatchedAt.toISOString(),
        dispatchedBy: by ? `${by.firstName} ${by.lastName}` : null,
        packVerifiedAt: entry.packVerifiedAt?.toISOString() ?? null,
      };
    }),
  };
}

/** The batch as CSV (the manifest a carrier's pickup is checked against); cells that could start a formula are quoted safe. */
export function manifestCsv(batch: DispatchBatch): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [
    ['#', 'Kit', 'Sample', 'Recipient', 'Dispatched at', 'Dispatched by', 'Pack verified at'],
    ...batch.kits.map((k, i) => [
      i + 1,
      k.label,
      k.sampleIdentifier,
      k.recipient,
      k.dispatchedAt,
      k.dispatchedBy,
      k.packVerifiedAt,
    ]),
  ];
  return `${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

/**
 * Pack verification: the slip's barcode, then the kit's (its address label's or its tube's). Both must
 * name the same kit, and that kit must be in a dispatch batch; a mismatch is refused (409) and records
 * nothing. A match is recorded on the batch and in the audit log.
 */
export async function verifyPack(ctx: AppContext, principal: Principal, slipCode: string, kitCode: string) {
  return ctx.db.transaction(async (tx) => {
    const slip = await kitByCode(tx, slipCode);
    if (!slip) throw notFound(STAFF_KIT_MESSAGES.unknownCode(slipCode.trim()));
    const kit = await kitByCode(tx, kitCode);
    if (!kit) throw notFound(STAFF_KIT_MESSAGES.unknownCode(kitCode.trim()));
    if (slip.id !== kit.id)
      throw conflict(STAFF_KIT_MESSAGES.packMismatch(`KIT-${slip.id}`, `KIT-${kit.id}`));
    const [entry] = await tx
      .update(dispatchBatchKits)
      .set({ packVerifiedAt: new Date() })
      .where(eq(dispatchBatchKits.kitId, kit.id))
      .returning();
    if (!entry) throw conflict(STAFF_KIT_MESSAGES.packNotDispatched(`KIT-${kit.id}`));
    await recordStaffAction(tx, principal, {
      action: 'kit.pack_verify',
      entity: 'kit',
      entityId: String(kit.id),
      subjectId: kit.ownerId,
      after: { slip: slipCode.trim(), kit: kitCode.trim(), day: entry.day },
    });
    return {
      label: `KIT-${kit.id}`,
      day: entry.day,
      packVerifiedAt: entry.packVerifiedAt?.toISOString() ?? '',
    };
  });
}
