import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { configQuery } from './config.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change on a second try; a network blip might.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Drops everything cached about the signed-in person, keeping only the public config. */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== configQuery.queryKey[0],
  });
}
