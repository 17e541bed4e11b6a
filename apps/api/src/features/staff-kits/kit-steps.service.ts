import {
  DISPATCH_CHANGE,
  ERROR_CODES,
  isLabFailure,
  type LabTarget,
  parseKitCode,
  STAFF_KIT_MESSAGES,
  type StaffKitRow,
  stepRefusal,
  withBrand,
} from '@portal/domain';
import { and, eq, gt, max, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { kitEvents, kits, labMoves } from '../../db/schema/index.ts';
import { type AppContext, nowOf } from '../../lib/context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { setKitStatus } from '../kits/index.ts';
import { recordStaffAction } from '../staff/index.ts';
import { addToBatch, bookConsignment } from './dispatch-batches.service.ts';
import { type StaffRowRecord, staffRowQuery, toStaffRow } from './kit-search.service.ts';

/**
 * Dispatch, receiving at the lab and the lab's batch steps. Each move goes through setKitStatus (the
 * state machines, the timeline events and the owner's emails of `ops kit:set`) and writes its audit
 * entry in the same transaction. stepRefusal explains a refusal first, in the spec's status words;
 * setKitStatus checks again under the kit's row lock, so a kit changed meanwhile is still refused.
 */

type Change = { kitStatus?: string; sampleStatus?: string };

/** A code as scanned: a kit number, or exactly a sample id, a voucher or the label's hashed id. */
function codeMatch(code: string): SQL | undefined {
  const parsed = parseKitCode(code);
  if (parsed.kitId !== null) return or(eq(kits.id, parsed.kitId), eq(kits.voucherCode, parsed.voucher));
  return or(
    eq(kits.sampleIdentifier, parsed.text),
    eq(kits.voucherCode, parsed.voucher),
    eq(kits.hashedId, code.trim()),
  );
}

/** The kit a scanned or typed code names, or null. */
export async function kitByCode(db: DbOrTx, code: string): Promise<StaffRowRecord | null> {
  const [row] = await staffRowQuery(db).where(codeMatch(code)).limit(1);
  return row ?? null;
}

export async function findKitByCode(db: DbOrTx, code: string): Promise<StaffKitRow> {
  const row = await kitByCode(db, code);
  if (!row) throw notFound(STAFF_KIT_MESSAGES.unknownCode(code.trim()));
  return toStaffRow(row);
}

const stateOf = (row: StaffRowRecord) => ({ kitStatus: row.kitStatus, sampleStatus: row.sampleStatus });

/** The newest timeline event of a kit (the events a move writes come after it). */
async function lastEventId(db: DbOrTx, kitId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(kitEvents.id) })
    .from(kitEvents)
    .where(eq(kitEvents.kitId, kitId));
  return row?.id ?? 0;
}

/** A kit moved by a lab move: its statuses before and after, and the timeline events the move wrote. */
export type MovedKit = {
  kitId: number;
  before: { kitStatus: string; sampleStatus: string | null };
  after: { kitStatus: string; sampleStatus: string | null };
  eventIds: number[];
};

/**
 * Moves one kit within the caller's transaction, audited (with `details`, such as a receipt's, in the
 * entry's after); returns the kit as it is now.
 */
export async function move(
  ctx: AppContext,
  principal: Principal,
  kit: StaffRowRecord,
  change: Change,
  action: string,
  reason?: string,
  details?: Record<string, unknown>,
  moves?: MovedKit[],
): Promise<StaffKitRow> {
  const since = moves ? await lastEventId(ctx.db, kit.id) : 0;
  await setKitStatus(ctx, kit.id, change, principal.userId);
  const [now] = await staffRowQuery(ctx.db).where(eq(kits.id, kit.id));
  if (!now) throw notFound(STAFF_KIT_MESSAGES.unknownCode(`KIT-${kit.id}`));
  await recordStaffAction(ctx.db, principal, {
    action,
    entity: 'kit',
    entityId: String(kit.id),
    subjectId: kit.ownerId,
    before: stateOf(kit),
    after: { ...stateOf(now), ...(reason ? { reason } : {}), ...details },
  });
  if (moves) {
    const events = await ctx.db
      .select({ id: kitEvents.id })
      .from(kitEvents)
      .where(and(eq(kitEvents.kitId, kit.id), gt(kitEvents.id, since)));
    moves.push({
      kitId: kit.id,
      before: stateOf(kit),
      after: stateOf(now),
      eventIds: events.map((e) => e.id),
    });
  }
  return toStaffRow(now);
}

