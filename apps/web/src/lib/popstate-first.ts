/**
 * A popstate listener that runs before the router's: listeners of one event run in the order they were
 * added (capture does not go first on window in Chromium), so main.tsx adds this one before the router
 * listens, and the dialogs' history (modal-history.ts, loaded with the first dialog) plugs into it. It
 * is its own module so that /login's first load carries these lines, not the dialogs' history.
 */
let first: ((event: PopStateEvent) => void) | null = null;
let listening = false;

export function listenBeforeTheRouter() {
  if (listening) return;
  window.addEventListener('popstate', (event) => first?.(event));
  listening = true;
}

export function setFirstPopStateListener(listener: (event: PopStateEvent) => void) {
  first = listener;
}
