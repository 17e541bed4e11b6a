import {
  type BuildOptions,
  type BuildReport,
  hasRedFlag,
  RED_FLAG_ANSWERS,
  type ReportSummary,
  reportValues,
} from '@portal/domain/report';
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { kits, labResults, surveyAnswers } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';

const longDate = (iso: string) => {
  const parsed = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime())
    ? iso
    : new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'UTC' }).format(parsed);
};

/**
 * The person's sample before this kit's, of the same marker database, for the "change since your last
 * sample" finding (issue 37): the latest other report of the kit's owner stored before `before` (the
 * import: any time). Null without an owner or an earlier report.
 */
export async function previousSample(
  ctx: AppContext,
  kit: { id: number; ownerId: string | null },
  database: string | null,
  before: Date | null = null,
): Promise<BuildOptions['previous']> {
  if (!kit.ownerId) return null;
  const [row] = await ctx.db
    .select({ report: labResults.report, displayDate: kits.displayDate })
    .from(labResults)
    .innerJoin(kits, eq(kits.id, labResults.kitId))
    .where(
      and(
        eq(kits.ownerId, kit.ownerId),
        ne(labResults.kitId, kit.id),
        sql`${labResults.database} is not distinct from ${database}`,
        before ? lt(labResults.createdAt, before) : sql`true`,
      ),
    )
    .orderBy(desc(labResults.createdAt), desc(labResults.id))
    .limit(1);
  if (!row) return null;
  return {
    displayDate: row.displayDate ? longDate(row.displayDate) : null,
    values: reportValues(row.report as BuildReport),
  };
}

/** The summary with "talk to your GP" first when the kit's answers carry a red flag (issue 37, item 3). */
export async function withRedFlags(
  ctx: AppContext,
  kitId: number,
  summary: ReportSummary,
): Promise<ReportSummary> {
  const answers = await ctx.db
    .select({ questionId: surveyAnswers.questionId, answerString: surveyAnswers.answerString })
    .from(surveyAnswers)
    .where(
      and(
        eq(surveyAnswers.kitId, kitId),
        inArray(
          surveyAnswers.questionId,
          RED_FLAG_ANSWERS.map((flag) => flag.questionId),
        ),
      ),
    );
  return hasRedFlag(answers) ? { ...summary, gpFirst: true } : summary;
}
