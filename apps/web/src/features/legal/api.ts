import { legalVersionsSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export type LegalKind = 'terms' | 'privacy';

/** The published versions of the terms and the privacy policy, each list starting with 'default'. */
export function useLegalVersions() {
  return useQuery({
    queryKey: ['legal', 'versions'],
    queryFn: ({ signal }) => apiRequest('/legal/versions', { signal }, legalVersionsSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The PDF of one version, served publicly by the API. */
export const legalPdfUrl = (kind: LegalKind, version: string) =>
  `/api/legal/${kind}.pdf?v=${encodeURIComponent(version)}`;
