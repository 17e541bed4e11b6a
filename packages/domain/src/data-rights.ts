import { z } from 'zod';
import { mailGreeting } from './mail-name.ts';

/**
 * "Download my data" (issue 23, APP 12 and GDPR articles 15 and 20): a person asks for an export of
 * everything the portal holds about them; a background job builds one ZIP, and they may download it,
 * signed in, for DATA_EXPORT_DAYS days.
 */
export const DATA_EXPORT_STATES = ['QUEUED', 'READY', 'FAILED', 'EXPIRED'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

/** How long a ready export can be downloaded. */
export const DATA_EXPORT_DAYS = 7;

export const dataExportSchema = z.object({
  id: z.string(),
  state: z.enum(DATA_EXPORT_STATES),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The ZIP's size in bytes, once ready. */
  size: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportsSchema = z.object({ exports: z.array(dataExportSchema) });

/** The words of the "Your data" section, the export email and the export's README. */
export const DATA_RIGHTS_TEXTS = {
  sectionTitle: 'Your data',
  sectionIntro:
    'Download everything we hold about you in one ZIP file: your profile and consents, your kits, your questionnaire answers, your reports (PDF and the lab’s data) and a FHIR R4 health-data bundle.',
  request: 'Download my data',
  requested:
    'We are preparing your data. We will email you when it is ready; it usually takes under a minute.',
  queued: 'Preparing your data…',
  ready: (until: string) => `Your data is ready. You can download it until ${until}.`,
  download: 'Download the ZIP',
  failed: 'We could not prepare your data. Please try again, or write to support.',
  expired: 'Your last download has expired. Ask for a new one.',
  alreadyQueued: 'Your data is already being prepared.',
  notFound: 'No such export.',
  notReady: 'This export is not ready to download.',
  gone: 'This export has expired. Ask for a new one.',
  supportView: 'A support view cannot download a person’s data.',
  mailSubject: (brand: string) => `Your ${brand} data is ready to download`,
  mailBody: (firstName: string, days: number) => [
    mailGreeting(firstName),
    `The copy of your data you asked for is ready. Sign in and open My Profile, Your data, to download it. It can be downloaded for ${days} days.`,
    'For your privacy the link only works once you are signed in. If you did not ask for this, please write to support.',
  ],
  mailAction: 'Open Your data',
} as const;
