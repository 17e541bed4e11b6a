// Over 300 lines because it is the kit's whole vocabulary from the spec (statuses, their texts, the
// state machines and the listing rules), which the API and the web app both import from one place.
import { z } from 'zod';
import { dependantDetailsSchema } from './dependant.ts';
import { DASHBOARD_TEXTS } from './navigation.ts';
import { addressSchema } from './profile.ts';
import { surveyProgressSchema } from './questionnaire/definition.ts';

/**
 * Kit rules of consumer §4 and research §4, shared by the API and the web app.
 * `{product}` in the spec's status names is `LAB` here (DISPATCHED_BY_LAB, RECEIVED_BY_LAB).
 */

export const KIT_STATUSES = [
  'UNASSIGNED',
  'ASSIGNED',
  'REDEEMED',
  'REQUESTED',
  'ALLOCATED',
  'DISPATCHED_BY_LAB',
  'RECEIVED_BY_CUSTOMER',
  'RECEIVED_BY_LAB',
  'PROCESSING',
  'RESULTS_AVAILABLE',
  'MICROBIOME_COACH_SESSION_COMPLETED',
  'FAILED_OVERLOADED',
  'FAILED_UNDERLOADED',
  'FAILED_SWAB_OTHER',
  'FAILED_PROCESSING',
  'REPLACED',
  'INVALIDATED',
  'REFUNDED',
] as const;
export type KitStatus = (typeof KIT_STATUSES)[number];

export const SAMPLE_STATUSES = [
  'UNLABELLED',
  'UNALLOCATED',
  'ALLOCATED',
  'INVALIDATED',
  'DISPATCHED_BY_CUSTOMER',
  'LOST_IN_TRANSIT',
  'RECEIVED_BY_LAB',
  'READY_FOR_ACCESSIONING',
  'ACCESSIONING',
  'DNA_EXTRACTION',
  'DNA_LIBRARY_PREP',
  'SEQUENCING',
  'PROCESSING',
  'COMPLETED',
  'FAILED_OVERLOADED',
  'FAILED_UNDERLOADED',
  'FAILED_SWAB_OTHER',
  'FAILED_TUBE_NOT_INTACT',
  'FAILED_PROCESSING',
  'RESULTS_AVAILABLE',
  'MICROBIOME_COACH_SESSION_COMPLETED',
] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];
/** The lab's own steps, READY_FOR_ACCESSIONING to COMPLETED: between a sample's arrival and its results. */
const LAB_PROCESSING_STEPS: readonly SampleStatus[] = SAMPLE_STATUSES.slice(
  SAMPLE_STATUSES.indexOf('READY_FOR_ACCESSIONING'),
  SAMPLE_STATUSES.indexOf('COMPLETED') + 1,
);

export const LOGISTIC_TYPES = ['LAB_MANAGED', 'CLIENT_MANAGED'] as const;
export const KIT_NAME_MAX = 32;
export const KIT_NOTES_MAX = 1000;
export const CONSUMER_NOTIFICATION_LIMIT = 4;
export const RESEARCH_NOTIFICATION_LIMIT = 7;
export const SCROLL_TO_KIT_DELAY_MS = 1000;

