import { z } from 'zod';
import { FAILURE_REASON_MAX, LAB_STEPS, STAFF_BATCH_MAX, STAFF_KIT_MESSAGES } from './staff-kits.ts';

/**
 * The staff console's results upload and release (issue 24): the lab's MetaPhlAn profiles are previewed,
 * stored, then released to their owners. The kit steps before them are in staff-kits.ts.
 */

/** The most profiles one preview or store request carries; the page sends bigger uploads in parts. */
export const RESULTS_CHUNK_MAX = 50;
/** The Results page's parts: profiles per request (a part is scored well within a second). */
export const UPLOAD_PART = 20;
/**
 * Parts in flight at once: while the server scores one part, the database stores the other's (on
 * PostgreSQL, two at once stored 500 profiles about a quarter faster; the embedded database takes them
 * in turn either way).
 */
export const PARTS_IN_FLIGHT = 2;

/**
 * Profiles of an upload, one per sample: a file named by its sample id, or a sample of a merged table
 * (the page splits a table with splitMergedProfiles and names each by its column). Without
 * `sampleIdentifier` the server reads it from the file name. The page sends a big upload in parts.
 */
export const resultsUploadSchema = z.object({
  profiles: z
    .array(
      z.object({
        fileName: z.string().trim().min(1).max(255),
        sampleIdentifier: z.string().trim().min(1).max(40).optional(),
        text: z.string().max(5 * 1024 * 1024, 'A profile can be at most 5 MB.'),
      }),
    )
    .min(1, 'Choose at least one file.')
    .max(RESULTS_CHUNK_MAX),
});
export type ResultsUpload = z.input<typeof resultsUploadSchema>;

export const sampleScoresSchema = z.object({
  database: z.string().nullable(),
  version: z.string(),
  richness: z.number().nullable(),
  shannon: z.number().nullable(),
  inverseSimpson: z.number().nullable(),
  evenness: z.number().nullable(),
  gmwi2: z.number().nullable(),
  gmhi: z.number().nullable(),
});
export type SampleScoresPreview = z.infer<typeof sampleScoresSchema>;

// ---- Quality control (issue 34 items 6 and 8) ----------------------------------------------------

/** The lab steps a project may require before a result is stored (a project setting), in order. */
export const REQUIRABLE_LAB_STEPS = LAB_STEPS.filter((s) => s !== 'PROCESSING');
export const DEFAULT_REQUIRED_LAB_STEPS = [
  'ACCESSIONING',
  'DNA_EXTRACTION',
  'DNA_LIBRARY_PREP',
  'SEQUENCING',
];

/** The required steps a sample has not been through (no event of that status), in the project's order. */
export const missingLabSteps = (required: readonly string[], reached: readonly string[]) =>
  required.filter((step) => !reached.includes(step));

const andList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** MetaPhlAn's own name for a run whose sample was not named (`#SampleID\tMetaphlan_Analysis`). */
const UNNAMED_RUN = /^metaphlan_analysis$/i;

/**
 * What the preview shows of a profile beyond its scores: the reads MetaPhlAn says it processed (when the
 * file says), the share it could not assign (UNKNOWN or UNCLASSIFIED, when estimated), the sample id the
 * file names inside (`#SampleID`, unless MetaPhlAn's default) and the database line.
 */
