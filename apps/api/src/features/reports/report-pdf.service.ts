import { sql } from 'drizzle-orm';
import { reportPdfUnderKey } from '../../adapters/pdf/pdf-pool.ts';
import { labResults } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Caller } from '../../plugins/authenticate.ts';
import { getJourney, journeyKey } from './journey.service.ts';
import { metaOf, ownReport, ownReportRow, reportOfOwnerReading } from './reports.service.ts';

/**
 * The report read's statement (every access rule the same) reading, instead of the report, what the PDF's
 * key is made of: the stored result (its id, which an amendment changes; its shape, which a rebuild
 * changes; when it was stored) and the person's journey key (decision 071: md5 over their report rows, so a
 * release, retraction, amendment, rename or note answer changes it). Nothing large leaves the database.
 */
const pdfKeyOfOwner = reportOfOwnerReading('report_pdf_key_of_owner', sql<null>`null`.as('report_text'), {
  stamp:
    sql<string>`${labResults.id} || '/' || ${labResults.reportShape} || '/' || ${labResults.createdAt}::text`.as(
      'stamp',
    ),
  outer: journeyKey,
});

/**
 * The report's PDF, with the person's whole journey when they have more than one report. Kept in memory
 * under the stored result's stamp, the heading drawn (person, kit name, date, brand) and the journey's
 * key (decision 074): a PDF asked for again costs one statement; the report is read, parsed and
 * the journey built only when the PDF is drawn.
 */
export async function reportAsPdf(ctx: AppContext, caller: Caller, sampleIdentifier: string) {
  const { user, kit, stamp, outer } = await ownReportRow(ctx, caller, sampleIdentifier, pdfKeyOfOwner);
  const meta = metaOf(ctx, user, kit);
  return reportPdfUnderKey(`${stamp}/${outer}/${JSON.stringify(meta)}`, async () => {
    // Read again with the report's text: the same access rules, and the report as it is now.
    const now = await ownReport(ctx, caller, sampleIdentifier);
    return [now.report, metaOf(ctx, now.user, now.kit), await getJourney(ctx, caller.userId)];
  });
}