export const KIT_MESSAGES = {
  statusMissing: 'Status details missing.',
  noNotifications: DASHBOARD_TEXTS.noNotifications,
  noKits: DASHBOARD_TEXTS.noKits,
  timelineFailed: 'Failed to load timeline data.',
  invalidVoucher:
    'You have entered an invalid voucher code. Please check the code or contact your project administrator.',
  voucherRequired: 'Please enter your voucher code.',
  referralRequired: 'Please enter a referral code.',
  referralUnknown: 'We could not find that referral code. Please check it with your practitioner.',
  sendLater: 'Click "Select option" again when you are ready to send this kit.',
  successActivated: 'Great news, your kit is on its way!',
  successRedeemed: 'Kit successfully redeemed',
  kitNotFound: 'We could not find that kit in your account.',
  notActivatable: 'This kit has already been sent or used, so it cannot be sent again.',
  notGivable: 'Only a kit that has not been sent yet can be given to someone else.',
  clientManaged: 'Kits of this project are handed out by the study team, so they cannot be posted to you.',
  alreadyRedeemed: 'This kit has already been redeemed.',
  receiverEmail: 'Please enter a valid email address for the person receiving the kit.',
  giveToSelf: 'Please enter the email address of the person you are giving the kit to, not your own.',
  sentKitRedeemed: 'This kit has already been redeemed by the person you gave it to.',
  nameTooLong: `A kit name can be at most ${KIT_NAME_MAX} characters long.`,
  notesTooLong: `Notes can be at most ${KIT_NOTES_MAX} characters long.`,
  /** A name or notes save from a tab that showed older values (issue 33 item 16). */
  staleKit:
    'This kit was changed in another window. We have loaded the latest version; please check and save again',
  /** Not in the spec's words: a name or notes save that does not say what it was showing (issue 33 item 16). */
  wasRequired:
    'Please send the kit name and notes you loaded (was.name, was.notes) with the change. Reload your kits and save again.',
  /** Consumer §9 claim: the report takes about 4 weeks after the lab receives the sample. */
  reportTiming: 'A report usually takes about 4 weeks after the lab receives the sample.',
  rejectGuardian:
    'Each person needs their own account. To set up a kit for your child or dependant, please create a separate parent or guardian account for them with its own email address, then redeem the kit there.',
} as const;

const KIT_STATUS_TEXT: Partial<Record<string, string>> = {
  ASSIGNED: 'Kit Available',
  UNASSIGNED: 'Kit Available',
  REQUESTED: 'Packing',
  ALLOCATED: 'Sent',
  DISPATCHED_BY_LAB: 'Sent',
  RECEIVED_BY_CUSTOMER: 'Received',
  PROCESSING: 'Processing',
  RECEIVED_BY_LAB: 'Received by {product}',
  RESULTS_AVAILABLE: 'Results Available',
  MICROBIOME_COACH_SESSION_COMPLETED: 'Coach session completed',
  FAILED_OVERLOADED: 'Error',
  FAILED_UNDERLOADED: 'Error',
  FAILED_SWAB_OTHER: 'Error',
  FAILED_PROCESSING: 'Error',
  REDEEMED: 'Kit Redeemed',
};

/** The friendly text of a kit status (consumer §4 table); unknown or textless values get 'Status details missing.'. */
export function kitStatusText(status: string | null | undefined): string {
  return (status && KIT_STATUS_TEXT[status]) || KIT_MESSAGES.statusMissing;
}

const SAMPLE_STATUS_TEXT: Partial<Record<string, string>> = {
  DISPATCHED_BY_CUSTOMER: 'Sample on its way to the lab',
  LOST_IN_TRANSIT: 'Sample lost in transit',
  RECEIVED_BY_LAB: 'Sample received by lab',
  READY_FOR_ACCESSIONING: 'Lab is processing',
  ACCESSIONING: 'Lab is processing',
  DNA_EXTRACTION: 'Lab is processing',
  DNA_LIBRARY_PREP: 'Lab is processing',
  SEQUENCING: 'Lab is processing',
  PROCESSING: 'Lab is processing',
  COMPLETED: 'Lab is processing',
  FAILED_OVERLOADED: 'Sample could not be analysed',
  FAILED_UNDERLOADED: 'Sample could not be analysed',
  FAILED_SWAB_OTHER: 'Sample could not be analysed',
  FAILED_TUBE_NOT_INTACT: 'Sample could not be analysed',
  FAILED_PROCESSING: 'Sample could not be analysed',
  RESULTS_AVAILABLE: 'Results Available',
  MICROBIOME_COACH_SESSION_COMPLETED: 'Coach session completed',
};

/** The status line of a notification: the sample's step once the sample is on its way, else the kit's. */
export function kitNotificationText(kit: { kitStatus: string; sampleStatus: string | null }): string {
  return (kit.sampleStatus && SAMPLE_STATUS_TEXT[kit.sampleStatus]) || kitStatusText(kit.kitStatus);
}