/**
 * Moves these kits (already checked) to a lab step within the caller's transaction, each audited, and
 * records the move as one undoable act of its author (issue 34 item 9).
 */
export async function moveKits(
  ctx: AppContext,
  principal: Principal,
  batch: StaffRowRecord[],
  sampleStatus: LabTarget,
  scope: string,
  reason?: string,
): Promise<StaffKitRow[]> {
  const items: MovedKit[] = [];
  const moved: StaffKitRow[] = [];
  for (const kit of batch)
    moved.push(
      await move(ctx, principal, kit, { sampleStatus }, 'sample.lab-step', reason, undefined, items),
    );
  if (items.length > 0)
    await ctx.db
      .insert(labMoves)
      .values({ actor: principal.userId, at: nowOf(ctx), target: sampleStatus, scope, items });
  return moved;
}

/** One scanned kit, one step: refused (404 or 409, nothing changed) or moved and audited. */
async function scanStep(
  ctx: AppContext,
  principal: Principal,
  code: string,
  change: Change,
  action: string,
  then?: (tx: DbOrTx, kit: StaffKitRow) => Promise<void>,
) {
  return ctx.db.transaction(async (tx) => {
    const kit = await kitByCode(tx, code);
    if (!kit) throw notFound(STAFF_KIT_MESSAGES.unknownCode(code.trim()));
    const refusal = stepRefusal(kit, change);
    if (refusal) throw conflict(withBrand(refusal, ctx.config.brandName));
    const moved = await move({ ...ctx, db: tx }, principal, kit, change, action);
    await then?.(tx, moved);
    return moved;
  });
}

/** Logistics: a kit scanned at the packing bench leaves as DISPATCHED_BY_LAB, and joins the day's batch. */
export async function dispatchKit(ctx: AppContext, principal: Principal, code: string) {
  const kit = await scanStep(ctx, principal, code, DISPATCH_CHANGE, 'kit.dispatch', (tx, moved) =>
    addToBatch(tx, moved.id, principal),
  );
  await bookConsignment(ctx, kit.id);
  return kit;
}

/**
 * The lab: a batch to the next step or to a failure (with its reason). All or nothing: when any code is
 * unknown, repeated or refused by the state machines, no kit moves and the 409 names each such code
 * with its reason in `fields`.
 */
export async function moveBatch(
  ctx: AppContext,
  principal: Principal,
  input: { codes: string[]; sampleStatus: LabTarget; reason?: string | undefined },
): Promise<{ moved: StaffKitRow[] }> {
  const change = { sampleStatus: input.sampleStatus };
  return ctx.db.transaction(async (tx) => {
    const refusals: Record<string, string> = {};
    const batch: StaffRowRecord[] = [];
    const seen = new Set<number>();
    for (const code of input.codes.map((c) => c.trim())) {
      const kit = await kitByCode(tx, code);
      const refusal = !kit
        ? STAFF_KIT_MESSAGES.unknownCode(code)
        : seen.has(kit.id)
          ? STAFF_KIT_MESSAGES.duplicateInBatch(`KIT-${kit.id}`)
          : stepRefusal(kit, change);
      if (refusal) refusals[code] = withBrand(refusal, ctx.config.brandName);
      else if (kit) {
        seen.add(kit.id);
        batch.push(kit);
      }
    }
    const refused = Object.keys(refusals).length;
    if (refused > 0)
      throw new AppError(409, ERROR_CODES.conflict, STAFF_KIT_MESSAGES.batchRefused(refused), refusals);
    const reason = isLabFailure(input.sampleStatus) ? input.reason : undefined;
    const moved = await moveKits({ ...ctx, db: tx }, principal, batch, input.sampleStatus, 'batch', reason);
    return { moved };
  });
}
