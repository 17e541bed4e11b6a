import { reportListItemSchema } from '@portal/domain';
import type { BuildReport, Journey, ReportComparison } from '@portal/domain/report';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { pageRead } from '../../lib/first-page-reads.ts';
import { useSession } from '../../lib/session.ts';

// The stored report is computed once by the domain's buildReport; its shape is that type, not re-checked.
const storedReportSchema = z.custom<BuildReport>((value) => typeof value === 'object' && value !== null);

const reportResponseSchema = reportListItemSchema.omit({ version: true }).extend({
  report: storedReportSchema,
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

const comparisonSchema = z.union([
  z.object({ comparable: z.literal(false), code: z.string() }),
  z
    .looseObject({ comparable: z.literal(true), brayCurtis: z.number() })
    .transform((value) => value as { comparable: true } & ReportComparison),
]);
export type ComparisonResponse = z.infer<typeof comparisonSchema>;

export const reportsKeys = {
  all: (userId: string | null) => ['reports', userId] as const,
  list: (userId: string | null) => ['reports', userId, 'list'] as const,
  report: (userId: string | null, sample: string) => ['reports', userId, 'report', sample] as const,
  compare: (userId: string | null, primary: string, secondary: string) =>
    ['reports', userId, 'compare', primary, secondary] as const,
  journey: (userId: string | null) => ['reports', userId, 'journey'] as const,
};

// Built by the domain's buildJourney on the server and checked by its response schema there.
const journeySchema = z.custom<Journey>(
  (value) => typeof value === 'object' && value !== null && Array.isArray((value as Journey).points),
);

/** GET /api/reports/journey: every report in time order with bands, changes and notes. */
export function useJourney(enabled: boolean) {
  const { userId } = useSession();
  return useQuery({
    queryKey: reportsKeys.journey(userId),
    queryFn: ({ signal }) => apiRequest('/reports/journey', { auth: 'required', signal }, journeySchema),
    enabled: enabled && userId !== null,
    retry: retryUnlessRefused,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A refusal (4xx) or the maintenance answer (503) will not change on a second try. */
function retryUnlessRefused(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && (error.status < 500 || error.status === 503)) return false;
  return failureCount < 2;
}

const reportListSchema = z.array(reportListItemSchema);

/** GET /api/reports's query: what the page reads, and what a server-drawn page is read into first. */
export function reportListQuery(userId: string | null) {
  return {
    queryKey: reportsKeys.list(userId),
    queryFn: ({ signal }: { signal: AbortSignal }) => pageRead('/reports', signal, reportListSchema),
    enabled: userId !== null,
    retry: retryUnlessRefused,
    // A page drawn from a list just read (the server-drawn report, decision 073) does not read it again
    // as it mounts; a visit after this long does, so a new report shows.
    staleTime: 10_000,
  };
}

/** The list as GET /api/reports answered it, checked as the page checks it. */
export const parseReportList = (answer: unknown) => reportListSchema.parse(answer);

/** GET /api/reports: kits with a report to show, earliest display date first. */
export function useReportList() {
  return useQuery(reportListQuery(useSession().userId));
}

/**
 * GET /api/reports/:sample: one stored report. On /report/:kitId's first load it was asked for as soon as
 * the list named the kit's sample (first-page-reads.ts).
 */
export function useReport(sample: string | null) {
  return useQuery(reportQuery(useSession().userId, sample));
}

/** GET /api/reports/:sample's query (useReport's). */
export function reportQuery(userId: string | null, sample: string | null) {
  return {
    queryKey: reportsKeys.report(userId, sample ?? ''),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      pageRead(`/reports/${encodeURIComponent(sample ?? '')}`, signal, reportResponseSchema),
    enabled: userId !== null && sample !== null,
    retry: retryUnlessRefused,
    staleTime: Number.POSITIVE_INFINITY,
  };
}

/** A report as GET /api/reports/:sample answered it, checked as the page checks it. */
export const parseReport = (answer: unknown) => reportResponseSchema.parse(answer);

export const comparePath = (primary: string, secondary: string, suffix = '') =>
  `/reports/compare${suffix}?${new URLSearchParams({ primary, secondary })}`;

/** GET /api/reports/compare: what changed from the earlier (primary) to the later (secondary) report. */
export function useComparison(primary: string | null, secondary: string | null) {
  const { userId } = useSession();
  return useQuery({
    queryKey: reportsKeys.compare(userId, primary ?? '', secondary ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(comparePath(primary ?? '', secondary ?? ''), { auth: 'required', signal }, comparisonSchema),
    enabled: userId !== null && primary !== null && secondary !== null,
    retry: retryUnlessRefused,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const reportPdfPath = (sample: string) => `/reports/${encodeURIComponent(sample)}/pdf`;
/** The report's downloads: the lab's original MetaPhlAn profile and the taxa as CSV. */
export const reportFilePath = (sample: string, file: 'metaphlan.txt' | 'taxa.csv') =>
  `/reports/${encodeURIComponent(sample)}/${file}`;
export const comparisonPdfPath = (primary: string, secondary: string) =>
  comparePath(primary, secondary, '.pdf');
