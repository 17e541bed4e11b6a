import {
  type MailoutAudience,
  type ProjectSurveyKey,
  type StaffMailoutDraft,
  type StaffProjectCreate,
  type StaffSiteCreate,
  type StaffStudyKitBatch,
  staffMailoutListSchema,
  staffMailoutPreviewSchema,
  staffMailoutSchema,
  staffParticipantCodeIssuedSchema,
  staffParticipantCodesPageSchema,
  staffProjectRowSchema,
  staffProjectsPageSchema,
  staffSiteRowSchema,
  staffSitesPageSchema,
  staffStudyKitBatchResultSchema,
  staffStudyKitDetailSchema,
  staffStudyKitsPageSchema,
  staffVoucherBatchResultSchema,
} from '@portal/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { downloadFile, downloadPdf } from '../../lib/download.ts';
import { keysetPages, useChangeThenReread } from '../../lib/list-queries.ts';
import { staffRequest } from '../../lib/staff.ts';

const keys = {
  projects: ['staff', 'projects'] as const,
  project: (id: number) => ['staff', 'projects', id] as const,
  codes: (id: number) => ['staff', 'projects', id, 'codes'] as const,
  sites: ['staff', 'study-sites'] as const,
  siteKits: (id: number) => ['staff', 'study-sites', id, 'kits'] as const,
  kit: (id: number) => ['staff', 'study-kits', id] as const,
};

const after = (page: string) => (page ? `?after=${page}` : '');

export function useProjects() {
  return useInfiniteQuery({
    queryKey: keys.projects,
    queryFn: ({ pageParam }) => staffRequest(`/projects${after(pageParam)}`, {}, staffProjectsPageSchema),
    ...keysetPages,
  });
}

export function useProject(id: number) {
  return useQuery({
    queryKey: keys.project(id),
    queryFn: () => staffRequest(`/projects/${id}`, {}, staffProjectRowSchema),
    retry: false,
  });
}

export function useParticipantCodes(id: number) {
  return useInfiniteQuery({
    queryKey: keys.codes(id),
    queryFn: ({ pageParam }) =>
      staffRequest(
        `/projects/${id}/participant-codes${after(pageParam)}`,
        {},
        staffParticipantCodesPageSchema,
      ),
    ...keysetPages,
  });
}

/** A change to projects; the lists and the project's page are read again. */
const useProjectsChange = <V, R>(send: (value: V) => Promise<R>) => useChangeThenReread(keys.projects, send);

export const useCreateProject = () =>
  useProjectsChange((body: StaffProjectCreate) =>
    staffRequest('/projects', { method: 'POST', body }, staffProjectRowSchema),
  );

/** The version sent is the one the panel loaded: a change saved since in another window answers 409. */
export const useUpdateSurveys = (id: number) =>
  useChangeThenReread(
    keys.projects,
    (body: { surveys: ProjectSurveyKey[]; version: number }) =>
      staffRequest(`/projects/${id}/surveys`, { method: 'PUT', body }, staffProjectRowSchema),
    { rereadOnError: true },
  );

export const useCreateVouchers = (id: number) =>
  useProjectsChange((count: number) =>
    staffRequest(
      `/projects/${id}/vouchers`,
      { method: 'POST', body: { count } },
      staffVoucherBatchResultSchema,
    ),
  );

export const useIssueCode = (id: number) =>
  useProjectsChange((email: string) =>
    staffRequest(
      `/projects/${id}/participant-codes`,
      { method: 'POST', body: { email } },
      staffParticipantCodeIssuedSchema,
    ),
  );

/** The project's voucher list, saved as a CSV file. */
export const downloadVoucherCsv = (id: number) =>
  downloadFile(`/staff/projects/${id}/vouchers.csv`, `vouchers-project-${id}.csv`, 'text/csv');

export function useSites() {
  return useInfiniteQuery({
    queryKey: keys.sites,
    queryFn: ({ pageParam }) => staffRequest(`/study/sites${after(pageParam)}`, {}, staffSitesPageSchema),
    ...keysetPages,
  });
}

export function useSiteKits(siteId: number) {
  return useInfiniteQuery({
    queryKey: keys.siteKits(siteId),
    queryFn: ({ pageParam }) =>
      staffRequest(`/study/sites/${siteId}/kits${after(pageParam)}`, {}, staffStudyKitsPageSchema),
    ...keysetPages,
  });
}

export function useStudyKit(id: number) {
  return useQuery({
    queryKey: keys.kit(id),
    queryFn: () => staffRequest(`/study/kits/${id}`, {}, staffStudyKitDetailSchema),
    retry: false,
  });
}

/** A change to sites; the lists and the site's page are read again. */
const useSitesChange = <V, R>(send: (value: V) => Promise<R>) => useChangeThenReread(keys.sites, send);

export const useCreateSite = () =>
  useSitesChange((body: StaffSiteCreate) =>
    staffRequest('/study/sites', { method: 'POST', body }, staffSiteRowSchema),
  );

export const useCreateStudyKits = (siteId: number) =>
  useSitesChange((body: StaffStudyKitBatch) =>
    staffRequest(`/study/sites/${siteId}/kits`, { method: 'POST', body }, staffStudyKitBatchResultSchema),
  );

/** Labels of these kits (one page each, with the form's QR code), saved as a PDF. */
export const printStudyLabels = (ids: number[]) =>
  downloadPdf(`/staff/study/kits/labels.pdf?kits=${ids.join(',')}`, 'study-kit-labels.pdf');

/** Who a mail-out goes to: the path of its audience (a project's participants or a recruitment's candidates). */
const audiencePath = (a: MailoutAudience) =>
  a.kind === 'PROJECT' ? `/projects/${a.id}/mailouts` : `/recruitments/${a.id}/mailouts`;
const audienceKey = (a: MailoutAudience) =>
  [a.kind === 'PROJECT' ? 'projects' : 'recruitments', a.id] as const;

/** The audience's mail-outs with their progress, read again every 2 s while one is still being queued or sent. */
export function useMailouts(audience: MailoutAudience) {
  return useQuery({
    queryKey: ['staff', ...audienceKey(audience), 'mailouts'] as const,
    queryFn: () => staffRequest(audiencePath(audience), {}, staffMailoutListSchema),
    refetchInterval: (query) =>
      query.state.data?.mailouts.some(
        (m) => m.recipients === null || m.queued < m.recipients || (m.delivering && m.sent < m.recipients),
      )
        ? 2000
        : false,
  });
}

export const previewMailout = (audience: MailoutAudience, body: StaffMailoutDraft) =>
  staffRequest(`${audiencePath(audience)}/preview`, { method: 'POST', body }, staffMailoutPreviewSchema);

export const useSendMailout = (audience: MailoutAudience) =>
  useChangeThenReread(['staff', ...audienceKey(audience), 'mailouts'] as const, (body: StaffMailoutDraft) =>
    staffRequest(audiencePath(audience), { method: 'POST', body }, staffMailoutSchema),
  );
