import { useContext, useSyncExternalStore } from 'react';
import { NARROW_SCREEN_QUERY, ServerLayoutContext } from '../../../lib/server-layout.ts';

/** Phones and small tablets, where the report selector has room for only a short label. */
const MOBILE_QUERY = NARROW_SCREEN_QUERY;

function query(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(MOBILE_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  // The first render of a page the server drew (decision 073), there and in the browser that takes it
  // over: the layout it was drawn for.
  const serverLayout = useContext(ServerLayoutContext);
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => serverLayout === 'narrow',
  );
}
