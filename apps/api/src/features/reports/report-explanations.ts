import { type BuildReport, buildReport, ProfileError, parseMetaphlanProfile } from '@portal/domain/report';
import { eq } from 'drizzle-orm';
import { kits, labResults } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { previousSample, withRedFlags } from './previous-sample.ts';

/**
 * The shape of the report buildReport makes today, stored beside it in `lab_results.report_shape` (decision
 * 033): it carries the explanations, and stores each taxon once, with no label or fixed text a reader
 * derives or looks up (decision 027). A row with a lower number (0: stored before session 11, or written
 * without it) is rebuilt on its first read. Raise it when the stored shape changes, so older rows are
 * rebuilt once. Shape 2 (issue 37) adds the at-a-glance summary, the ranges and the protocol: a report
 * stored before it gets them on its first read, computed then and saved (decision 044).
 */
export const REPORT_SHAPE = 2;

/**
 * A report stored in an older shape (before the score explanations, or with its taxa repeated) is rebuilt
 * on its first read from the lab's profile kept beside it and saved, so each later read costs what any
 * other does. The whole report is rebuilt, so its numbers and their explanations always come from the
 * same computation.
 */
export async function explainedReport(
  ctx: AppContext,
  kitId: number,
  stored: unknown,
  shape: number,
): Promise<BuildReport> {
  const report = stored as BuildReport;
  if (shape === REPORT_SHAPE) return report;
  const [row] = await ctx.db
    .select({ profileText: labResults.profileText, createdAt: labResults.createdAt, ownerId: kits.ownerId })
    .from(labResults)
    .innerJoin(kits, eq(kits.id, labResults.kitId))
    .where(eq(labResults.kitId, kitId));
  if (!row) return report;
  let rebuilt: BuildReport;
  try {
    const profile = parseMetaphlanProfile(row.profileText);
    // The day the report was first computed (the import, not this rebuild), and the sample before it then.
    rebuilt = buildReport(profile, {
      analysedOn: row.createdAt.toISOString().slice(0, 10),
      previous: await previousSample(
        ctx,
        { id: kitId, ownerId: row.ownerId },
        profile.database,
        row.createdAt,
      ),
    });
  } catch (error) {
    // A profile accepted at import that today's parser refuses: keep the report people have seen.
    if (error instanceof ProfileError) return report;
    throw error;
  }
  rebuilt.summary = await withRedFlags(ctx, kitId, rebuilt.summary);
  await ctx.db
    .update(labResults)
    .set({
      report: rebuilt,
      reportText: JSON.stringify(rebuilt),
      reportShape: REPORT_SHAPE,
      reportVersion: rebuilt.version,
      database: rebuilt.database,
    })
    .where(eq(labResults.kitId, kitId));
  return rebuilt;
}
