import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the app takes over a page the server drew; true once the page's code
 * answers to events. A form the server drew keeps its submit button disabled until then, so a visitor
 * quick enough to press it gets the app's sign-in, never the browser's own form submission.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
