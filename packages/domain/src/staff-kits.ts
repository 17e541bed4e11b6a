import { z } from 'zod';
import {
  KIT_STATUSES,
  kitDisplayName,
  kitStatusForSample,
  kitStatusText,
  kitTransitionAllowed,
  SAMPLE_STATUSES,
  sampleTransitionAllowed,
} from './kits.ts';
import type { StaffRole } from './staff.ts';

/**
 * The staff console's kit workflows (issue 24): search, dispatch, receiving at the lab and the lab's
 * steps (the results upload is staff-results.ts). The state machines are kits.ts's; this file only
 * explains their answers in the spec's status words and holds the console's payloads.
 */

/** Who reads kits in the console (ADMIN always may); SUPPORT only reads. */
export const KIT_READER_ROLES: readonly StaffRole[] = ['LOGISTICS', 'LAB', 'SUPPORT'];

/** The lab's steps between a sample's arrival and its results, in order (the batch page's choices). */
export const LAB_STEPS = [
  'ACCESSIONING',
  'DNA_EXTRACTION',
  'DNA_LIBRARY_PREP',
  'SEQUENCING',
  'PROCESSING',
] as const;
export const LAB_FAILURES = [
  'FAILED_OVERLOADED',
  'FAILED_UNDERLOADED',
  'FAILED_SWAB_OTHER',
  'FAILED_TUBE_NOT_INTACT',
  'FAILED_PROCESSING',
] as const;
export const LAB_TARGETS = [...LAB_STEPS, ...LAB_FAILURES] as const;
export type LabTarget = (typeof LAB_TARGETS)[number];
export const isLabFailure = (status: string) => (LAB_FAILURES as readonly string[]).includes(status);

/** The most kits one scan batch, lab step or release may name. */
export const STAFF_BATCH_MAX = 200;
export const STAFF_KITS_PAGE_SIZE = 50;
export const FAILURE_REASON_MAX = 500;

export const STAFF_KIT_MESSAGES = {
  kitNotFound: (id: number) => `There is no kit KIT-${id}.`,
  codeRequired: 'Scan or type a kit id, sample id or voucher.',
  unknownCode: (code: string) =>
    `No kit or sample matches "${code}". Check the label and scan again. Nothing was changed.`,
  reasonRequired: 'Give the reason for the failure: the kit page and the audit log keep it.',
  reasonTooLong: `A reason can be at most ${FAILURE_REASON_MAX} characters long.`,
  nothingChanged: 'Nothing was changed.',
  batchRefused: (refused: number) =>
    `${refused === 1 ? 'One kit' : `${refused} kits`} of this batch cannot move, so no kit was moved. Remove ${refused === 1 ? 'it' : 'them'} or fix ${refused === 1 ? 'its' : 'their'} status first.`,
  batchEmpty: 'Add at least one kit to the batch.',
  batchTooBig: `A batch can hold at most ${STAFF_BATCH_MAX} kits.`,
  duplicateInBatch: (label: string) => `${label} is already in this batch.`,
  noStoredResults: (sample: string) =>
    `Sample ${sample} has no stored results to release. Upload its profile first. Nothing was changed.`,
  alreadyReleased: (sample: string) => `The results of sample ${sample} are already released.`,
  duplicateInUpload: (sample: string, first: string) =>
    `Sample ${sample} is in this upload twice (also in ${first}); upload one profile per sample.`,
  noSampleInName: (fileName: string) =>
    `The file name "${fileName}" does not name a sample: name each file by its sample id, like MB2K7QX9PD.txt.`,
  badCursor: 'This list has changed since it was loaded. Search again.',
  badDateRange: 'The "changed from" date must not be after the "changed to" date.',
  packMismatch: (slip: string, kit: string) =>
    `This slip is for ${slip} but the kit scanned is ${kit}: put ${kit} aside and find its own slip. Nothing was recorded.`,
  packNotDispatched: (label: string) =>
    `${label} is not in a dispatch batch: dispatch it first, then print its slip. Nothing was recorded.`,
  noBatch: (day: string) => `There is no dispatch batch for ${day}.`,
} as const;

// ---- Status words --------------------------------------------------------------------------------

/** A kit status as the spec writes it, with the customer's word for it where the spec gives one. */
export function kitStatusWords(status: string): string {
  const text = kitStatusText(status);
  return text === kitStatusText(null) ? status : `${status} (${text})`;
}

const statusList = (statuses: readonly string[], words: (s: string) => string) => {
  const named = statuses.map(words);
  return named.length <= 1
    ? (named[0] ?? 'no status')
    : `${named.slice(0, -1).join(', ')} or ${named.at(-1)}`;
};

/** The statuses from which the state machine allows a move to `target`. */
export const kitStatusesBefore = (target: string) =>
  KIT_STATUSES.filter((s) => kitTransitionAllowed(s, target));
