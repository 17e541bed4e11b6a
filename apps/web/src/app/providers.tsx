import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { forgetUserData } from '../lib/query-client.ts';
import { getSessionSnapshot, subscribeSession } from '../lib/session.ts';

/** The query cache, emptied of personal data whenever a session ends (log out or expiry). */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(
    () =>
      subscribeSession(() => {
        if (getSessionSnapshot().status === 'signedOut') forgetUserData(queryClient);
      }),
    [queryClient],
  );

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
