import {
  type PublicConfig,
  type SessionResponse,
  SIGNED_IN_DRAWN_PAGE,
  type SignedInPageReads,
} from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/routes.tsx';
import { parseReport, parseReportList, reportListQuery, reportQuery } from './features/reports/api.ts';
import { selectReports } from './features/reports/report-selection.ts';
import { configQuery } from './lib/config.ts';
import { currentUserQueryKey, currentUserSchema } from './lib/current-user.ts';
import { createQueryClient } from './lib/query-client.ts';
import { ServerLayoutContext } from './lib/server-layout.ts';
import { endSession, startSession } from './lib/session.ts';

/**
 * The addresses the server draws for everyone: pages a signed-out visitor lands on whose first screen
 * depends on nothing but the public config (decision 014).
 */
export const SERVER_RENDERED_PATHS: readonly string[] = ['/login'];

// The server holds no session: it draws what a visitor who is not signed in sees.
endSession(null);

type Drawn = { queryClient: QueryClient; layout: 'narrow' | 'wide'; userId: string | null };

function draw(pathname: string, search: string, { queryClient, layout, userId }: Drawn): string {
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={`${pathname}${search}`}>{children}</StaticRouter>
  );
  // renderToString runs to its end without yielding, so no other request's render sees this session.
  if (userId !== null)
    startSession({ access_token: '', expires_in: 60, user_id: userId } satisfies SessionResponse);
  try {
    return renderToString(
      <StrictMode>
        <ServerLayoutContext value={layout}>
          <App queryClient={queryClient} router={Router} />
        </ServerLayoutContext>
      </StrictMode>,
    );
  } finally {
    if (userId !== null) endSession(null);
    queryClient.clear();
  }
}

/**
 * The person's reads for /report/:kitId, made by the API as the browser's would be, and checked as the
 * page checks them; null when the server should not draw it: a read refused (another person's kit, a
 * withheld result, a minor without consent, a session ended), no report for the kit, or a sign-in gate
 * the person still has to pass (re-consent, turning 18), which the browser shows first.
 */
async function reportReads(reads: SignedInPageReads, kitId: number, queryClient: QueryClient) {
  const me = currentUserSchema.safeParse(await reads.read('/users/me'));
  if (!me.success || me.data.reconsentPending || me.data.handoverOpen) return null;
  const userId = me.data.id;
  const list = await reads.read('/reports');
  if (list === null) return null;
  const items = parseReportList(list);
  const { primary } = selectReports(items, [], kitId);
  if (!primary) return null;
  const report = await reads.read(`/reports/${encodeURIComponent(primary.sampleIdentifier)}`);
  if (report === null) return null;
  queryClient.setQueryData(currentUserQueryKey(userId), me.data);
  queryClient.setQueryData(reportListQuery(userId).queryKey, items);
  queryClient.setQueryData(reportQuery(userId, primary.sampleIdentifier).queryKey, parseReport(report));
  return userId;
}

/**
 * The markup of the app at `url` (path and query) as the browser renders it first, so index.html can
 * show the page before the app's code has loaded. A signed-out page is hydrated as it is; a signed-in one
 * (with `signedIn`, the person's reads) is drawn again by the app once it has the same reads. Null for an
 * address the server does not draw.
 */
export async function renderPage(
  url: string,
  config: PublicConfig,
  signedIn?: SignedInPageReads,
): Promise<string | null> {
  const { pathname, search } = new URL(url, 'http://portal.invalid');
  // A report (SIGNED_IN_DRAWN_PAGE): only its summary is drawn; the sections under it are the browser's,
  // as they are on a phone's first render (decision 068).
  const report = SIGNED_IN_DRAWN_PAGE.exec(pathname);
  const signedOut = SERVER_RENDERED_PATHS.includes(pathname);
  if (!signedOut && !(report && signedIn && search === '')) return null;
  const queryClient = createQueryClient();
  queryClient.setQueryData(configQuery.queryKey, config);
  let userId: string | null = null;
  if (report && signedIn) {
    userId = await reportReads(signedIn, Number(report[1]), queryClient);
    if (userId === null) {
      queryClient.clear();
      return null;
    }
  }
  // The page's code is loaded first, so it renders at once rather than suspending.
  await preloadRoute(pathname, config.appType);
  return draw(pathname, search, { queryClient, layout: signedIn?.layout ?? 'wide', userId });
}
