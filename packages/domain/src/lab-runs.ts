import { z } from 'zod';
import {
  FAILURE_REASON_MAX,
  isLabFailure,
  LAB_TARGETS,
  STAFF_BATCH_MAX,
  STAFF_KIT_MESSAGES,
  staffKitRowSchema,
} from './staff-kits.ts';

/**
 * Runs, plates and controls (issue 34 item 7) and the lab's batch work (item 9): a sequencing run holds
 * 96-well plates filled by scanning, and its two controls (an extraction blank and a positive control);
 * a run whose controls are missing or failed holds every sample on it. Moves of a whole plate or run
 * report each tube's outcome, and the last move may be undone within a minute.
 */

export const PLATE_ROWS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const PLATE_COLUMNS = 12;
/** The 96 wells in the order a plate is filled: down each column, A1, B1 … H1, A2 … H12. */
export const PLATE_WELLS: readonly string[] = Array.from({ length: PLATE_COLUMNS }, (_, c) =>
  PLATE_ROWS.map((row) => `${row}${c + 1}`),
).flat();
export const PLATE_SIZE = PLATE_WELLS.length;

/** A well as typed (`a1`, `A01`) in its plate-map form (`A1`), or null when no such well. */
export function normaliseWell(raw: string): string | null {
  const match = /^([A-Ha-h])0?([1-9]|1[0-2])$/.exec(raw.trim());
  return match ? `${(match[1] as string).toUpperCase()}${match[2]}` : null;
}

/** The first empty well in fill order, or null when the plate is full. */
export const nextFreeWell = (taken: Iterable<string>): string | null => {
  const used = new Set(taken);
  return PLATE_WELLS.find((w) => !used.has(w)) ?? null;
};

export const CONTROL_KINDS = ['BLANK', 'POSITIVE'] as const;
export type ControlKind = (typeof CONTROL_KINDS)[number];
export const CONTROL_NAMES: Record<ControlKind, string> = {
  BLANK: 'extraction blank',
  POSITIVE: 'positive control',
};
/** A control's name at the start of a sentence or as a label: "Extraction blank". */
export const controlLabel = (kind: ControlKind) =>
  `${CONTROL_NAMES[kind].charAt(0).toUpperCase()}${CONTROL_NAMES[kind].slice(1)}`;

/** The kinds of control no well of a plate holds (a plate may go without; the run page says so). */
export const missingControls = (plate: { controls: readonly { kind: ControlKind }[] }): ControlKind[] =>
  CONTROL_KINDS.filter((kind) => !plate.controls.some((c) => c.kind === kind));

/** PENDING: a control not yet uploaded; FAILED: a control failed; OVERRIDDEN: failed, released by a person. */
export const RUN_STATES = ['PENDING', 'PASSED', 'FAILED', 'OVERRIDDEN'] as const;
export type RunState = (typeof RUN_STATES)[number];
export const runHolds = (state: RunState) => state === 'PENDING' || state === 'FAILED';

/** The run's state from its controls and override. */
export function runState(
  controls: readonly { kind: string; passed: boolean }[],
  overridden: boolean,
): RunState {
  const failed = controls.some((c) => !c.passed);
  if (failed) return overridden ? 'OVERRIDDEN' : 'FAILED';
  const present = new Set(controls.map((c) => c.kind));
  return CONTROL_KINDS.every((k) => present.has(k)) ? 'PASSED' : overridden ? 'OVERRIDDEN' : 'PENDING';
}

export const DEFAULT_BLANK_MAX_READS = 10_000;
export const DEFAULT_POSITIVE_MAX_DISTANCE = 0.3;
export const DEFAULT_POSITIVE_NAME = 'NIST RM 8048';
export const UNDO_WINDOW_MS = 60_000;
export const RUN_NAME_MAX = 60;

const clock = (at: Date) => at.toISOString().slice(11, 19);