export const sampleStatusesBefore = (target: string) =>
  SAMPLE_STATUSES.filter((s) => sampleTransitionAllowed(s, target));

export type StaffKitState = {
  id: number;
  name?: string | null;
  kitStatus: string;
  sampleStatus: string | null;
};

const labelOf = (kit: StaffKitState) => kitDisplayName({ id: kit.id, name: null });

/**
 * Why a kit cannot take this step, in the spec's status words, or null when the kit and sample state
 * machines allow it. A sample step also moves the kit where the sample implies it (kitStatusForSample),
 * as setKitStatus does, so both machines are asked.
 */
export function stepRefusal(
  kit: StaffKitState,
  change: { kitStatus?: string; sampleStatus?: string },
): string | null {
  const label = labelOf(kit);
  if (change.sampleStatus) {
    const target = change.sampleStatus;
    if (kit.sampleStatus === target)
      return `${label} is already ${target}. ${STAFF_KIT_MESSAGES.nothingChanged}`;
    if (!sampleTransitionAllowed(kit.sampleStatus, target))
      return `${label} cannot move to ${target}: its sample is ${kit.sampleStatus ?? 'not yet labelled'}, and a sample reaches ${target} only from ${statusList(sampleStatusesBefore(target), String)}. ${STAFF_KIT_MESSAGES.nothingChanged}`;
    const implied = kitStatusForSample(target);
    if (implied && implied !== kit.kitStatus && !kitTransitionAllowed(kit.kitStatus, implied))
      return `${label} cannot move to ${target}: the kit is ${kitStatusWords(kit.kitStatus)}, and a kit becomes ${kitStatusWords(implied)} only from ${statusList(kitStatusesBefore(implied), kitStatusWords)}. ${STAFF_KIT_MESSAGES.nothingChanged}`;
  }
  if (change.kitStatus) {
    const target = change.kitStatus;
    if (kit.kitStatus === target)
      return `${label} is already ${kitStatusWords(target)}. ${STAFF_KIT_MESSAGES.nothingChanged}`;
    if (!kitTransitionAllowed(kit.kitStatus, target))
      return `${label} cannot move to ${kitStatusWords(target)}: it is ${kitStatusWords(kit.kitStatus)}, and a kit becomes ${kitStatusWords(target)} only from ${statusList(kitStatusesBefore(target), kitStatusWords)}. ${STAFF_KIT_MESSAGES.nothingChanged}`;
  }
  return null;
}

export const DISPATCH_CHANGE = { kitStatus: 'DISPATCHED_BY_LAB' } as const;
export const RECEIVE_CHANGE = { sampleStatus: 'RECEIVED_BY_LAB' } as const;

// ---- Codes a person scans or types ---------------------------------------------------------------

/**
 * What a scanned or typed code names: a kit number (`123`, `KIT-123`) or text to match against the
 * sample id, the voucher (without dashes) and the label's hashed id. Scanners add no spaces, people do.
 */
export function parseKitCode(raw: string): { kitId: number | null; text: string; voucher: string } {
  const code = raw.trim();
  const number = /^(?:KIT[-\s]?)?(\d{1,9})$/i.exec(code)?.[1];
  return {
    kitId: number ? Number(number) : null,
    text: code.toUpperCase(),
    voucher: code.replace(/[\s-]/g, '').toUpperCase(),
  };
}

/**
 * The sample a profile's file is named by: the name without its folders and extensions, and without a
 * `_metaphlan`, `_profile` or `_bugs_list` suffix (`MB2K7QX9PD_metaphlan.txt` → `MB2K7QX9PD`).
 */
export function sampleFromFileName(fileName: string): string | null {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.(txt|tsv|csv|profile)$/i, '')
    .replace(/(_metaphlan\d*|_profile|_bugs_list)$/i, '');
  return /^[A-Za-z0-9][A-Za-z0-9-]{1,39}$/.test(stem) ? stem.toUpperCase() : null;
}

// ---- Payloads ------------------------------------------------------------------------------------

const code = z
  .string()
  .trim()
  .min(1, STAFF_KIT_MESSAGES.codeRequired)
  .max(80, STAFF_KIT_MESSAGES.unknownCode('…'));
export const scanSchema = z.object({ code });

/** Pack verification (issue 34): the packing slip's barcode, then the kit's. */
export const packVerifySchema = z.object({ slip: code, kit: code });

/** A day in the portal's zone, YYYY-MM-DD: a dispatch batch is one day's dispatched kits. */
export const batchDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the day as YYYY-MM-DD.');

export const dispatchBatchKitSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  sampleIdentifier: z.string(),
  recipient: z.string().nullable(),
  dispatchedAt: z.string(),
  dispatchedBy: z.string().nullable(),
  packVerifiedAt: z.string().nullable(),
});
export type DispatchBatchKit = z.infer<typeof dispatchBatchKitSchema>;

