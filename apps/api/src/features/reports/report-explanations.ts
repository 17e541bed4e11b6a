import { type BuildReport, buildReport, ProfileError, parseMetaphlanProfile } from '@portal/domain/report';
import { eq } from 'drizzle-orm';
import { labResults } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';

/**
 * Whether a stored report is in today's shape (decision 027): it carries the explanations, and stores each
 * taxon once (a report stored before session 11 also has `notableTaxa` and the taxa again in each group),
 * with no label or fixed text a reader derives or looks up (before they left it, composition entries had
 * `label`, GMWI2 taxa `name`, `label` and `rank`, and each score its caveats and citation). Its SQL twin is the `explained` column of reportOfOwner in
 * reports.service.ts.
 */
function isCurrentShape(report: Partial<BuildReport>): boolean {
  return (
    report.gmwi2Contributions !== undefined &&
    report.gmhiExplanation !== undefined &&
    !!report.reference &&
    !('notableTaxa' in report) &&
    !('label' in (report.composition?.phylum?.[0] ?? {})) &&
    !('name' in (report.gmwi2Contributions?.taxa[0] ?? {})) &&
    !('citation' in (report.indices?.gmwi2 ?? {}))
  );
}

/**
 * A report stored in an older shape (before the score explanations, or with its taxa repeated) is rebuilt
 * on its first read from the lab's profile kept beside it and saved, so each later read costs what any
 * other does. The whole report is rebuilt, so its numbers and their explanations always come from the
 * same computation.
 */
export async function explainedReport(ctx: AppContext, kitId: number, stored: unknown): Promise<BuildReport> {
  const report = stored as BuildReport;
  if (isCurrentShape(report)) return report;
  const [row] = await ctx.db
    .select({ profileText: labResults.profileText })
    .from(labResults)
    .where(eq(labResults.kitId, kitId));
  if (!row) return report;
  let rebuilt: BuildReport;
  try {
    rebuilt = buildReport(parseMetaphlanProfile(row.profileText));
  } catch (error) {
    // A profile accepted at import that today's parser refuses: keep the report people have seen.
    if (error instanceof ProfileError) return report;
    throw error;
  }
  await ctx.db
    .update(labResults)
    .set({
      report: rebuilt,
      reportText: JSON.stringify(rebuilt),
      reportVersion: rebuilt.version,
      database: rebuilt.database,
    })
    .where(eq(labResults.kitId, kitId));
  return rebuilt;
}
