import {
  awaitingReleaseSchema,
  dispatchBatchListSchema,
  dispatchBatchSchema,
  kitProjectOptionsSchema,
  type LabStep,
  labStepResultSchema,
  PORTAL_TIME_ZONE,
  type ResultsStoreRequest,
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
import { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import { downloadFile, downloadPdf } from '../../lib/download.ts';
import { useChangeThenReread } from '../../lib/list-queries.ts';
import { staffRequest } from '../../lib/staff.ts';

/** The console's kit requests: search, a kit, scans, lab batches, the results upload and release. */

export const staffKitsKeys = {
  all: ['staff', 'kits'] as const,
  search: (search: StaffKitSearch) => ['staff', 'kits', 'search', search] as const,
  kit: (id: number) => ['staff', 'kits', 'kit', id] as const,
  projects: ['staff', 'kits', 'projects'] as const,
  awaiting: ['staff', 'kits', 'awaiting-release'] as const,
  batches: ['staff', 'kits', 'dispatch-batches'] as const,
  batch: (day: string) => ['staff', 'kits', 'dispatch-batches', day] as const,
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

export type DocumentKind = 'slip' | 'label' | 'tube';
const DOCUMENT_FILES: Record<DocumentKind, string> = {
  slip: 'packing-slips.pdf',
  label: 'address-labels.pdf',
  tube: 'tube-labels.pdf',
};

/** Packing slips, address labels or tube labels of these kits, one page each, saved as a PDF (reprints too). */
export const printDispatchDocuments = (kind: DocumentKind, ids: number[]) =>
  downloadPdf(`/staff/kits/dispatch-documents.pdf?kind=${kind}&ids=${ids.join(',')}`, DOCUMENT_FILES[kind]);

/** The day's dispatch manifest, as a PDF or CSV. */
export const printManifest = (day: string, format: 'pdf' | 'csv') =>
  format === 'pdf'
    ? downloadPdf(`/staff/kits/dispatch-batches/${day}/manifest.pdf`, `dispatch-manifest-${day}.pdf`)
    : downloadFile(
        `/staff/kits/dispatch-batches/${day}/manifest.csv`,
        `dispatch-manifest-${day}.csv`,
        'text/csv',
      );

/** Today in the portal's zone, YYYY-MM-DD: the day of the batch the Dispatch page fills. */
export const portalToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: PORTAL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

export function useDispatchBatches() {
  return useQuery({
    queryKey: staffKitsKeys.batches,
    queryFn: ({ signal }) => staffRequest('/kits/dispatch-batches', { signal }, dispatchBatchListSchema),
  });
}

/** The kits dispatched on this day (an empty day is a 404: read as no kits). */
export function useDispatchBatch(day: string) {
  return useQuery({
    queryKey: staffKitsKeys.batch(day),
    queryFn: ({ signal }) =>
      staffRequest(`/kits/dispatch-batches/${day}`, { signal }, dispatchBatchSchema).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return { day, kits: [] };
          throw error;
        },
      ),
    retry: false,
  });
}

export const verifyPack = (slip: string, kit: string) =>
  staffRequest(
    '/kits/pack-verify',
    { method: 'POST', body: { slip, kit } },
    z.object({ label: z.string(), day: z.string(), packVerifiedAt: z.string() }),
  );

/** Every change to a kit makes the lists and kit pages read again. */
const useKitsChange = <V, R>(send: (value: V) => Promise<R>) =>
  useChangeThenReread(staffKitsKeys.all, send, { rereadOnError: true });

export const useLabStep = () =>
  useKitsChange((body: LabStep) => staffRequest('/lab/steps', { method: 'POST', body }, labStepResultSchema));

export const previewResults = (body: ResultsUpload) =>
  staffRequest('/results/preview', { method: 'POST', body }, resultsPreviewSchema);

/** The confirm: stores a previewed upload by its id (the server kept what it parsed and scored). */
export const storeResults = (body: ResultsStoreRequest) =>
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