export const dispatchBatchSchema = z.object({
  day: z.string(),
  kits: z.array(dispatchBatchKitSchema),
});
export type DispatchBatch = z.infer<typeof dispatchBatchSchema>;

export const dispatchBatchListSchema = z.object({
  batches: z.array(
    z.object({
      day: z.string(),
      kits: z.number().int(),
      verified: z.number().int(),
      kitIds: z.array(z.number()),
    }),
  ),
});
export type DispatchBatchList = z.infer<typeof dispatchBatchListSchema>;

export const KIT_SORTS = ['newest', 'oldest'] as const;

export const staffKitSearchSchema = z
  .object({
    q: z.string().trim().max(120).optional(),
    kitStatus: z.enum(KIT_STATUSES).optional(),
    sampleStatus: z.enum(SAMPLE_STATUSES).optional(),
    projectId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    /** The kit's last change, from (inclusive) and before (exclusive): instants, so the page's own day. */
    changedFrom: z.iso
      .datetime({ offset: true, message: 'Give the date as an ISO 8601 date-time.' })
      .optional(),
    changedTo: z.iso
      .datetime({ offset: true, message: 'Give the date as an ISO 8601 date-time.' })
      .optional(),
    sort: z.enum(KIT_SORTS).default('newest'),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(STAFF_KITS_PAGE_SIZE),
  })
  .refine((v) => !v.changedFrom || !v.changedTo || Date.parse(v.changedFrom) <= Date.parse(v.changedTo), {
    message: STAFF_KIT_MESSAGES.badDateRange,
    path: ['changedTo'],
  });
export type StaffKitSearch = z.input<typeof staffKitSearchSchema>;

/** GET /api/staff/kits/projects: the projects the kit search filters by. */
export const kitProjectOptionsSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));

export const staffKitOwnerSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** A kit in the console's lists and scan logs. */
export const staffKitRowSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  sampleIdentifier: z.string(),
  voucherCode: z.string(),
  kitStatus: z.string(),
  sampleStatus: z.string().nullable(),
  project: z.object({ id: z.number().int(), name: z.string() }),
  owner: staffKitOwnerSchema.nullable(),
  /** When the kit last changed (ISO 8601). */
  updatedAt: z.string(),
});
export type StaffKitRow = z.infer<typeof staffKitRowSchema>;

export const staffKitPageSchema = z.object({
  items: z.array(staffKitRowSchema),
  /** Pass back as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type StaffKitPage = z.infer<typeof staffKitPageSchema>;

export const staffKitEventSchema = z.object({
  at: z.string(),
  eventType: z.string(),
  actor: z.string().nullable(),
});
export const staffAuditEntrySchema = z.object({
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export const staffKitDetailSchema = staffKitRowSchema.extend({
  hashedId: z.string(),
  name: z.string().nullable(),
  createdAt: z.string(),
  displayDate: z.string().nullable(),
  referralCode: z.string().nullable(),
  replacesKitId: z.number().int().nullable(),
  shipping: z
    .object({
      name: z.string(),
      addressLine1: z.string(),
      addressLine2: z.string().nullable(),
      suburb: z.string(),
      state: z.string(),
      postcode: z.string(),
    })
    .nullable(),
  ownerPhone: z.string().nullable(),
  order: z
    .object({
      id: z.number().int(),
      createdAt: z.string(),
      orderType: z.string(),
      deliveryOption: z.string(),
      amountCents: z.number().int(),
      purchaserName: z.string(),
      purchaserEmail: z.string(),
    })
    .nullable(),
  report: z
    .object({
      version: z.string(),
      database: z.string().nullable(),
      importedAt: z.string(),
      released: z.boolean(),
      richness: z.number().nullable(),
      shannon: z.number().nullable(),
      gmwi2: z.number().nullable(),
      gmhi: z.number().nullable(),
    })
    .nullable(),
  events: z.array(staffKitEventSchema),
  audit: z.array(staffAuditEntrySchema),
});
export type StaffKitDetail = z.infer<typeof staffKitDetailSchema>;

const codes = z
  .array(code)
  .min(1, STAFF_KIT_MESSAGES.batchEmpty)
  .max(STAFF_BATCH_MAX, STAFF_KIT_MESSAGES.batchTooBig);

export const labStepSchema = z
  .object({
    codes,
    sampleStatus: z.enum(LAB_TARGETS),
    reason: z.string().trim().max(FAILURE_REASON_MAX, STAFF_KIT_MESSAGES.reasonTooLong).optional(),
  })
  .refine((v) => !isLabFailure(v.sampleStatus) || (v.reason ?? '') !== '', {
    message: STAFF_KIT_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type LabStep = z.input<typeof labStepSchema>;

/**
 * A batch's answer: every kit moved. When any kit cannot move, none does: the 409's `fields` then name
 * each refused code with its reason.
 */
export const labStepResultSchema = z.object({ moved: z.array(staffKitRowSchema) });
