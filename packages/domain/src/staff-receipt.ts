import { z } from 'zod';
import { LAB_FAILURES, STAFF_KIT_MESSAGES, staffKitRowSchema } from './staff-kits.ts';

/**
 * What the lab records when a sample arrives (issue 34 item 11), the quarantine that follows a tube not
 * intact, and the console's work queues (item 17). Decision 061: a quarantined sample stays
 * RECEIVED_BY_LAB (the spec has no quarantine status, and "Sample received by lab" is true), and no lab
 * step takes it until a LAB member releases it or fails it.
 */

export const RECEIPT_CONDITIONS = ['INTACT', 'LEAKED', 'UNLABELLED', 'LATE'] as const;
export type ReceiptCondition = (typeof RECEIPT_CONDITIONS)[number];
/** The console's words for each condition code. */
export const RECEIPT_CONDITION_LABELS: Record<ReceiptCondition, string> = {
  INTACT: 'Intact',
  LEAKED: 'Leaked',
  UNLABELLED: 'Unlabelled',
  LATE: 'Late',
};

/** Freezer and box names as printed on them: letters, digits and dashes (F1, FRZ-02, B12). */
export const STORAGE_NAME = /^[A-Z0-9][A-Z0-9-]{0,19}$/;
/** A position in a 10 × 10 box: row A–J, column 1–10 (A1, C7, J10). */
export const STORAGE_POSITION = /^[A-J](?:10|[1-9])$/;
/** A collection date further back than this is a typing mistake, not a slow post. */
export const COLLECTION_MAX_DAYS = 365;
export const QUARANTINE_NOTE_MAX = 500;

export const RECEIPT_MESSAGES = {
  conditionInvalid: `Choose the tube's condition: ${RECEIPT_CONDITIONS.map((c) => RECEIPT_CONDITION_LABELS[c].toLowerCase()).join(', ')}.`,
  freezerInvalid: 'Give the freezer as printed on it: letters, digits and dashes, like F1 or FRZ-02.',
  boxInvalid: 'Give the box as printed on it: letters, digits and dashes, like B12.',
  positionInvalid: 'Give the position in the box as a row A–J and a column 1–10, like A1 or J10.',
  collectionDateInvalid: 'Give the collection date as a real date, YYYY-MM-DD.',
  collectionDateNeeded: (sample: string) =>
    `The collection date of sample ${sample} is not known: enter it from the tube's label. Nothing was changed.`,
  collectionInFuture: 'The collection date cannot be after the day the sample arrived. Nothing was changed.',
  collectionTooOld: `The collection date is more than ${COLLECTION_MAX_DAYS} days before the sample arrived: check it. Nothing was changed.`,
  placeTaken: (place: string, label: string) =>
    `${place} already holds ${label}: choose another position. Nothing was changed.`,
  notQuarantined: (label: string) => `${label} is not in quarantine. Nothing was changed.`,
  quarantined: (label: string) =>
    `${label} is in quarantine: release it or fail it on the Receive samples page first. Nothing was changed.`,
  noteRequired: 'Give the reason for failing the sample: the kit page and the audit log keep it.',
  noteTooLong: `A note can be at most ${QUARANTINE_NOTE_MAX} characters long.`,
} as const;

export const storagePlace = (s: { freezer: string; box: string; position: string }) =>
  `Freezer ${s.freezer}, box ${s.box}, position ${s.position}`;

const isRealDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Whole days from the collection day to the arrival day (both YYYY-MM-DD); negative when after. */
export function transitDays(collectionDate: string, receivedDay: string): number {
  const ms = Date.parse(`${receivedDay}T00:00:00Z`) - Date.parse(`${collectionDate}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** Why a collection date cannot be right for a sample that arrived on `receivedDay`, or null. */
export function collectionDateProblem(collectionDate: string, receivedDay: string): string | null {
  const days = transitDays(collectionDate, receivedDay);
  if (days < 0) return RECEIPT_MESSAGES.collectionInFuture;
  if (days > COLLECTION_MAX_DAYS) return RECEIPT_MESSAGES.collectionTooOld;
  return null;
}

/** A tube in any condition but intact goes into quarantine; an intact one only when the lab asks. */
export const quarantineOnReceipt = (condition: ReceiptCondition, asked: boolean | undefined) =>
  condition !== 'INTACT' || asked === true;

const upper = (message: string, pattern: RegExp) =>
  z
    .string({ error: message })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(pattern, message));

export const receiveRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, STAFF_KIT_MESSAGES.codeRequired)
    .max(80, STAFF_KIT_MESSAGES.unknownCode('…')),
  condition: z.enum(RECEIPT_CONDITIONS, { error: RECEIPT_MESSAGES.conditionInvalid }).default('INTACT'),
  /** Typed at the bench; when empty, the person's Day of sampling answer is used. */
  collectionDate: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isRealDate(v), RECEIPT_MESSAGES.collectionDateInvalid),
  freezer: upper(RECEIPT_MESSAGES.freezerInvalid, STORAGE_NAME),
  box: upper(RECEIPT_MESSAGES.boxInvalid, STORAGE_NAME),
  position: upper(RECEIPT_MESSAGES.positionInvalid, STORAGE_POSITION),
  /** Quarantine an intact tube too (a tube not intact always is). */
  quarantine: z.boolean().optional(),
});
export type ReceiveRequest = z.input<typeof receiveRequestSchema>;

export const sampleReceiptSchema = z.object({
  condition: z.enum(RECEIPT_CONDITIONS),
  collectionDate: z.string().nullable(),
  collectionDateSource: z.enum(['QUESTIONNAIRE', 'ENTERED']).nullable(),
  transitDays: z.number().int().nullable(),
  freezer: z.string(),
  box: z.string(),
  position: z.string(),
  receivedAt: z.string(),
  receivedBy: z.string().nullable(),
  /** OPEN while it waits for a decision; RELEASED or FAILED once decided; null: never quarantined. */
  quarantine: z.enum(['OPEN', 'RELEASED', 'FAILED']).nullable(),
  quarantineReason: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type SampleReceipt = z.infer<typeof sampleReceiptSchema>;

/** The receive scan's answer: the kit as it is now and what was recorded. */
export const receiveResultSchema = staffKitRowSchema.extend({ receipt: sampleReceiptSchema });
export type ReceiveResult = z.infer<typeof receiveResultSchema>;

export const QUARANTINE_DECISIONS = ['RELEASE', 'FAIL'] as const;
export const quarantineDecisionSchema = z
  .object({
    code: z.string().trim().min(1, STAFF_KIT_MESSAGES.codeRequired).max(80),
    decision: z.enum(QUARANTINE_DECISIONS),
    /** The failure a failed sample takes; the tube's own by default. */
    failure: z.enum(LAB_FAILURES).default('FAILED_TUBE_NOT_INTACT'),
    note: z.string().trim().max(QUARANTINE_NOTE_MAX, RECEIPT_MESSAGES.noteTooLong).optional(),
  })
  .refine((v) => v.decision !== 'FAIL' || (v.note ?? '') !== '', {
    message: RECEIPT_MESSAGES.noteRequired,
    path: ['note'],
  });
export type QuarantineDecision = z.input<typeof quarantineDecisionSchema>;

export const quarantineItemSchema = z.object({
  kit: staffKitRowSchema,
  receipt: sampleReceiptSchema,
});
export const quarantineListSchema = z.object({ items: z.array(quarantineItemSchema) });
export type QuarantineList = z.infer<typeof quarantineListSchema>;

// ---- Work queues (item 17) ----------------------------------------------------------------------

/** Who reads the work queues: the teams whose work they list (SUPPORT calls the customers). */
export const QUEUE_READER_ROLES = ['LOGISTICS', 'LAB', 'SUPPORT'] as const;
export const QUEUE_DEFAULTS = { stepDays: 7, returnWeeks: 6, callDays: 30 } as const;
export const QUEUE_SHOWN = 100;

export const workQueueQuerySchema = z.object({
  stepDays: z.coerce
    .number({ error: 'Give the days at a step as a whole number from 1 to 365.' })
    .int('Give the days at a step as a whole number from 1 to 365.')
    .min(1, 'Give the days at a step as a whole number from 1 to 365.')
    .max(365, 'Give the days at a step as a whole number from 1 to 365.')
    .default(QUEUE_DEFAULTS.stepDays),
  returnWeeks: z.coerce
    .number({ error: 'Give the weeks without a sample as a whole number from 1 to 52.' })
    .int('Give the weeks without a sample as a whole number from 1 to 52.')
    .min(1, 'Give the weeks without a sample as a whole number from 1 to 52.')
    .max(52, 'Give the weeks without a sample as a whole number from 1 to 52.')
    .default(QUEUE_DEFAULTS.returnWeeks),
  callDays: z.coerce
    .number({ error: 'Give the days of tubes to call about as a whole number from 1 to 365.' })
    .int('Give the days of tubes to call about as a whole number from 1 to 365.')
    .min(1, 'Give the days of tubes to call about as a whole number from 1 to 365.')
    .max(365, 'Give the days of tubes to call about as a whole number from 1 to 365.')
    .default(QUEUE_DEFAULTS.callDays),
});
export type WorkQueueQuery = z.input<typeof workQueueQuerySchema>;

const queueKitSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  sampleIdentifier: z.string(),
  kitStatus: z.string(),
  sampleStatus: z.string().nullable(),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** When it reached where it waits (ISO 8601), and the whole days since. */
  since: z.string(),
  days: z.number().int(),
});

export const turnaroundSchema = z.object({
  from: z.string(),
  to: z.string(),
  samples: z.number().int(),
  medianDays: z.number().nullable(),
  p90Days: z.number().nullable(),
});
export type Turnaround = z.infer<typeof turnaroundSchema>;

export const workQueuesSchema = z.object({
  settings: z.object({
    stepDays: z.number().int(),
    returnWeeks: z.number().int(),
    callDays: z.number().int(),
  }),
  /** Samples at a lab step (or in quarantine) for more than stepDays. */
  waitingAtStep: z.object({
    total: z.number().int(),
    items: z.array(queueKitSchema.extend({ quarantined: z.boolean() })),
  }),
  /** Kits sent more than returnWeeks ago with no sample back. */
  noSampleBack: z.object({ total: z.number().int(), items: z.array(queueKitSchema) }),
  /** Tubes received not intact in the last callDays: the customers to call. */
  notIntact: z.object({
    total: z.number().int(),
    items: z.array(
      queueKitSchema.extend({
        condition: z.enum(RECEIPT_CONDITIONS),
        phone: z.string().nullable(),
        quarantine: z.enum(['OPEN', 'RELEASED', 'FAILED']).nullable(),
      }),
    ),
  }),
  /** Days between a sample's steps, over the samples that took the second step in the last 90 days. */
  turnaround: z.array(turnaroundSchema),
});
export type WorkQueues = z.infer<typeof workQueuesSchema>;

/** The steps whose turnaround the dashboard shows: each from one event to the next. */
export const TURNAROUND_STEPS = [
  ['DISPATCHED_BY_LAB', 'RECEIVED_BY_LAB'],
  ['RECEIVED_BY_LAB', 'ACCESSIONING'],
  ['ACCESSIONING', 'DNA_EXTRACTION'],
  ['DNA_EXTRACTION', 'DNA_LIBRARY_PREP'],
  ['DNA_LIBRARY_PREP', 'SEQUENCING'],
  ['SEQUENCING', 'COMPLETED'],
  ['COMPLETED', 'RESULTS_AVAILABLE'],
  ['RECEIVED_BY_LAB', 'RESULTS_AVAILABLE'],
] as const;
export const TURNAROUND_WINDOW_DAYS = 90;
