import {
  isLabFailure,
  LAB_RUN_MESSAGES,
  type LabTarget,
  STAFF_BATCH_MAX,
  STAFF_KIT_MESSAGES,
  type StaffKitRow,
  stepRefusal,
  UNDO_WINDOW_MS,
  withBrand,
} from '@portal/domain';
import { and, asc, between, desc, eq, inArray } from 'drizzle-orm';
import { kitEvents, kits, labMoves } from '../../db/schema/index.ts';
import { type AppContext, nowOf } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../staff/index.ts';
import { staffRowQuery, toStaffRow } from './kit-search.service.ts';
import { kitByCode, moveKits } from './kit-steps.service.ts';
import { tubesOf } from './lab-runs.service.ts';

/**
 * The lab's batch work (issue 34 item 9): a whole plate or run through a step in one action, the kits
 * of a scanned range, and the undo of one's own last move within a minute.
 */

/**
 * Every tube of a plate or run to a step. Each tube is judged by the same rule as a scanned one
 * (stepRefusal, in the status words): those that can move do, in one transaction and one undoable move;
 * each that cannot is named with its reason and stays where it is.
 */
export async function moveGroup(
  ctx: AppContext,
  principal: Principal,
  where: { plateId: number } | { runId: number },
  input: { sampleStatus: LabTarget; reason?: string | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    const { plates, tubes } = await tubesOf(tx, where);
    if (tubes.length === 0)
      throw conflict(LAB_RUN_MESSAGES.emptyPlate(plates.map((p) => p.name).join(', ') || '—'));
    const refused: { kit: StaffKitRow; refusal: string }[] = [];
    const movable = tubes.filter((kit) => {
      const refusal = stepRefusal(kit, { sampleStatus: input.sampleStatus });
      if (refusal) refused.push({ kit: toStaffRow(kit), refusal: withBrand(refusal, ctx.config.brandName) });
      return refusal === null;
    });
    const scope =
      'plateId' in where ? `plate ${plates[0]?.name ?? ''}` : `run ${plates[0]?.runName ?? where.runId}`;
    const reason = isLabFailure(input.sampleStatus) ? input.reason : undefined;
    const moved = await moveKits({ ...ctx, db: tx }, principal, movable, input.sampleStatus, scope, reason);
    return { moved, refused };
  });
}

/**
 * Undoes its author's last lab move, within a minute of it (by the app's clock): each kit back to its
 * statuses before, the move's timeline events removed, each audited. All or nothing: a kit moved on
 * since, a move to a failure (its owners were told) or a move older than a minute is refused by name.
 */
export async function undoLastMove(ctx: AppContext, principal: Principal) {
  return ctx.db.transaction(async (tx) => {
    const [last] = await tx
      .select()
      .from(labMoves)
      .where(eq(labMoves.actor, principal.userId))
      .orderBy(desc(labMoves.id))
      .limit(1)
      .for('update');
    if (!last || last.undoneAt) throw conflict(LAB_RUN_MESSAGES.noMove);
    if (isLabFailure(last.target)) throw conflict(LAB_RUN_MESSAGES.undoFailure(last.target));
    if (nowOf(ctx).getTime() - last.at.getTime() > UNDO_WINDOW_MS)
      throw conflict(LAB_RUN_MESSAGES.undoTooLate(last.items.length, last.target, last.at));
    const ids = last.items.map((i) => i.kitId);
    const current = await tx
      .select({
        id: kits.id,
        kitStatus: kits.kitStatus,
        sampleStatus: kits.sampleStatus,
        ownerId: kits.ownerId,
      })
      .from(kits)
      .where(inArray(kits.id, ids))
      .orderBy(asc(kits.id))
      .for('update');
    const byId = new Map(current.map((k) => [k.id, k]));
    for (const item of last.items) {
      const now = byId.get(item.kitId);
      if (!now || now.kitStatus !== item.after.kitStatus || now.sampleStatus !== item.after.sampleStatus)
        throw conflict(LAB_RUN_MESSAGES.undoChanged(`KIT-${item.kitId}`, now?.sampleStatus ?? null));
    }
    // The state machines only move forward: the undo sets the statuses back directly, as a retraction
    // does, and takes the move's own timeline events away (the required steps are read from them).
    for (const item of last.items) {
      await tx
        .update(kits)
        .set({
          kitStatus: item.before.kitStatus,
          sampleStatus: item.before.sampleStatus,
          updatedAt: new Date(),
        })
        .where(eq(kits.id, item.kitId));
      if (item.eventIds.length > 0)
        await tx
          .delete(kitEvents)
          .where(and(eq(kitEvents.kitId, item.kitId), inArray(kitEvents.id, item.eventIds)));
      await recordStaffAction(tx, principal, {
        action: 'sample.lab-step.undo',
        entity: 'kit',
        entityId: String(item.kitId),
        subjectId: byId.get(item.kitId)?.ownerId ?? null,
        before: item.after,
        after: { ...item.before, undoes: last.id },
      });
    }
    await tx
      .update(labMoves)
      .set({ undoneAt: nowOf(ctx) })
      .where(eq(labMoves.id, last.id));
    return {
      target: last.target,
      kits: ids.map((id) => `KIT-${id}`),
      message: LAB_RUN_MESSAGES.undone(last.items.length, last.target),
    };
  });
}

/** The kits from the first scanned code to the last, by kit number (a box of consecutive tubes). */
export async function kitRange(ctx: AppContext, first: string, last: string) {
  const [a, b] = await Promise.all([kitByCode(ctx.db, first), kitByCode(ctx.db, last)]);
  if (!a) throw notFound(STAFF_KIT_MESSAGES.unknownCode(first.trim()));
  if (!b) throw notFound(STAFF_KIT_MESSAGES.unknownCode(last.trim()));
  const [lo, hi] = a.id <= b.id ? [a.id, b.id] : [b.id, a.id];
  const rows = await staffRowQuery(ctx.db)
    .where(between(kits.id, lo, hi))
    .orderBy(asc(kits.id))
    .limit(STAFF_BATCH_MAX + 1);
  if (rows.length > STAFF_BATCH_MAX) throw invalid(LAB_RUN_MESSAGES.rangeTooBig);
  return { kits: rows.map(toStaffRow) };
}
