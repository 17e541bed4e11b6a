import {
  documentVersionSchema,
  type PublishVersion,
  publishedVersionSchema,
  staffDocumentsSchema,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { useChangeThenReread } from '../../lib/list-queries.ts';
import { staffRequest } from '../../lib/staff.ts';

const documentsKey = ['staff', 'documents'] as const;

/** Every consent, terms and privacy document with its versions (issue 36). */
export function useDocuments() {
  return useQuery({
    queryKey: documentsKey,
    queryFn: ({ signal }) => staffRequest('/documents', { signal }, staffDocumentsSchema),
  });
}

/** The text of a document's version, to start the next version from. */
export function useVersionText(consentId: number | null, version: string | null) {
  return useQuery({
    queryKey: ['document-version', consentId, version],
    queryFn: ({ signal }) =>
      apiRequest(
        `/documents/${consentId}/versions/${encodeURIComponent(version ?? '')}`,
        { signal },
        documentVersionSchema,
      ),
    enabled: consentId !== null && version !== null,
  });
}

export function usePublishVersion() {
  return useChangeThenReread(documentsKey, ({ consentId, ...body }: PublishVersion & { consentId: number }) =>
    staffRequest(`/documents/${consentId}/versions`, { method: 'POST', body }, publishedVersionSchema),
  );
}
