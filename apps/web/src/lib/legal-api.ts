import { legalVersionsSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * The published versions of the terms and the privacy policy, each list starting with 'default', and the
 * versions in force (the legal viewer, and the sign-up page's agreement).
 */
export function useLegalVersions() {
  return useQuery({
    queryKey: ['legal', 'versions'],
    queryFn: ({ signal }) => apiRequest('/legal/versions', { signal }, legalVersionsSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
