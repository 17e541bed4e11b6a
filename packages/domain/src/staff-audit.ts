import { z } from 'zod';
import { keysetPageSchema } from './keyset-page.ts';

/**
 * The staff audit log (issue 24): every staff action, who, what, which record, before → after, when.
 * ADMIN reads the whole log in the console; a person reads the entries about their own account.
 */
export const AUDIT_PAGE_SIZE = 50;
/** The actor filter's value for actions of the operator key (the CLI and automation). */
export const OPERATOR_ACTOR = 'operator';

export const AUDIT_MESSAGES = {
  badCursor: 'This list has changed since it was loaded. Load it again from the top.',
  badDateRange: 'The "from" date must not be after the "to" date.',
  badActor: 'Choose a staff member or the operator key.',
  badSubject: 'Type the person’s account id or their email address.',
  badAction: 'Type an action such as order.refund, or the start of one such as order.',
} as const;

/**
 * How long the audit log is kept (issue 34 item 16), as the console states it. Nothing deletes entries
 * before then; the log outlives the accounts it names.
 */
export const AUDIT_RETENTION_YEARS = 7;
export const AUDIT_RETENTION_TEXT = `Entries are kept for at least ${AUDIT_RETENTION_YEARS} years from the day they are written, also after the account they are about is closed.`;
/** The most rows one CSV export holds; narrow the filters for more. */
export const AUDIT_CSV_MAX_ROWS = 10_000;

const isoDate = z.iso.date('Enter a date as YYYY-MM-DD.');

