import type { PublicConfig } from '@portal/domain';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/routes.tsx';
import { configQuery } from './lib/config.ts';
import { createQueryClient } from './lib/query-client.ts';
import { endSession } from './lib/session.ts';

/**
 * The addresses the server draws: pages a signed-out visitor lands on whose first screen depends on
 * nothing but the public config. Pages with a person's data stay with the browser, which holds the
 * session (decision 014).
 */
export const SERVER_RENDERED_PATHS: readonly string[] = ['/login'];

// The server holds no session: it draws what a visitor who is not signed in sees.
endSession(null);

/**
 * The markup of the app at `url` (path and query) as a signed-out visitor's browser renders it first,
 * so index.html can show the page before the app's code has loaded; the app then hydrates it. Null
 * for an address the server does not draw.
 */
export async function renderPage(url: string, config: PublicConfig): Promise<string | null> {
  const { pathname, search } = new URL(url, 'http://portal.invalid');
  if (!SERVER_RENDERED_PATHS.includes(pathname)) return null;
  // The page's code is loaded first, so it renders at once rather than suspending.
  await preloadRoute(pathname, config.appType);
  const queryClient = createQueryClient();
  queryClient.setQueryData(configQuery.queryKey, config);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={`${pathname}${search}`}>{children}</StaticRouter>
  );
  const html = renderToString(
    <StrictMode>
      <App queryClient={queryClient} router={Router} />
    </StrictMode>,
  );
  queryClient.clear();
  return html;
}
