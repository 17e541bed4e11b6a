import { useContext, useSyncExternalStore } from 'react';
import { narrowScreen, ServerLayoutContext } from '../../../lib/server-layout.ts';

/** Phones and small tablets, where the report selector has room for only a short label. */
function subscribe(onChange: () => void): () => void {
  const list = narrowScreen();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  // The first render of a page the server drew (decision 073), there and in the browser that takes it
  // over: the layout it was drawn for.
  const serverLayout = useContext(ServerLayoutContext);
  return useSyncExternalStore(
    subscribe,
    () => narrowScreen()?.matches ?? false,
    () => serverLayout === 'narrow',
  );
}
