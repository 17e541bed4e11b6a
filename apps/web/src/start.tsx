/**
 * The app's start (main.tsx loads it): the session restored, the page's code and first reads asked for,
 * then the first render, or the take-over of a page the server drew.
 */
import { SERVER_RENDERED_ATTRIBUTE, SIGNED_IN_DRAWN_PAGE } from '@portal/domain';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/routes.tsx';
import { restoreSession } from './lib/api-client.ts';
import { inlineConfig } from './lib/config.ts';
import { listenBeforeTheRouter } from './lib/popstate-first.ts';
import { createQueryClient } from './lib/query-client.ts';
import { rememberScreenLayout, ServerLayoutContext, screenLayout } from './lib/server-layout.ts';
import { getSessionSnapshot } from './lib/session.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
listenBeforeTheRouter();
rememberScreenLayout();

// The session and the code of the page at this address load at once; index.html shows the loading text
// meanwhile. React then draws that page in one go, instead of a loading screen, then the layout with
// the page's code still to fetch. Without the server's config (Vite's dev server) the shell asks for it.
const config = inlineConfig();
const page = config ? preloadRoute(window.location.pathname, config.appType) : Promise.resolve();
const session = restoreSession().then(async () => {
  // Every signed-in screen reads the user, and the page its own data: asked for now, they answer while
  // the page's code loads and the first screen renders. Both modules come with the signed-in pages' code
  // (preloadRoute fetches it), not in the first load /login shares (120 KB budget, decision 034).
  const { userId } = getSessionSnapshot();
  if (userId === null) return;
  void import('./lib/current-user.ts').then(({ currentUserQuery }) =>
    queryClient.prefetchQuery(currentUserQuery(userId)),
  );
  // Awaited, so the reads are on their way before the page draws and would ask for them itself. Should
  // the module fail to load, the page asks for its data as it draws.
  if (!config) return;
  const reads = await import('./lib/first-page-reads.ts').catch(() => null);
  reads?.requestFirstPageReads(window.location.pathname, config.appType);
});
// Neither rejects: restoreSession never rejects, and a page that fails to load shows the route's error
// when it renders.
// The server draws the sign-in page (server-render.tsx, decision 014); the app takes it over as it is,
// unless the visitor turns out to be signed in and is shown another page.
const serverRendered = root.hasAttribute(SERVER_RENDERED_ATTRIBUTE);
void Promise.all([session, page.catch(() => {})]).then(async () => {
  // A signed-in page the server drew (a report, decision 073) stays on the screen until the app has
  // the reads it was drawn from; the app then takes it over as it is. A support view restored in this
  // tab is another person's portal: the app draws that itself.
  const { status, userId, actorId } = getSessionSnapshot();
  const signedInDrawn =
    serverRendered && status === 'signedIn' && userId !== null && actorId === null
      ? await import('./app/server-drawn.ts')
          .then(({ readServerDrawnPage }) =>
            readServerDrawnPage(queryClient, window.location.pathname, userId),
          )
          .catch(() => false)
      : false;
  const app = (
    <StrictMode>
      <ServerLayoutContext value={screenLayout()}>
        <App queryClient={queryClient} />
      </ServerLayoutContext>
    </StrictMode>
  );
  // Should the page differ from what the app draws (a wide window on a phone's browser), React draws
  // it again in place.
  const signedOutDrawn = status === 'signedOut' && !SIGNED_IN_DRAWN_PAGE.test(window.location.pathname);
  if (serverRendered && signedOutDrawn) hydrateRoot(root, app);
  // A signed-in page drawn for another layout than this screen's (a narrow window of a computer's
  // browser, before the app has told the server): React draws it again in place, which is expected,
  // not an error to report.
  else if (serverRendered && signedInDrawn)
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.warn('The page was drawn again in the browser:', error),
    });
  else createRoot(root).render(app);
});
