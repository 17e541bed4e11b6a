import { SIGNED_IN_DRAWN_PAGE } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { reportListQuery, reportQuery } from '../features/reports/api.ts';
import { selectReports } from '../features/reports/report-selection.ts';
import { currentUserQuery } from '../lib/current-user.ts';

/**
 * The reads of a signed-in page the server drew (decision 073), into the query cache before the app's
 * first render, so the app takes the page over as it is (hydration) rather than replacing it with a
 * loading text. They are the page's own early reads (first-page-reads.ts), so nothing is asked for
 * twice. True when every read the server drew from is in the cache; false when the address is not such
 * a page or a read failed, and the app draws the page itself (showing what failed, as it would have).
 */
export async function readServerDrawnPage(
  queryClient: QueryClient,
  pathname: string,
  userId: string,
): Promise<boolean> {
  const match = SIGNED_IN_DRAWN_PAGE.exec(pathname);
  if (!match) return false;
  try {
    const user = queryClient.fetchQuery(currentUserQuery(userId));
    const list = await queryClient.fetchQuery(reportListQuery(userId));
    const { primary } = selectReports(list, [], Number(match[1]));
    if (!primary) return false;
    await Promise.all([user, queryClient.fetchQuery(reportQuery(userId, primary.sampleIdentifier))]);
    return true;
  } catch {
    return false;
  }
}
