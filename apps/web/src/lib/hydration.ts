import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the app takes over a page the server drew; true once the page's code
 * answers to events, and at once in a page the browser draws itself. Until then the drawn sign-in form
 * is read-only and its button disabled (nothing typed is lost, the browser never submits it itself),
 * and what only the browser knows (history state, its own name) is not shown, so both renders match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