export function profileQc(text: string): {
  reads: number | null;
  unknownPercent: number | null;
  fileSampleId: string | null;
  database: string | null;
} {
  let reads: number | null = null;
  let unknownPercent: number | null = null;
  let fileSampleId: string | null = null;
  let database: string | null = null;
  for (const raw of text.split('\n', 400)) {
    const line = raw.replace(/\r$/, '');
    if (line.startsWith('#')) {
      const processed = /^#\s*(\d+)\s+reads processed/i.exec(line);
      if (processed) reads = Number(processed[1]);
      else if (/^#SampleID\t/i.test(line)) {
        const named = line.split('\t')[1]?.trim() ?? '';
        fileSampleId = named && !UNNAMED_RUN.test(named) ? named : null;
      } else if (database === null && /^#mpa_/i.test(line)) database = line.slice(1).trim();
      continue;
    }
    const [clade, , value] = line.split('\t');
    if (clade === 'UNKNOWN' || clade === 'UNCLASSIFIED') {
      const n = Number(value);
      if (Number.isFinite(n)) unknownPercent = n;
    }
  }
  return { reads, unknownPercent, fileSampleId, database };
}

/**
 * A profile's abundances without its header lines: two files with the same body are the same
 * measurement, whatever their names and comments say (the duplicate flag).
 */
export const profileBody = (text: string) =>
  text
    .split('\n')
    .map((l) => l.replace(/\r$/, '').trimEnd())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .join('\n');

export const RESULTS_QC_MESSAGES = {
  stepsMissing: (sample: string, required: readonly string[], missing: readonly string[]) =>
    `Sample ${sample} cannot have results stored yet: its project requires ${andList(required)}, and it has not been through ${andList(missing)}. Move it through ${missing.length === 1 ? 'that step' : 'those steps'} first. Nothing was stored.`,
  namesAnotherSample: (sample: string, named: string) =>
    `The file of sample ${sample} says inside that it is sample ${named} (#SampleID). Check that the file is named after its own sample. Nothing was stored.`,
  duplicateOf: (other: string) => `Identical to the profile of sample ${other}.`,
  heldAsDuplicate: (other: string) =>
    `Held: the profile is identical to the profile of sample ${other}. Check both before approving.`,
  fourEyes: (sample: string) =>
    `You stored the results of sample ${sample}, so another LAB member must approve them (four eyes).`,
  notApproved: (sample: string, state: string) =>
    `The results of sample ${sample} are ${state}, not APPROVED: a second LAB member must approve them before release.`,
  notReviewable: (sample: string) =>
    `Sample ${sample} has no stored results waiting for release, so there is nothing to approve or hold.`,
  notReleased: (sample: string) =>
    `The results of sample ${sample} are not released, so there is nothing to retract. Hold them instead.`,
  noteRequired: 'Give the reason: the kit page and the audit log keep it.',
  retracted: (sample: string) =>
    `The report of sample ${sample} was retracted: its owner no longer sees it and was told. Upload the corrected profile to issue an amended report.`,
  projectUnknown: (id: number) => `There is no project ${id}.`,
  stepsNotInOrder: `Choose required steps among ${REQUIRABLE_LAB_STEPS.join(', ')}.`,
} as const;

export const QC_STATES = ['PENDING', 'HELD', 'APPROVED'] as const;
export type QcState = (typeof QC_STATES)[number];

export const profileQcSchema = z.object({
  reads: z.number().nullable(),
  unknownPercent: z.number().nullable(),
  fileSampleId: z.string().nullable(),
  database: z.string().nullable(),
  /** The sample of an earlier profile of this upload (or a stored one) with the very same abundances. */
  duplicateOf: z.string().nullable(),
});
export type ProfileQc = z.infer<typeof profileQcSchema>;

/** One sample of an upload: its scores and QC, or why it would be refused. Nothing is stored by a preview. */
export const resultsPreviewItemSchema = z.object({
  fileName: z.string(),
  sampleIdentifier: z.string().nullable(),
  kitId: z.number().int().nullable(),
  scores: sampleScoresSchema.nullable(),
  qc: profileQcSchema.nullable(),
  refusal: z.string().nullable(),
});
export type ResultsPreviewItem = z.infer<typeof resultsPreviewItemSchema>;
/**
 * The preview's answer. It keeps what it parsed and scored on the server under `uploadId` until
 * `expiresAt` (decision 061): the confirm sends only the id, and nothing is parsed twice. Null
 * when every profile was refused (nothing to confirm).
 */
export const resultsPreviewSchema = z.object({
  items: z.array(resultsPreviewItemSchema),
  uploadId: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
/** How long a previewed upload waits for its confirm. */
export const UPLOAD_KEPT_HOURS = 12;
export const UPLOAD_MESSAGES = {
  nothingToStore: 'Choose at least one file.',
  gone: 'This upload is no longer waiting to be stored: it was stored already, it expired, or another person previewed it. Upload the files again. Nothing was stored.',
} as const;

/**
 * The store: the id of a preview (the console's confirm), or the profiles themselves (scored and stored
 * in one go, as the lab's tools call it).
 */
export const resultsStoreRequestSchema = z
  .object({
    uploadId: z.uuid(UPLOAD_MESSAGES.gone).optional(),
    profiles: resultsUploadSchema.shape.profiles.optional(),
  })
  .refine((v) => (v.uploadId === undefined) !== (v.profiles === undefined), {
    message: UPLOAD_MESSAGES.nothingToStore,
    path: ['profiles'],
  });
export type ResultsStoreRequest = z.input<typeof resultsStoreRequestSchema>;

export const resultsStoreItemSchema = z.object({
  sampleIdentifier: z.string(),
  stored: z.boolean(),
  refusal: z.string().nullable(),
});
export const resultsStoreSchema = z.object({ items: z.array(resultsStoreItemSchema) });

export const awaitingReleaseSchema = z.object({
  /** How many wait in all; `items` shows the oldest of them. */
  total: z.number().int(),
  items: z.array(
    z.object({
      kitId: z.number().int(),
      sampleIdentifier: z.string(),
      version: z.string(),
      importedAt: z.string(),
      owner: z.string().nullable(),
      qcState: z.enum(QC_STATES),
      qcNote: z.string().nullable(),
      /** Who stored it (the four-eyes rule: someone else approves), and whether that is the caller. */
      storedBy: z.string().nullable(),
      storedByYou: z.boolean(),
      approvedBy: z.string().nullable(),
      amendment: z.number().int(),
      /** Why its run holds it (a control missing or failed: issue 34 item 7); null when not held. */
      runHold: z.string().nullable().default(null),
    }),
  ),
});

const sampleList = z
  .array(z.string().trim().min(1).max(40))
  .min(1, 'Choose at least one sample.')
  .max(STAFF_BATCH_MAX, STAFF_KIT_MESSAGES.batchTooBig);

/** Approve or hold stored results (hold with its reason). All or nothing, like a batch step. */
export const reviewRequestSchema = z
  .object({
    samples: sampleList,
    decision: z.enum(['APPROVE', 'HOLD']),
    note: z.string().trim().max(FAILURE_REASON_MAX, STAFF_KIT_MESSAGES.reasonTooLong).optional(),
  })
  .refine((v) => v.decision !== 'HOLD' || (v.note ?? '') !== '', {
    message: RESULTS_QC_MESSAGES.noteRequired,
    path: ['note'],
  });
export const reviewResultSchema = z.object({ reviewed: z.array(z.string()), qcState: z.enum(QC_STATES) });

/** Withdraw a released report from its owner, with the reason (the owner is told). */
export const retractRequestSchema = z.object({
  sample: z.string().trim().min(1).max(40),
  reason: z
    .string()
    .trim()
    .min(1, RESULTS_QC_MESSAGES.noteRequired)
    .max(FAILURE_REASON_MAX, STAFF_KIT_MESSAGES.reasonTooLong),
});
export const retractResultSchema = z.object({ sample: z.string(), amendment: z.number().int() });

/** A project's lab settings: the steps each sample must have been through before its result is stored. */
export const labSettingsSchema = z.object({
  requiredLabSteps: z
    .array(z.enum(REQUIRABLE_LAB_STEPS as [string, ...string[]]))
    .max(REQUIRABLE_LAB_STEPS.length)
    .refine((steps) => new Set(steps).size === steps.length, RESULTS_QC_MESSAGES.stepsNotInOrder),
});
export const labSettingsResultSchema = labSettingsSchema.extend({
  projectId: z.number().int(),
  name: z.string(),
});
export const releaseRequestSchema = z.object({ samples: sampleList });
export const releaseResultSchema = z.object({ released: z.array(z.string()) });