/** Research §2: status labels by logistics type; `null` means the step is not shown. */
export function researchKitStatusText(status: string, logisticType: string | null): string | null {
  const managed = logisticType === 'LAB_MANAGED';
  if (status === 'REQUESTED') return managed ? 'Preparing your order' : 'Sampling';
  if (status === 'DISPATCHED_BY_LAB') return managed ? 'Your kit has been dispatched' : null;
  if (status === 'RECEIVED_BY_LAB') return managed ? 'Sample received by {product}' : 'Received by {product}';
  return kitStatusText(status);
}

/**
 * Research status line of a sample between the participant and the lab. Posting the sample back does not
 * move the kit's status (it still reads as the lab's dispatch), so the sample's step speaks instead.
 */
export function researchSampleStatusText(sampleStatus: string | null): string | null {
  if (sampleStatus !== 'DISPATCHED_BY_CUSTOMER' && sampleStatus !== 'LOST_IN_TRANSIT') return null;
  return SAMPLE_STATUS_TEXT[sampleStatus] ?? null;
}

export const kitDisplayName = (kit: { id: number; name: string | null }) =>
  kit.name?.trim() || `KIT-${kit.id}`;

export type KitLike = { kitStatus: string; sampleStatus: string | null };

/** The sample steps at which a kit has a report: results available, or the coach session done. */
export const REPORT_SAMPLE_STATUSES = ['RESULTS_AVAILABLE', 'MICROBIOME_COACH_SESSION_COMPLETED'] as const;
const REPORT_STATES = new Set<string>(REPORT_SAMPLE_STATUSES);
const REPLACEABLE_FAILURES = new Set(['FAILED_OVERLOADED', 'FAILED_UNDERLOADED', 'FAILED_SWAB_OTHER']);

/** Kit rules: a report can be viewed once results are available or the coach session is done. */
export const canViewReport = (kit: Pick<KitLike, 'sampleStatus'>) =>
  REPORT_STATES.has(kit.sampleStatus ?? '');
/** Kit rules: not activated while UNASSIGNED or ASSIGNED. */
export const isNotActivated = (kit: KitLike) =>
  kit.kitStatus === 'UNASSIGNED' || kit.kitStatus === 'ASSIGNED';
/** Listing rules: activated kits are those not UNASSIGNED. */
export const isActivated = (kit: KitLike) => kit.kitStatus !== 'UNASSIGNED';
/** Kit rules: a replacement can be requested after an overloaded, underloaded or swab failure, unless replaced. */
export const canRequestReplacement = (kit: KitLike) =>
  kit.kitStatus !== 'REPLACED' &&
  (REPLACEABLE_FAILURES.has(kit.sampleStatus ?? '') || REPLACEABLE_FAILURES.has(kit.kitStatus));

const AT_LAB = new Set<string>(['RECEIVED_BY_LAB', ...LAB_PROCESSING_STEPS]);
/** The sample is at the lab, between its arrival and its results (results can be imported then). */
export const isSampleAtLab = (sampleStatus: string | null) => AT_LAB.has(sampleStatus ?? '');
/** The sample is at the lab and its report is not ready yet (when the report-timing claim applies). */
export const isAwaitingReport = (kit: KitLike) =>
  isSampleAtLab(kit.sampleStatus) ||
  (kit.sampleStatus === null && (kit.kitStatus === 'RECEIVED_BY_LAB' || kit.kitStatus === 'PROCESSING'));

/** Listing rules: invalidated kits are hidden; refunded ones only when they have results. */
export function isListed(kit: KitLike): boolean {
  if (kit.kitStatus === 'INVALIDATED' || kit.sampleStatus === 'INVALIDATED') return false;
  if (kit.kitStatus === 'REFUNDED') return canViewReport(kit);
  return true;
}

const SAMPLE_RANK: Record<string, number> = {
  MICROBIOME_COACH_SESSION_COMPLETED: 1,
  RESULTS_AVAILABLE: 2,
  RECEIVED_BY_LAB: 3,
  DISPATCHED_BY_LAB: 4,
  DISPATCHED_BY_CUSTOMER: 5,
  ACCESSIONING: 6,
};
const KIT_RANK: Record<string, number> = { RECEIVED_BY_CUSTOMER: 1, DISPATCHED_BY_LAB: 2, REQUESTED: 3 };
const rank = (table: Record<string, number>, key: string | null) =>
  (key && table[key]) || Number.MAX_SAFE_INTEGER;

