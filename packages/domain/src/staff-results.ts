import { z } from 'zod';
import { STAFF_BATCH_MAX, STAFF_KIT_MESSAGES } from './staff-kits.ts';

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

/** One sample of an upload: its scores, or why it would be refused. Nothing is stored by a preview. */
export const resultsPreviewItemSchema = z.object({
  fileName: z.string(),
  sampleIdentifier: z.string().nullable(),
  kitId: z.number().int().nullable(),
  scores: sampleScoresSchema.nullable(),
  refusal: z.string().nullable(),
});
export type ResultsPreviewItem = z.infer<typeof resultsPreviewItemSchema>;
export const resultsPreviewSchema = z.object({ items: z.array(resultsPreviewItemSchema) });

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
    }),
  ),
});
export const releaseRequestSchema = z.object({
  samples: z
    .array(z.string().trim().min(1).max(40))
    .min(1, 'Choose at least one sample to release.')
    .max(STAFF_BATCH_MAX, STAFF_KIT_MESSAGES.batchTooBig),
});
export const releaseResultSchema = z.object({ released: z.array(z.string()) });