export const auditQuerySchema = z
  .object({
    /** A staff member's account id, or `operator`. */
    actor: z.union([z.uuid(), z.literal(OPERATOR_ACTOR)], { error: AUDIT_MESSAGES.badActor }).optional(),
    /** An action (order.refund), or its start (order): entries whose action is it or begins with it and a dot. */
    action: z
      .string()
      .trim()
      .regex(/^[a-z_]+(\.[a-z_]+)*$/, AUDIT_MESSAGES.badAction)
      .max(80)
      .optional(),
    /**
     * The person an entry is about, by account id or email: entries with them as subject, whatever the
     * record kind (a closure is logged under closure_request), and entries on their user record.
     */
    subject: z.union([z.uuid(), z.email()], { error: AUDIT_MESSAGES.badSubject }).optional(),
    /** The kind of record: user, kit, sample, order… */
    entity: z.string().trim().min(1).max(40).optional(),
    entityId: z.string().trim().min(1).max(100).optional(),
    /** Days in UTC, both included. */
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** The `next` of the page before: the log pages by keyset, newest first. */
    after: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: AUDIT_MESSAGES.badDateRange, path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  subjectId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = keysetPageSchema('entries', auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** What staff did about a person, as that person reads it (GET /api/me/audit). */
export const myAuditEntrySchema = z.object({
  at: z.string(),
  /** The staff member's name, or "Operations (automated)" for the operator key. */
  who: z.string(),
  what: z.string(),
});
export const myAuditPageSchema = keysetPageSchema('entries', myAuditEntrySchema);
export type MyAuditPage = z.infer<typeof myAuditPageSchema>;

/** "What our staff did on your account", in the "Your data" section of My Profile. */
export const MY_AUDIT_TEXTS = {
  title: 'What our staff did on your account',
  intro: 'Each thing our staff did about your account, newest first: when, who, and what.',
  empty: 'Our staff have not done anything on your account.',
  more: 'Show more',
  failed: 'We could not load what our staff did on your account. Please try again later.',
  when: 'When',
  who: 'Who',
  what: 'What',
} as const;

/**
 * How the person is told the operator key (the lab's scanners, the CLI, automation) acted: it has no
 * name. Steps on a kit or sample were the lab's; anything else was the team's (issue 33 item 22).
 */
export const OPERATOR_KEY_FOR_PERSON = 'Our team';
export const OUR_LAB = 'Our lab';

/** Staff actions in plain words, for the person they concern. Each staff-* area adds its own here. */
const ACTION_TEXT: Record<string, string> = {
  'staff.invite': 'Invited you to the staff console',
  'staff.invitation.accept': 'You set the password of your staff account',
  'staff.second_factor.enrol': 'You set up your authenticator app',
  'staff.second_factor.reset': 'Removed your authenticator app',
  'staff.second_factor.fail': 'A wrong code was entered when signing in to your staff account',
  'staff.second_factor.lock': 'Your authenticator codes were locked after 10 wrong codes',
  'staff.second_factor.unlock': 'Unlocked your authenticator codes',
  'staff.recovery_code.use': 'You signed in with a recovery code',
  'staff.recovery_codes.renew': 'You made new recovery codes',
  'staff.roles.change': 'Changed your staff roles',
  'staff.disable': 'Disabled your staff account',
  'person.view': 'Looked at your account in the staff console',
  'kit.view': 'Looked at your kit in the staff console',
  'staff.second_factor.begin': 'You started setting up an authenticator app',
  'person.support_view.open': 'Opened a read-only view of your portal',
  'person.verification_email.send': 'Sent you a new verification email',
  'person.password_reset.send': 'Sent you a link to reset your password',
  'person.consent_form.view': 'Looked at your parental consent form',
  'person.export.start': 'Started an export of your data, as you asked',
  'person.close': 'Closed your account, as you asked',
  'user.export': 'Started an export of your data, as you asked',
  'consent.review.approve': 'Approved your parental consent form',
  'consent.review.reject': 'Declined your parental consent form',
  'order.refund': 'Refunded your order',
  'kit.replacement.order': 'Ordered a replacement kit for you',
  'person.note.add': 'Wrote a note about your call with us',
  'person.notes.view': 'Read the notes about your calls with us',
  'subscription.cancel': 'Cancelled your subscription',
  'subscription.renewal.retry': 'Tried the renewal of your subscription again',
};

export function describeStaffAction(action: string): string {
  return ACTION_TEXT[action] ?? 'Changed a record about you';
}

const LAB_STEP_TEXT: Record<string, (kit: string) => string> = {
  REQUESTED: (kit) => `Your kit ${kit} is being packed`,
  DISPATCHED_BY_LAB: (kit) => `Your kit ${kit} was sent to you`,
  RECEIVED_BY_CUSTOMER: (kit) => `Your kit ${kit} was marked as delivered to you`,
  REPLACED: (kit) => `Your kit ${kit} was replaced`,
  RECEIVED_BY_LAB: (kit) => `Your kit ${kit} was marked as received at the lab`,
  READY_FOR_ACCESSIONING: (kit) => `Your kit ${kit} was checked in at the lab`,
  ACCESSIONING: (kit) => `Your kit ${kit} was checked in at the lab`,
  DNA_EXTRACTION: (kit) => `The lab started extracting the DNA of your kit ${kit}`,
  DNA_LIBRARY_PREP: (kit) => `The lab prepared your kit ${kit} for sequencing`,
  SEQUENCING: (kit) => `The lab started sequencing your kit ${kit}`,
  PROCESSING: (kit) => `The lab started processing your kit ${kit}`,
  COMPLETED: (kit) => `The lab finished processing your kit ${kit}`,
  RESULTS_AVAILABLE: (kit) => `The results of your kit ${kit} were released to you`,
  LOST_IN_TRANSIT: (kit) => `Your kit ${kit} was marked as lost in the post`,
};

const RESULT_STEPS = new Set(['COMPLETED', 'RESULTS_AVAILABLE', 'MICROBIOME_COACH_SESSION_COMPLETED']);

const statusAfter = (after: unknown, key: 'kitStatus' | 'sampleStatus'): string | null => {
  const value = (after as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : null;
};

/** An entry of the staff audit log as the person it is about reads it (GET /api/me/audit). */
export type EntryForPerson = {
  action: string;
  entity: string;
  entityId: string;
  after: unknown;
  /**
   * The kit's project keeps its results (NO_DELIVERY): no entry may say results exist, so the steps
   * that made them read as 'finished processing' (issue 33 item 9).
   */
  withheld: boolean;
};

/**
 * What staff did, in plain words naming the record: "Your kit KIT-12 was marked as received at the lab"
 * (issue 33 item 22). Entries about a kit name the step from the status it reached.
 */
export function describeForPerson(entry: EntryForPerson): string {
  if (entry.entity !== 'kit') return describeStaffAction(entry.action);
  const kit = `KIT-${entry.entityId}`;
  const finished = `The lab finished processing your kit ${kit}`;
  if (entry.action === 'results.store')
    return entry.withheld ? finished : `The lab stored the results of your kit ${kit}`;
  if (entry.action === 'results.release')
    return entry.withheld ? finished : `The results of your kit ${kit} were released to you`;
  if (entry.action === 'results.approve' || entry.action === 'results.hold')
    return entry.withheld ? finished : `The lab checked the results of your kit ${kit}`;
  if (entry.action === 'results.retract')
    return entry.withheld ? finished : `The lab withdrew the report of your kit ${kit} to correct it`;
  const sample = statusAfter(entry.after, 'sampleStatus');
  const status = statusAfter(entry.after, 'kitStatus');
  if (sample?.startsWith('FAILED_') || status?.startsWith('FAILED_'))
    return `The lab could not analyse the sample of your kit ${kit}`;
  const reached = entry.action === 'kit.dispatch' ? 'DISPATCHED_BY_LAB' : (sample ?? status);
  if (entry.withheld && reached && RESULT_STEPS.has(reached)) return finished;
  const text = reached ? LAB_STEP_TEXT[reached] : undefined;
  return text ? text(kit) : `The lab updated your kit ${kit}`;
}