/**
 * Notification ordering: ascending sample-status rank, then kit-status rank; invalidated and refunded
 * kits excluded; the first `limit` kept (4 on the consumer dashboard, 7 on the research one).
 */
export function orderNotifications<K extends KitLike>(kits: K[], limit = CONSUMER_NOTIFICATION_LIMIT): K[] {
  return kits
    .filter(
      (k) => k.kitStatus !== 'INVALIDATED' && k.kitStatus !== 'REFUNDED' && k.sampleStatus !== 'INVALIDATED',
    )
    .map((kit, index) => ({ kit, index }))
    .sort(
      (a, b) =>
        rank(SAMPLE_RANK, a.kit.sampleStatus) - rank(SAMPLE_RANK, b.kit.sampleStatus) ||
        rank(KIT_RANK, a.kit.kitStatus) - rank(KIT_RANK, b.kit.kitStatus) ||
        a.index - b.index,
    )
    .slice(0, limit)
    .map((x) => x.kit);
}

/** The summary cards of the dashboard, over the listed ("valid") kits. */
export function kitSummary(kits: KitLike[]) {
  const valid = kits.filter(isListed);
  return {
    validKits: valid.length,
    activatedKits: valid.filter(isActivated).length,
    reportsReceived: valid.filter(canViewReport).length,
    coachSessions: valid.filter((k) => k.sampleStatus === 'MICROBIOME_COACH_SESSION_COMPLETED').length,
  };
}

export type CoachTile = 'COMPLETED' | 'BOOK' | 'HOW_TO';

/**
 * Coach tile: only once results are available. Blue (COMPLETED) after the session, green (BOOK) when
 * the questionnaires are 100% complete, otherwise grey (HOW_TO) opening the info modal.
 */
export function coachTileState(kit: KitLike, questionnairesComplete: boolean): CoachTile | null {
  if (kit.sampleStatus === 'MICROBIOME_COACH_SESSION_COMPLETED') return 'COMPLETED';
  if (kit.sampleStatus !== 'RESULTS_AVAILABLE') return null;
  return questionnairesComplete ? 'BOOK' : 'HOW_TO';
}

/** Questionnaires count as complete when every listed one has all its shown questions answered. */
export function questionnairesComplete(
  stats: { totalQuestions: number; completedQuestions: number }[],
): boolean {
  return (
    stats.length > 0 && stats.every((s) => s.totalQuestions > 0 && s.completedQuestions >= s.totalQuestions)
  );
}

// ---- Timeline -------------------------------------------------------------------------------

export const TIMELINE_STEPS = [
  { key: 'PURCHASED', label: 'Kit Purchased', events: ['PURCHASED', 'REDEEMED'] },
  { key: 'PREPARING', label: 'Preparing your order', events: ['REQUESTED', 'ALLOCATED'] },
  { key: 'DISPATCHED', label: 'Kit dispatched', events: ['DISPATCHED_BY_LAB'] },
  { key: 'RECEIVED', label: 'Sample received by lab', events: ['RECEIVED_BY_LAB'] },
  {
    key: 'PROCESSING',
    label: 'Lab is processing',
    // The accessioning step falls back to the ready-for-accessioning date (consumer §4), then later lab steps.
    events: [
      'ACCESSIONING',
      'READY_FOR_ACCESSIONING',
      'DNA_EXTRACTION',
      'DNA_LIBRARY_PREP',
      'SEQUENCING',
      'PROCESSING',
    ],
  },
  { key: 'REPORT', label: 'Report available', events: ['RESULTS_AVAILABLE'] },
  { key: 'COACH', label: 'Book a Microbiome Coach session', events: ['MICROBIOME_COACH_SESSION_COMPLETED'] },
] as const;

export type TimelineEvent = { eventType: string; date: string; dateTime: string };
export type TimelineStep = { key: string; label: string; date: string | null; active: boolean };

