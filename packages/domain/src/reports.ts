import { z } from 'zod';

/**
 * A person's reports: the messages of the report routes and of the results import, and the report list's
 * wire shape, shared by the API, the portal and the tests. Whether a kit's report reaches its owner is
 * `reportDelivered` (research.ts); whether the person may see reports at all is `canViewReports`
 * (under-age.ts).
 */

export const REPORT_MESSAGES = {
  noSample: (sample: string) => `There is no sample ${sample}.`,
  notAtLab: (sample: string, status: string | null) =>
    `Sample ${sample} is not at the lab (its status is ${status ?? 'not set'}), so results cannot be imported.`,
  alreadyImported: (sample: string) => `Sample ${sample} already has results.`,
  accountClosed: (sample: string) =>
    `Sample ${sample} belongs to a closed account, so its results are not stored. Destroy the sample if the closure asks for it.`,
  unavailable: 'Reports are unavailable while we carry out maintenance. Please try again later.',
  notFound: 'We could not find that report in your account.',
  unreadable:
    'The profile was refused: it could not be read within the time and memory a profile may take. Check that it is a MetaPhlAn profile and upload it again.',
} as const;

/** One entry of GET /api/reports: a kit with a report to show. */
export const reportListItemSchema = z.object({
  kitId: z.number(),
  sampleIdentifier: z.string(),
  name: z.string(),
  displayDate: z.string(),
  version: z.string(),
});
export type ReportListItem = z.infer<typeof reportListItemSchema>;
