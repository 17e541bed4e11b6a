import {
  awaitingReleaseSchema,
  kitProjectOptionsSchema,
  type LabStep,
  labStepResultSchema,
  type ResultsUpload,
  releaseResultSchema,
  resultsPreviewSchema,
  resultsStoreSchema,
  retractResultSchema,
  reviewResultSchema,
  type StaffKitSearch,
  staffKitDetailSchema,
  staffKitPageSchema,
  staffKitRowSchema,
} from '@portal/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { downloadPdf } from '../../lib/download.ts';
import { useChangeThenReread } from '../../lib/list-queries.ts';
import { staffRequest } from '../../lib/staff.ts';

/** The console's kit requests: search, a kit, scans, lab batches, the results upload and release. */

export const staffKitsKeys = {
  all: ['staff', 'kits'] as const,
  search: (search: StaffKitSearch) => ['staff', 'kits', 'search', search] as const,
  kit: (id: number) => ['staff', 'kits', 'kit', id] as const,
  projects: ['staff', 'kits', 'projects'] as const,
  awaiting: ['staff', 'kits', 'awaiting-release'] as const,
};

/** The query string of a search, without empty values. */
export function searchParams(search: StaffKitSearch, cursor?: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search))
    if (value !== undefined && value !== '' && value !== null) params.set(key, String(value));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** Kit search, page after page by keyset ("Show more" asks for the next). */
export function useKitSearch(search: StaffKitSearch) {
  return useInfiniteQuery({
    queryKey: staffKitsKeys.search(search),
    queryFn: ({ pageParam, signal }) =>
      staffRequest(`/kits?${searchParams(search, pageParam)}`, { signal }, staffKitPageSchema),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useKitProjects() {
  return useQuery({
    queryKey: staffKitsKeys.projects,
    queryFn: ({ signal }) => staffRequest('/kits/projects', { signal }, kitProjectOptionsSchema),
    staleTime: 5 * 60_000,
  });
}

export function useKitDetail(id: number) {
  return useQuery({
    queryKey: staffKitsKeys.kit(id),
    queryFn: ({ signal }) => staffRequest(`/kits/${id}`, { signal }, staffKitDetailSchema),
    retry: false,
  });
}

export const lookUpKit = (code: string) =>
  staffRequest(`/kits/by-code/${encodeURIComponent(code)}`, {}, staffKitRowSchema);

export const dispatchKit = (code: string) =>
  staffRequest('/kits/dispatch', { method: 'POST', body: { code } }, staffKitRowSchema);

export const receiveSample = (code: string) =>
  staffRequest('/lab/receive', { method: 'POST', body: { code } }, staffKitRowSchema);

/** Packing slips or address labels of these kits, one page each, saved as a PDF. */
export const printDispatchDocuments = (kind: 'slip' | 'label', ids: number[]) =>
  downloadPdf(
    `/staff/kits/dispatch-documents.pdf?kind=${kind}&ids=${ids.join(',')}`,
    kind === 'slip' ? 'packing-slips.pdf' : 'address-labels.pdf',
  );

/** Every change to a kit makes the lists and kit pages read again. */
const useKitsChange = <V, R>(send: (value: V) => Promise<R>) =>
  useChangeThenReread(staffKitsKeys.all, send, { rereadOnError: true });

export const useLabStep = () =>
  useKitsChange((body: LabStep) => staffRequest('/lab/steps', { method: 'POST', body }, labStepResultSchema));

export const previewResults = (body: ResultsUpload) =>
  staffRequest('/results/preview', { method: 'POST', body }, resultsPreviewSchema);

export const storeResults = (body: ResultsUpload) =>
  staffRequest('/results', { method: 'POST', body }, resultsStoreSchema);

export function useAwaitingRelease() {
  return useQuery({
    queryKey: staffKitsKeys.awaiting,
    queryFn: ({ signal }) => staffRequest('/results/awaiting-release', { signal }, awaitingReleaseSchema),
  });
}

export const useRelease = () =>
  useKitsChange((samples: string[]) =>
    staffRequest('/results/release', { method: 'POST', body: { samples } }, releaseResultSchema),
  );

/** Approve (a second LAB member: four eyes) or hold stored results. */
export const useReview = () =>
  useKitsChange((body: { samples: string[]; decision: 'APPROVE' | 'HOLD'; note?: string }) =>
    staffRequest('/results/review', { method: 'POST', body }, reviewResultSchema),
  );

/** Retract a released report from its owner, with the reason. */
export const useRetract = () =>
  useKitsChange((body: { sample: string; reason: string }) =>
    staffRequest('/results/retract', { method: 'POST', body }, retractResultSchema),
  );
