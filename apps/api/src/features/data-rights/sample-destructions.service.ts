import { CLOSURE_TEXTS, type SampleDestruction } from '@portal/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { sampleDestructions } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/authenticate.ts';
import { recordStaffAction } from '../staff/index.ts';

/**
 * The lab's side of "delete everything you can": the samples a closure asked it to destroy. Identifiers
 * only; whose they were is not the lab's business any more.
 */
const view = (row: typeof sampleDestructions.$inferSelect): SampleDestruction => ({
  sampleIdentifier: row.sampleIdentifier,
  kitId: row.kitId,
  requestedAt: row.requestedAt.toISOString(),
  destroyedAt: row.destroyedAt?.toISOString() ?? null,
});

/** Those still to destroy, oldest first (all of them with `all`). */
export async function listSampleDestructions(ctx: AppContext, { all }: { all: boolean }) {
  const rows = await ctx.db
    .select()
    .from(sampleDestructions)
    .where(all ? undefined : isNull(sampleDestructions.destroyedAt))
    .orderBy(asc(sampleDestructions.requestedAt), asc(sampleDestructions.id))
    .limit(1000);
  return rows.map(view);
}

/** Marks one destroyed, once; audited. Asked again, it answers the first time's record. */
export async function markSampleDestroyed(ctx: AppContext, principal: Principal, sample: string) {
  const sampleIdentifier = sample.trim().toUpperCase();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sampleDestructions)
      .where(eq(sampleDestructions.sampleIdentifier, sampleIdentifier))
      .for('update');
    if (!row) throw notFound(CLOSURE_TEXTS.notFoundSample);
    if (row.destroyedAt) return view(row);
    const [done] = await tx
      .update(sampleDestructions)
      .set({ destroyedAt: new Date() })
      .where(and(eq(sampleDestructions.id, row.id), isNull(sampleDestructions.destroyedAt)))
      .returning();
    if (!done) throw new Error('destruction not recorded');
    await recordStaffAction(tx, principal, {
      action: 'sample.destroy',
      entity: 'sample',
      entityId: sampleIdentifier,
      before: view(row),
      after: view(done),
    });
    return view(done);
  });
}
