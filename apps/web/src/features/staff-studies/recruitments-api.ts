import {
  type StaffCandidateCreate,
  type StaffConsentInput,
  type StaffRecruitmentCreate,
  staffCandidateCreatedSchema,
  staffCandidateImportResultSchema,
  staffCandidatesPageSchema,
  staffConsentPreviewResultSchema,
  staffRecruitmentDetailSchema,
  staffRecruitmentsPageSchema,
} from '@portal/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { keysetPages, useChangeThenReread } from '../../lib/list-queries.ts';
import { staffRequest } from '../../lib/staff.ts';

const keys = {
  all: ['staff', 'recruitments'] as const,
  one: (id: number) => ['staff', 'recruitments', id] as const,
  candidates: (id: number) => ['staff', 'recruitments', id, 'candidates'] as const,
};

export function useRecruitments() {
  return useInfiniteQuery({
    queryKey: keys.all,
    queryFn: ({ pageParam }) =>
      staffRequest(`/recruitments${pageParam ? `?after=${pageParam}` : ''}`, {}, staffRecruitmentsPageSchema),
    ...keysetPages,
  });
}

export function useRecruitment(id: number) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: () => staffRequest(`/recruitments/${id}`, {}, staffRecruitmentDetailSchema),
    retry: false,
  });
}

export function useCandidates(id: number) {
  return useInfiniteQuery({
    queryKey: keys.candidates(id),
    queryFn: ({ pageParam }) =>
      staffRequest(
        `/recruitments/${id}/candidates${pageParam ? `?${new URLSearchParams({ after: pageParam })}` : ''}`,
        {},
        staffCandidatesPageSchema,
      ),
    ...keysetPages,
  });
}

/** Any change to recruitments reads them again (lists, the recruitment, its candidates). */
const useRecruitmentsChange = <V, R>(send: (value: V) => Promise<R>) => useChangeThenReread(keys.all, send);

export const useCreateRecruitment = () =>
  useRecruitmentsChange((body: StaffRecruitmentCreate) =>
    staffRequest('/recruitments', { method: 'POST', body }, staffRecruitmentDetailSchema),
  );

/** A change names the version it loaded (409 when changed since); the chain is read again either way. */
export const useSaveConsent = (recruitmentId: number) =>
  useChangeThenReread(
    keys.all,
    ({ consentId, body }: { consentId: number | null; body: StaffConsentInput & { version?: number } }) =>
      consentId === null
        ? staffRequest(
            `/recruitments/${recruitmentId}/consents`,
            { method: 'POST', body },
            staffRecruitmentDetailSchema,
          )
        : staffRequest(
            `/recruitments/${recruitmentId}/consents/${consentId}`,
            { method: 'PUT', body },
            staffRecruitmentDetailSchema,
          ),
    { rereadOnError: true },
  );

export const useInviteCandidate = (recruitmentId: number) =>
  useRecruitmentsChange((body: StaffCandidateCreate) =>
    staffRequest(
      `/recruitments/${recruitmentId}/candidates`,
      { method: 'POST', body },
      staffCandidateCreatedSchema,
    ),
  );

/** A CSV of candidates, all or nothing: each new one is emailed the invitation by the server. */
export const useImportCandidates = (recruitmentId: number) =>
  useRecruitmentsChange((csv: string) =>
    staffRequest(
      `/recruitments/${recruitmentId}/candidates/import`,
      { method: 'POST', body: { csv } },
      staffCandidateImportResultSchema,
    ),
  );

/** The consent's HTML as the server would store it (sanitised with the one allow-list). */
export const previewConsent = (body: { title: string; htmlContent: string; thanksResponse: string }) =>
  staffRequest('/recruitments/consent-preview', { method: 'POST', body }, staffConsentPreviewResultSchema);