export const LAB_RUN_MESSAGES = {
  runUnknown: (id: number) => `There is no run ${id}.`,
  plateUnknown: (name: string) => `There is no plate ${name}. Check the plate's barcode.`,
  runNameTaken: (name: string) => `A run named ${name} already exists: give the sequencer's own run id.`,
  plateNameTaken: (name: string) => `A plate named ${name} already exists: each plate has its own barcode.`,
  badName: 'Give a name of letters, digits, dots, dashes or underscores (at most 60).',
  badWell: (well: string) =>
    `${well} is not a well of a 96-well plate: wells run from A1 to H12. Nothing was placed.`,
  badWellToEmpty: (well: string) =>
    `${well} is not a well of a 96-well plate: wells run from A1 to H12. Nothing was removed.`,
  wellTaken: (plate: string, well: string, kit: string) =>
    `Well ${well} of plate ${plate} already holds ${kit}: choose an empty well. Nothing was placed.`,
  plateFull: (plate: string) =>
    `Plate ${plate} is full: all 96 wells hold a tube. Start a new plate. Nothing was placed.`,
  alreadyPlaced: (kit: string, plate: string, well: string) =>
    `${kit} is already in well ${well} of plate ${plate}: a tube sits in one well. Nothing was placed.`,
  notAtLab: (kit: string, status: string | null) =>
    `${kit} cannot go on a plate: its sample is ${status ?? 'not yet labelled'}, not at the lab. Receive it first. Nothing was placed.`,
  placed: (kit: string, plate: string, well: string) => `${kit} placed in well ${well} of plate ${plate}.`,
  wellEmpty: (plate: string, well: string) => `Well ${well} of plate ${plate} is already empty.`,
  controlRequired: 'Choose the extraction blank or the positive control. Nothing was placed.',
  controlWellRequired: 'Give the well for the control, from A1 to H12. Nothing was placed.',
  controlPlaced: (kind: ControlKind, plate: string, well: string) =>
    `${controlLabel(kind)} placed in well ${well} of plate ${plate}.`,
  controlRemoved: (kind: ControlKind, plate: string, well: string) =>
    `${controlLabel(kind)} removed from well ${well} of plate ${plate}.`,
  notAControl: (plate: string, well: string, kit: string) =>
    `Well ${well} of plate ${plate} holds ${kit}, not a control. Nothing was removed.`,
  noControlThere: (plate: string, well: string) =>
    `Well ${well} of plate ${plate} holds no control: it is empty. Nothing was removed.`,
  plateMissingControls: (plate: string, kinds: readonly ControlKind[]) =>
    kinds.length === 1
      ? `Plate ${plate} has no ${CONTROL_NAMES[kinds[0] as ControlKind]} in a well. That is allowed, but if it was extracted with this plate's samples, place it in a free well so the map records it.`
      : `Plate ${plate} has no ${kinds.map((k) => CONTROL_NAMES[k]).join(' and no ')} in a well. That is allowed, but if they were extracted with this plate's samples, place them in free wells so the map records them.`,
  blankPassed: (reads: number | null, max: number) =>
    reads === null
      ? 'Passed: the blank has no classified taxa.'
      : `Passed: ${reads.toLocaleString('en-AU')} reads, at most ${max.toLocaleString('en-AU')} allowed.`,
  blankTooManyReads: (reads: number, max: number) =>
    `Failed: the blank has ${reads.toLocaleString('en-AU')} reads, more than the ${max.toLocaleString('en-AU')} its project allows. It is not near-empty: look for contamination.`,
  blankUnjudged: (taxa: number) =>
    `Failed: the blank has ${taxa} classified taxa and does not say how many reads were processed (#N reads processed), so it cannot be shown to be near-empty.`,
  positivePassed: (distance: number, max: number, name: string) =>
    `Passed: Bray–Curtis distance ${distance.toFixed(3)} from the ${name} reference, at most ${max} allowed.`,
  positiveFar: (distance: number, max: number, name: string) =>
    `Failed: Bray–Curtis distance ${distance.toFixed(3)} from the ${name} reference, more than the ${max} its project allows.`,
  noReference: (name: string) =>
    `Failed: the project has no reference profile for its positive control (${name}). Set one in the project's control settings, then upload the control again.`,
  badProfile: (kind: ControlKind, problem: string) =>
    `The ${CONTROL_NAMES[kind]}'s file is not a MetaPhlAn profile: ${problem} Nothing was stored.`,
  badReference: (problem: string) =>
    `The reference profile is not a MetaPhlAn profile: ${problem} Nothing was changed.`,
  runHeld: (sample: string, run: string, state: RunState) =>
    state === 'PENDING'
      ? `Sample ${sample} is on run ${run}, whose controls are not all checked yet: upload the extraction blank and the positive control first. Nothing was changed.`
      : `Sample ${sample} is on run ${run}, whose controls failed, so the whole run is held. Re-check the controls or override with a reason first. Nothing was changed.`,
  notFailed: (run: string) =>
    `Run ${run} has no failed control to override. Upload its controls to check them.`,
  overrideReasonRequired: 'Give the reason for the override: the audit log keeps it.',
  noMove: 'You have no lab move to undo.',
  undoTooLate: (count: number, target: string, at: Date) =>
    `Your last move (${count === 1 ? '1 kit' : `${count} kits`} to ${target} at ${clock(at)} UTC) was made more than a minute ago, so it can no longer be undone. Nothing was changed.`,
  undoFailure: (target: string) =>
    `Your last move was to ${target}, a failure its owners have been told about, so it cannot be undone. Nothing was changed.`,
  undoChanged: (kit: string, now: string | null) =>
    `${kit} has moved on since (its sample is now ${now ?? 'not labelled'}), so the move cannot be undone. Nothing was changed.`,
  undone: (count: number, target: string) =>
    `Undone: ${count === 1 ? '1 kit' : `${count} kits`} back from ${target}.`,
  rangeTooBig: `A range can hold at most ${STAFF_BATCH_MAX} kits: scan a shorter range.`,
  emptyPlate: (plate: string) => `Plate ${plate} has no tubes yet: scan tubes into its wells first.`,
} as const;

const name = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/, LAB_RUN_MESSAGES.badName);

