/**
 * A popstate listener that runs before the router's: listeners of one event run in the order they were
 * added (capture does not go first on window in Chromium), so main.tsx adds this one before the router
 * listens, and the dialogs' history (modal-history.ts, loaded with the first dialog) plugs into it. It
 * is its own module so that /login's first load carries these lines, not the dialogs' history.
 *
 * The listener and its hook belong to the window, not to this module: a module evaluated again in the
 * same window (Vite's hot update, Vitest's module reset between files) finds them there and adds no
 * second listener.
 */
const HOOK: unique symbol = Symbol.for('portal.popstate-first');

type Hooked = Window & { [HOOK]?: { first: ((event: PopStateEvent) => void) | null } };

function hookOf(win: Hooked) {
  let hook = win[HOOK];
  if (!hook) {
    const added = { first: null as ((event: PopStateEvent) => void) | null };
    win.addEventListener('popstate', (event) => added.first?.(event));
    hook = win[HOOK] = added;
  }
  return hook;
}

export function listenBeforeTheRouter() {
  hookOf(window);
}

export function setFirstPopStateListener(listener: (event: PopStateEvent) => void) {
  hookOf(window).first = listener;
}