/**
 * The seven steps with their dates. A step is active if it has an event date or any later step has one;
 * within a step, the first event type in its list that occurred gives the date (earliest occurrence).
 */
export function timelineSteps(events: TimelineEvent[]): TimelineStep[] {
  const firstDate = (type: string) =>
    events
      .filter((e) => e.eventType === type)
      .map((e) => e.date)
      .sort()[0] ?? null;
  const dated = TIMELINE_STEPS.map((step) => ({
    key: step.key,
    label: step.label,
    date: step.events.map(firstDate).find((d) => d !== null) ?? null,
  }));
  return dated.map((step, i) => ({
    ...step,
    active: step.date !== null || dated.slice(i + 1).some((s) => s.date !== null),
  }));
}

// ---- Status changes (operators: logistics and lab) -------------------------------------------

const KIT_FAILURES: readonly KitStatus[] = KIT_STATUSES.filter((s) => s.startsWith('FAILED_'));
/** The kit's journey in order: every status but the failures and the ways out of it (REDEEMED is ASSIGNED). */
const KIT_FLOW: readonly KitStatus[] = KIT_STATUSES.filter(
  (s) => !KIT_FAILURES.includes(s) && !['REDEEMED', 'REPLACED', 'INVALIDATED', 'REFUNDED'].includes(s),
);

/** Steps that cannot be skipped: a kit is requested before it travels, and at the lab before any lab step. */
const KIT_GATES = ['REQUESTED', 'RECEIVED_BY_LAB'];

function crossesGate(flow: readonly string[], at: number, target: number, gates: string[]): boolean {
  return gates.some((gate) => {
    const g = flow.indexOf(gate);
    return at < g && target > g;
  });
}

/**
 * The kit state machine: forward along the journey (steps may be skipped, except being requested and
 * reaching the lab; never reversed); a failure
 * only while the sample is at the lab; REPLACED only after a failure; REFUNDED once sent; INVALIDATED
 * before the sample reaches the lab. REDEEMED behaves like ASSIGNED.
 */
export function kitTransitionAllowed(from: string, to: string): boolean {
  if (from === to) return false;
  const at = KIT_FLOW.indexOf((from === 'REDEEMED' ? 'ASSIGNED' : from) as KitStatus);
  const target = KIT_FLOW.indexOf(to as KitStatus);
  if (at >= 0 && target >= 0)
    return (
      (target > at && !crossesGate(KIT_FLOW, at, target, KIT_GATES)) ||
      (from === 'ASSIGNED' && to === 'UNASSIGNED')
    );
  if (KIT_FAILURES.includes(to as KitStatus)) return from === 'RECEIVED_BY_LAB' || from === 'PROCESSING';
  if (to === 'REPLACED') return KIT_FAILURES.includes(from as KitStatus);
  if (to === 'REFUNDED')
    return (
      KIT_FAILURES.includes(from as KitStatus) || (at >= KIT_FLOW.indexOf('REQUESTED') && from !== 'REFUNDED')
    );
  if (to === 'INVALIDATED') return at >= 0 && at < KIT_FLOW.indexOf('RECEIVED_BY_LAB');
  return false;
}

const SAMPLE_FAILURES: readonly SampleStatus[] = SAMPLE_STATUSES.filter((s) => s.startsWith('FAILED_'));
/** The lab pipeline in order: every sample status but the failures and the ways out of it. */
const SAMPLE_FLOW: readonly SampleStatus[] = SAMPLE_STATUSES.filter(
  (s) => !SAMPLE_FAILURES.includes(s) && s !== 'INVALIDATED' && s !== 'LOST_IN_TRANSIT',
);
/** Samples the lab holds, or that are on their way to it: from the person's dispatch on, failures included. */
export const SAMPLES_AT_THE_LAB: readonly SampleStatus[] = [
  ...SAMPLE_FLOW.slice(SAMPLE_FLOW.indexOf('DISPATCHED_BY_CUSTOMER')),
  ...SAMPLE_FAILURES,
];

