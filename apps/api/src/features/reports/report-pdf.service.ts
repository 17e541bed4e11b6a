import { reportPdfOffThread } from '../../adapters/pdf/pdf-pool.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Caller } from '../../plugins/authenticate.ts';
import { getJourney } from './journey.service.ts';
import { metaOf, ownReport } from './reports.service.ts';

/** The report's PDF, with the person's whole journey when they have more than one report. */
export async function reportAsPdf(ctx: AppContext, caller: Caller, sampleIdentifier: string) {
  const { user, kit, report } = await ownReport(ctx, caller, sampleIdentifier);
  return reportPdfOffThread(report, metaOf(ctx, user, kit), await getJourney(ctx, caller.userId));
}