export const createRunSchema = z.object({ name, projectId: z.number().int().positive().max(2_147_483_647) });
export const createPlateSchema = z.object({ name });
/** A scanned tube into a well; without a well, the first empty one in fill order. */
export const placeTubeSchema = z.object({
  code: z.string().trim().min(1, STAFF_KIT_MESSAGES.codeRequired).max(80),
  well: z.string().trim().max(4).optional(),
});
/** A control into a chosen well of a plate (the lab chooses where its blank and positive control sit). */
export const placeControlSchema = z.object({
  kind: z.enum(CONTROL_KINDS, { error: LAB_RUN_MESSAGES.controlRequired }),
  well: z
    .string({ error: LAB_RUN_MESSAGES.controlWellRequired })
    .trim()
    .min(1, LAB_RUN_MESSAGES.controlWellRequired)
    .max(4),
});
export type PlaceControl = z.infer<typeof placeControlSchema>;
const MAX_CONTROL_TEXT = 2 * 1024 * 1024;
export const controlUploadSchema = z.object({
  kind: z.enum(CONTROL_KINDS),
  fileName: z.string().trim().min(1).max(200),
  text: z.string().min(1, 'The file is empty.').max(MAX_CONTROL_TEXT),
});
const reason = z
  .string()
  .trim()
  .min(1, LAB_RUN_MESSAGES.overrideReasonRequired)
  .max(FAILURE_REASON_MAX, STAFF_KIT_MESSAGES.reasonTooLong);
export const runOverrideSchema = z.object({ reason });

/** A whole plate or run to a lab step or a failure (with its reason). */
export const groupStepSchema = z
  .object({
    sampleStatus: z.enum(LAB_TARGETS),
    reason: z.string().trim().max(FAILURE_REASON_MAX, STAFF_KIT_MESSAGES.reasonTooLong).optional(),
  })
  .refine((v) => !isLabFailure(v.sampleStatus) || (v.reason ?? '') !== '', {
    message: STAFF_KIT_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type GroupStep = z.input<typeof groupStepSchema>;

/** Each tube's outcome: moved, or refused with its reason in the status words; the moved ones did move. */
export const groupStepResultSchema = z.object({
  moved: z.array(staffKitRowSchema),
  refused: z.array(z.object({ kit: staffKitRowSchema, refusal: z.string() })),
});
export type GroupStepResult = z.infer<typeof groupStepResultSchema>;

export const undoResultSchema = z.object({
  target: z.string(),
  kits: z.array(z.string()),
  message: z.string(),
});

export const controlSettingsSchema = z.object({
  blankMaxReads: z.number().int().min(0).max(1_000_000_000),
  positiveMaxDistance: z.number().min(0).max(1),
  positiveName: z.string().trim().min(1).max(80),
  /** A MetaPhlAn profile; null removes it. Left out: unchanged. */
  positiveReference: z.string().max(MAX_CONTROL_TEXT).nullable().optional(),
});
export const controlSettingsResultSchema = z.object({
  projectId: z.number().int(),
  blankMaxReads: z.number().int(),
  positiveMaxDistance: z.number(),
  positiveName: z.string(),
  hasReference: z.boolean(),
});

export const runControlSchema = z.object({
  kind: z.enum(CONTROL_KINDS),
  fileName: z.string(),
  reads: z.number().int().nullable(),
  distance: z.number().nullable(),
  passed: z.boolean(),
  finding: z.string(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
});
export type RunControl = z.infer<typeof runControlSchema>;

export const plateWellSchema = z.object({ well: z.string(), kit: staffKitRowSchema });
/** A well holding a control rather than a kit's tube. */
export const plateControlSchema = z.object({ well: z.string(), kind: z.enum(CONTROL_KINDS) });
export const plateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  runId: z.number().int(),
  runName: z.string(),
  /** The wells holding a kit's tube, in fill order. */
  wells: z.array(plateWellSchema),
  /** The wells holding a control, in fill order. */
  controls: z.array(plateControlSchema),
});
/** A control placed or removed: the plate as it now is, and what was done, in words. */
export const plateControlResultSchema = z.object({ plate: plateSchema, message: z.string() });
export type Plate = z.infer<typeof plateSchema>;

export const runSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project: z.object({ id: z.number().int(), name: z.string() }),
  state: z.enum(RUN_STATES),
  plates: z.number().int(),
  tubes: z.number().int(),
  createdAt: z.string(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;
export const runListSchema = z.object({ runs: z.array(runSummarySchema) });

export const runDetailSchema = runSummarySchema.extend({
  plateMaps: z.array(plateSchema),
  controls: z.array(runControlSchema),
  override: z.object({ reason: z.string(), by: z.string().nullable(), at: z.string() }).nullable(),
  settings: controlSettingsResultSchema,
});
export type RunDetail = z.infer<typeof runDetailSchema>;

export const rangeQuerySchema = z.object({
  first: z.string().trim().min(1, STAFF_KIT_MESSAGES.codeRequired).max(80),
  last: z.string().trim().min(1, STAFF_KIT_MESSAGES.codeRequired).max(80),
});
export const kitListSchema = z.object({ kits: z.array(staffKitRowSchema) });