/** The sample state machine: forward along the lab pipeline; failures only at the lab; loss only in transit. */
export function sampleTransitionAllowed(from: string | null, to: string): boolean {
  const current = from ?? 'UNLABELLED';
  if (current === to) return false;
  const at = SAMPLE_FLOW.indexOf(current as SampleStatus);
  const target = SAMPLE_FLOW.indexOf(to as SampleStatus);
  const received = SAMPLE_FLOW.indexOf('RECEIVED_BY_LAB');
  if (at >= 0 && target >= 0)
    return target > at && !crossesGate(SAMPLE_FLOW, at, target, ['RECEIVED_BY_LAB']);
  if (current === 'LOST_IN_TRANSIT') return to === 'RECEIVED_BY_LAB';
  if (to === 'LOST_IN_TRANSIT') return current === 'DISPATCHED_BY_CUSTOMER';
  if (SAMPLE_FAILURES.includes(to as SampleStatus))
    return at >= received && at < SAMPLE_FLOW.indexOf('RESULTS_AVAILABLE');
  if (to === 'INVALIDATED') return at >= 0 && at < received;
  return false;
}

/** The kit status a sample step implies, when the sample's progress moves the kit along. */
export function kitStatusForSample(sample: string): KitStatus | null {
  if (sample === 'RECEIVED_BY_LAB') return 'RECEIVED_BY_LAB';
  if (LAB_PROCESSING_STEPS.includes(sample as SampleStatus)) return 'PROCESSING';
  if (sample === 'RESULTS_AVAILABLE') return 'RESULTS_AVAILABLE';
  if (sample === 'MICROBIOME_COACH_SESSION_COMPLETED') return 'MICROBIOME_COACH_SESSION_COMPLETED';
  if (sample === 'FAILED_TUBE_NOT_INTACT') return 'FAILED_PROCESSING';
  if (SAMPLE_FAILURES.includes(sample as SampleStatus)) return sample as KitStatus;
  if (sample === 'INVALIDATED') return 'INVALIDATED';
  return null;
}

/**
 * A report state (results available, coach session done) stands for a report the person can open, so a
 * kit or sample reaches one only when the lab's results have been imported (issue 21: an operator step
 * alone emailed 'Your microbiome report is ready' with no report behind it).
 */
export function needsImportedResults(change: {
  kitStatus?: string | null;
  sampleStatus?: string | null;
}): boolean {
  return REPORT_STATES.has(change.kitStatus ?? '') || REPORT_STATES.has(change.sampleStatus ?? '');
}

export const resultsOnlyByImport = (status: string) =>
  `A kit reaches ${status} only when its results are imported: run results:import with the sample's MetaPhlAn profile.`;

export function transitionRefusal(kind: 'kit' | 'sample', from: string | null, to: string): string {
  return `A ${kind} cannot go from ${from ?? 'no status'} to ${to}.`;
}

// ---- Codes ------------------------------------------------------------------------------------

/** Referral codes: a leading 'REF-' or 'REF' is removed before lookup and apply (consumer §5). */
export function normaliseReferralCode(code: string): string {
  return code
    .trim()
    .replace(/^REF-?/i, '')
    .toUpperCase();
}

