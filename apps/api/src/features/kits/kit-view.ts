import crypto from 'node:crypto';
import { deliversResults, KIT_MESSAGES, type Kit, REPORT_SAMPLE_STATUSES } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { kitEvents, kits, projects, referralCodes, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { KitSurveyStats } from '../surveys/index.ts';

/** What the listing, the owner's changes and the lab steps share: a kit as shown, its codes, its events. */

// ---- Codes ------------------------------------------------------------------------------------

/** No 0/O, 1/I/L: codes are read off paper and typed by people. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function randomCode(length: number, alphabet = ALPHABET): string {
  const bytes = crypto.randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length; i++) {
    const value = bytes.readUInt16BE((i * 2) % bytes.length);
    // Rejection sampling keeps every character equally likely.
    if (value < Math.floor(65536 / alphabet.length) * alphabet.length)
      out += alphabet[value % alphabet.length];
    if (i > length * 8) return randomCode(length, alphabet);
  }
  return out;
}

/** 12 characters from a 31-letter alphabet: about 59 bits, shown as XXXX-XXXX-XXXX. */
export const newVoucherCode = () => randomCode(12);
export const formatVoucher = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** A timestamp as ISO 8601 in UTC, from a Date (a row) or PostgreSQL's JSON text (the kits list). */
export const isoDate = (d: Date | string | null) =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

// ---- A kit as shown ---------------------------------------------------------------------------

const REPLACEMENT = 'replacement';
const replacement = alias(kits, REPLACEMENT);

/**
 * The columns a kit is shown with (toKit, the listing rules, questionnaire progress); its shipping
 * address and bookkeeping stay in the database, so the busy kits list reads less. The referral's name
 * is looked up only for a kit with a code, the replacing kit only for a REPLACED kit (through the
 * partial index on replaces_kit_id), so most kits pay for neither.
 */
export const shownKitColumns = {
  id: kits.id,
  hashedId: kits.hashedId,
  name: kits.name,
  notes: kits.notes,
  kitStatus: kits.kitStatus,
  sampleStatus: kits.sampleStatus,
  sampleIdentifier: kits.sampleIdentifier,
  voucherCode: kits.voucherCode,
  referralCode: kits.referralCode,
  redeemedAt: kits.redeemedAt,
  activatedAt: kits.activatedAt,
  displayDate: kits.displayDate,
  reportReceived: kits.reportReceived,
  surveyResultId: kits.surveyResultId,
  projectId: kits.projectId,
  surveyProgress: kits.surveyProgress,
  orderRefundedAt: kits.orderRefundedAt,
  referralName: sql<string | null>`case when ${kits.referralCode} is not null then (
    select trim(${referralCodes.firstName} || ' ' || ${referralCodes.lastName})
    from ${referralCodes} where ${referralCodes.code} = ${kits.referralCode}) end`,
  replacedBy: sql<number | null>`case when ${kits.kitStatus} = 'REPLACED' then (
    select max(${replacement.id}) from ${kits} as ${sql.identifier(REPLACEMENT)}
    where ${replacement.replacesKitId} = ${kits.id}) end`,
};
export const shownProjectColumns = {
  id: projects.id,
  name: projects.name,
  logisticType: projects.logisticType,
  resultDeliveryType: projects.resultDeliveryType,
  exerciseSurveyEnabled: projects.exerciseSurveyEnabled,
  foodSurveyEnabled: projects.foodSurveyEnabled,
  medicalSurveyEnabled: projects.medicalSurveyEnabled,
  mentalSurveyEnabled: projects.mentalSurveyEnabled,
  samplingSurveyEnabled: projects.samplingSurveyEnabled,
  givingAllowed: projects.givingAllowed,
};

type Shown<T extends Record<string, unknown>> = {
  [K in keyof T]: T[K] extends { _: { data: infer D; notNull: infer N } }
    ? N extends true
      ? D
      : D | null
    : T[K] extends { _: { type: infer D } }
      ? D
      : never;
};
/** A kit as read: a row (timestamps as Date) or the kits list's JSON (timestamps as text). */
export type ShownKit = Omit<
  Shown<typeof shownKitColumns>,
  'redeemedAt' | 'activatedAt' | 'orderRefundedAt'
> & {
  redeemedAt: Date | string | null;
  activatedAt: Date | string | null;
  orderRefundedAt: Date | string | null;
};
export type ShownProject = Shown<typeof shownProjectColumns>;

// ---- Results a project keeps --------------------------------------------------------------------

const REPORT_STATES = new Set<string>(REPORT_SAMPLE_STATUSES);
/** The statuses just before results: the lab's processing, done. */
const BEFORE_RESULTS = { kitStatus: 'PROCESSING', sampleStatus: 'COMPLETED' } as const;

/**
 * The kit has results its project keeps from the participant (NO_DELIVERY or no delivery type,
 * research §2, decision 026). Staff see the truth; the participant's every view of the kit (the kits
 * lists, the timeline, the data export) shows it where the lab's processing ended.
 */
export const resultsKeptFromOwner = (
  kit: { kitStatus: string; sampleStatus: string | null },
  project: { resultDeliveryType: string | null },
) =>
  !deliversResults(project) &&
  (REPORT_STATES.has(kit.kitStatus) || REPORT_STATES.has(kit.sampleStatus ?? ''));

/** A kit's statuses and report date as its owner is shown them: results kept read as processing complete. */
export function ownerStatuses<
  K extends { kitStatus: string; sampleStatus: string | null; displayDate: string | null },
>(
  kit: K,
  project: { resultDeliveryType: string | null },
): Pick<K, 'kitStatus' | 'sampleStatus' | 'displayDate'> {
  if (!resultsKeptFromOwner(kit, project))
    return { kitStatus: kit.kitStatus, sampleStatus: kit.sampleStatus, displayDate: kit.displayDate };
  return {
    kitStatus: REPORT_STATES.has(kit.kitStatus) ? BEFORE_RESULTS.kitStatus : kit.kitStatus,
    sampleStatus: REPORT_STATES.has(kit.sampleStatus ?? '') ? BEFORE_RESULTS.sampleStatus : kit.sampleStatus,
    displayDate: null,
  };
}

/** A kit's timeline as its owner is shown it: no results or coach step when the project keeps the results. */
export const ownerTimeline = <E extends { eventType: string }>(events: E[], kept: boolean): E[] =>
  kept ? events.filter((e) => !REPORT_STATES.has(e.eventType)) : events;

/**
 * A kit as its owner is shown it (the kits lists, the answer to the owner's changes), or as it is for
 * staff (`truth`: the answer to a lab step).
 */
export function toKit(
  kit: ShownKit,
  project: ShownProject,
  surveysStats: KitSurveyStats,
  { truth = false }: { truth?: boolean } = {},
): Kit {
  const { kitStatus, sampleStatus, displayDate } = truth ? kit : ownerStatuses(kit, project);
  return {
    id: kit.id,
    kitId: kit.id,
    hashedId: kit.hashedId,
    name: kit.name,
    notes: kit.notes,
    kitStatus,
    sampleStatus,
    sampleIdentifier: kit.sampleIdentifier,
    voucherCode: formatVoucher(kit.voucherCode),
    referralCode: kit.referralCode,
    referralName: kit.referralName || null,
    redeemedDate: isoDate(kit.redeemedAt),
    activatedDate: isoDate(kit.activatedAt),
    displayDate,
    reportReceived: kit.reportReceived,
    surveyResultId: kit.surveyResultId,
    replacedByKitId: kit.replacedBy,
    orderRefundedDate: isoDate(kit.orderRefundedAt),
    surveysStats,
    project: {
      id: project.id,
      name: project.name,
      logisticType: project.logisticType,
      resultDeliveryType: project.resultDeliveryType,
    },
    exerciseSurveyEnabled: project.exerciseSurveyEnabled,
    foodSurveyEnabled: project.foodSurveyEnabled,
    medicalSurveyEnabled: project.medicalSurveyEnabled,
    mentalSurveyEnabled: project.mentalSurveyEnabled,
    samplingSurveyEnabled: project.samplingSurveyEnabled,
    givingAllowed: project.givingAllowed,
  };
}

/**
 * One kit as shown after a change (redeem, activate; a lab step with `truth`): the answer carries no
 * progress.
 */
export async function kitById(db: DbOrTx, kitId: number, view: { truth?: boolean } = {}): Promise<Kit> {
  const [row] = await db
    .select({ kit: shownKitColumns, project: shownProjectColumns })
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(eq(kits.id, kitId));
  if (!row) throw notFound(KIT_MESSAGES.kitNotFound);
  return toKit(row.kit, row.project, [], view);
}

// ---- Events and mail --------------------------------------------------------------------------

export async function addEvent(tx: DbOrTx, kitId: number, eventType: string, actor: string | null) {
  await tx.insert(kitEvents).values({ kitId, eventType, actor });
}

/** Who hears of a kit's change: its owner's address and first name, or null for an unowned kit. */
export async function ownerOf(tx: DbOrTx, ownerId: string | null) {
  if (!ownerId) return null;
  const [owner] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, ownerId));
  return owner ?? null;
}