/** Voucher codes are typed by people: case, spaces and dashes do not matter. */
export function normaliseVoucher(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

// ---- Payloads ---------------------------------------------------------------------------------

const voucherField = z
  .string()
  .trim()
  .min(1, KIT_MESSAGES.voucherRequired)
  .max(40, KIT_MESSAGES.invalidVoucher);

export const checkVoucherSchema = z.object({ voucher: voucherField });

/** A shipping address for a kit sent now (the profile's address rules). */
export const shippingAddressSchema = addressSchema.pick({
  addressLine1: true,
  addressLine2: true,
  suburb: true,
  state: true,
  postcode: true,
  gnafId: true,
});
export type ShippingAddress = z.input<typeof shippingAddressSchema>;

/** redeemKit / redeemKitBasic: activate false redeems only (address blank), true also sends it. */
/** forDependant: the "For my child or dependant" option (the rule is dependantRedeem in dependant.ts). */
export const redeemKitSchema = z.discriminatedUnion('activate', [
  z.object({
    kitId: z.number().int().positive(),
    voucher: voucherField,
    activate: z.literal(false),
    forDependant: z.boolean().optional(),
    /** When this account becomes the dependant's (issue 33 item 23): whose it becomes. */
    dependant: dependantDetailsSchema.optional(),
  }),
  shippingAddressSchema.extend({
    kitId: z.number().int().positive(),
    voucher: voucherField,
    activate: z.literal(true),
    forDependant: z.boolean().optional(),
    dependant: dependantDetailsSchema.optional(),
  }),
]);

export const activateKitSchema = shippingAddressSchema.extend({
  firstName: z.string().trim().max(25).optional(),
  lastName: z.string().trim().max(25).optional(),
});

/** What the kit forms check: a name, notes, referral code or report-received change, without `was`. */
export const kitFieldsSchema = z.object({
  name: z.string().trim().max(KIT_NAME_MAX, KIT_MESSAGES.nameTooLong).nullable().optional(),
  notes: z.string().max(KIT_NOTES_MAX, KIT_MESSAGES.notesTooLong).nullable().optional(),
  referralCode: z.string().trim().max(40).nullable().optional(),
  reportReceived: z.literal(true).optional(),
});

/**
 * putKit. A name or notes change must say what the form was showing (`was`, required for each of the
 * two it changes; 400 without): when the kit holds another value (saved in another window since), the
 * save is refused with 409 and changes nothing. A referral code or report-received change alone
 * overwrites no text the person typed, so it needs no `was`.
 */
export const updateKitSchema = kitFieldsSchema
  .extend({
    was: z
      .object(
        {
          name: z.string(KIT_MESSAGES.wasRequired).max(KIT_NAME_MAX).nullable().optional(),
          notes: z.string(KIT_MESSAGES.wasRequired).max(KIT_NOTES_MAX).nullable().optional(),
        },
        KIT_MESSAGES.wasRequired,
      )
      .optional(),
  })
  .superRefine((v, ctx) => {
    for (const field of ['name', 'notes'] as const) {
      if (v[field] !== undefined && v.was?.[field] === undefined)
        ctx.addIssue({ code: 'custom', path: ['was', field], message: KIT_MESSAGES.wasRequired });
    }
  })
  .refine((v) => Object.keys(v).some((key) => key !== 'was'), 'Nothing to change.');
export type UpdateKit = z.output<typeof updateKitSchema>;

export const giveKitSchema = z.object({
  receiverEmail: z.email(KIT_MESSAGES.receiverEmail).max(254, KIT_MESSAGES.receiverEmail),
  kitId: z.number().int().positive().optional(),
  voucher: voucherField.optional(),
});

/**
 * redeemKit and activateKit: what the client uses of the changed kit (issue 31). It refetches the
 * lists it shows, so the server does not build a whole kit for it to throw away.
 */
export const kitChangedSchema = z.object({ kitId: z.number().int(), kitStatus: z.string() });
export type KitChanged = z.infer<typeof kitChangedSchema>;

/** give kit and resend gift: the kit given and to whom. */
export const giveResultSchema = z.object({ kitId: z.number(), receiverEmail: z.string() });

/** A project's switches for the five portal questionnaires (SURVEY_ENABLED_FLAGS), on its kits too. */
export const surveySwitchesSchema = z.object({
  exerciseSurveyEnabled: z.boolean(),
  foodSurveyEnabled: z.boolean(),
  medicalSurveyEnabled: z.boolean(),
  mentalSurveyEnabled: z.boolean(),
  samplingSurveyEnabled: z.boolean(),
});

export const kitSchema = z.object({
  id: z.number().int(),
  kitId: z.number().int(),
  hashedId: z.string(),
  name: z.string().nullable(),
  notes: z.string().nullable(),
  kitStatus: z.string(),
  sampleStatus: z.string().nullable(),
  sampleIdentifier: z.string(),
  voucherCode: z.string().nullable(),
  referralCode: z.string().nullable(),
  referralName: z.string().nullable(),
  redeemedDate: z.string().nullable(),
  activatedDate: z.string().nullable(),
  displayDate: z.string().nullable(),
  reportReceived: z.boolean(),
  surveyResultId: z.string().nullable(),
  /** The kit ordered to replace this one, once it is REPLACED (its card says 'Replaced by KIT-{id}'). */
  replacedByKitId: z.number().int().nullable(),
  /** When staff refunded the kit's order in full (issue 34); absent or null when they did not. */
  orderRefundedDate: z.string().nullish(),
  surveysStats: z.array(surveyProgressSchema),
  project: z.object({
    id: z.number().int(),
    name: z.string(),
    logisticType: z.string(),
    resultDeliveryType: z.string().nullable(),
  }),
  ...surveySwitchesSchema.shape,
  givingAllowed: z.boolean(),
});
export type Kit = z.infer<typeof kitSchema>;

export const sentKitSchema = z.object({
  kitId: z.number().int(),
  name: z.string().nullable(),
  receiverEmail: z.string(),
  requestedDate: z.string(),
  redeemedDate: z.string().nullable(),
  kitStatus: z.string(),
  sampleStatus: z.string().nullable(),
});
export type SentKit = z.infer<typeof sentKitSchema>;

/** Kits Given to Others: REDEEMED once the receiver redeemed it, else UNASSIGNED. */
export const sentKitStatus = (sent: { redeemedDate: string | null }) =>
  sent.redeemedDate ? 'REDEEMED' : 'UNASSIGNED';

export const dashboardSchema = z.object({
  numberOfUnassignedKits: z.number().int(),
  numberOfRedeemedKits: z.number().int(),
  profileCompleted: z.boolean(),
});

export const voucherLookupSchema = z.object({
  id: z.number().int(),
  kitId: z.number().int(),
  kitStatus: z.string(),
  projectId: z.number().int(),
  name: z.string(),
  logisticType: z.string(),
  ownedByYou: z.boolean(),
});

export const timelineEventSchema = z.object({
  eventType: z.string(),
  date: z.string(),
  dateTime: z.string(),
  /** On the dispatch: the carrier's tracking number and where to follow the parcel (issue 34). */
  tracking: z.object({ carrier: z.string(), number: z.string(), url: z.string() }).optional(),
});
export const referralLookupSchema = z.object({ name: z.string(), referralCode: z.string() });

export const REDEEM_STEPS = [
  'REDEEM_TYPE',
  'REDEEM_CODE',
  'REDEEM_CODE_WITH_ADDRESS',
  'REDEEM_CONSENT',
  /** Issue 33 item 23: whether this account becomes the dependant's, and whose (name, date of birth). */
  'REDEEM_DEPENDANT',
  'REDEEM_ADDRESS',
  'REDEEM_REJECT',
  'SUCCESS',
] as const;
export type RedeemStep = (typeof REDEEM_STEPS)[number];
export type RedeemOption = 'SEND_NOW' | 'SEND_LATER' | 'CHILD' | 'GIVE';

/** The redeem options as the spec names them (consumer §4 "Redeem flow"). */
export const REDEEM_OPTION_LABELS: Record<RedeemOption, string> = {
  SEND_NOW: 'Send now',
  SEND_LATER: 'Send later',
  CHILD: 'For my child or dependant',
  GIVE: 'Give to someone else',
};

/** The child or dependant option is offered only to users who are neither under age nor guardian. */
export const redeemOptions = (user: { underAge: boolean; guardian: boolean }): RedeemOption[] =>
  user.underAge || user.guardian
    ? ['SEND_NOW', 'SEND_LATER', 'GIVE']
    : ['SEND_NOW', 'SEND_LATER', 'CHILD', 'GIVE'];

/** The step after choosing an option in REDEEM_TYPE. */
export function stepAfterOption(option: RedeemOption): RedeemStep | 'GIVE' {
  if (option === 'SEND_NOW') return 'REDEEM_CODE_WITH_ADDRESS';
  if (option === 'SEND_LATER') return 'REDEEM_CODE';
  if (option === 'CHILD') return 'REDEEM_CONSENT';
  return 'GIVE';
}
