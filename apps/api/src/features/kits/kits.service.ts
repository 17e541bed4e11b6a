import crypto from 'node:crypto';
import {
  becomesGuardian,
  deliversResults,
  dependantRedeem,
  isListed,
  isNotActivated,
  isProfileComplete,
  isUnderAge,
  KIT_MESSAGES,
  type Kit,
  kitStatusForSample,
  kitTransitionAllowed,
  needsImportedResults,
  normaliseReferralCode,
  normaliseVoucher,
  reportDelivered,
  resultsOnlyByImport,
  type SentKit,
  sampleTransitionAllowed,
  transitionRefusal,
} from '@portal/domain';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { enqueueMail } from '../../adapters/mail/outbox.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import {
  type KitRow,
  kitEvents,
  kits,
  labResults,
  type ProjectRow,
  projects,
  referralCodes,
  type StoredProgressMap,
  sentKits,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, invalid, notFound, sessionExpired } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/authenticate.ts';
import { liveSession } from '../auth/live-session.ts';
import { refreshStoredProgress, storedSurveyStats } from '../surveys/surveys.service.ts';
import {
  kitDispatchedMail,
  kitGiftMail,
  kitRequestedMail,
  resultsAvailableMail,
  sampleFailedMail,
  sampleReceivedMail,
} from './kit-mail.ts';

// ---- Codes ------------------------------------------------------------------------------------

/** No 0/O, 1/I/L: codes are read off paper and typed by people. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function randomCode(length: number, alphabet = ALPHABET): string {
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
const newSampleIdentifier = () => `MB${randomCode(8, 'ABCDEFGHJKMNPQRSTUVWXYZ0123456789')}`;
const newHashedId = () => crypto.randomBytes(12).toString('base64url');

// ---- Reading --------------------------------------------------------------------------------

/** A timestamp as ISO 8601 in UTC, from a Date (a row) or PostgreSQL's JSON text (the kits list). */
const isoDate = (d: Date | string | null) =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * The columns a kit is shown with (toKit, the listing rules, questionnaire progress); its shipping
 * address and bookkeeping stay in the database, so the busy kits list reads and decodes less.
 */
const shownKitColumns = {
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
};
const shownProjectColumns = {
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
type ShownKit = Pick<KitRow, keyof typeof shownKitColumns>;
type ShownProject = Pick<ProjectRow, keyof typeof shownProjectColumns>;

type Joined = {
  kit: ShownKit | JsonKit;
  project: ShownProject;
  referralFirst: string | null;
  referralLast: string | null;
  replacedBy: number | null;
};

const REPLACEMENT = 'replacement';
const replacement = alias(kits, REPLACEMENT);
/**
 * The kit that replaced a REPLACED kit (the replacement order links the new kit to the failed one).
 * Looked up only for a replaced kit, through the partial index on replaces_kit_id, so the kits list of
 * a person without one pays nothing for it.
 */
const replacedBySql = sql<number | null>`case when ${kits.kitStatus} = 'REPLACED' then (
  select max(${replacement.id}) from ${kits} as ${sql.identifier(REPLACEMENT)}
  where ${replacement.replacesKitId} = ${kits.id}) end`;

function toKit(row: Joined): Kit {
  const { kit, project } = row;
  return {
    id: kit.id,
    kitId: kit.id,
    hashedId: kit.hashedId,
    name: kit.name,
    notes: kit.notes,
    kitStatus: kit.kitStatus,
    sampleStatus: kit.sampleStatus,
    sampleIdentifier: kit.sampleIdentifier,
    voucherCode: formatVoucher(kit.voucherCode),
    referralCode: kit.referralCode,
    referralName: row.referralFirst ? `${row.referralFirst} ${row.referralLast ?? ''}`.trim() : null,
    redeemedDate: isoDate(kit.redeemedAt),
    activatedDate: isoDate(kit.activatedAt),
    displayDate: kit.displayDate,
    reportReceived: kit.reportReceived,
    surveyResultId: kit.surveyResultId,
    replacedByKitId: row.replacedBy,
    // Filled by listUserKits from the questionnaire answers.
    surveysStats: [],
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

const kitColumns = {
  kit: shownKitColumns,
  project: shownProjectColumns,
  referralFirst: referralCodes.firstName,
  referralLast: referralCodes.lastName,
  replacedBy: replacedBySql,
};

function selectKits(db: DbOrTx) {
  return db
    .select(kitColumns)
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .leftJoin(referralCodes, eq(referralCodes.code, kits.referralCode));
}

async function kitById(db: DbOrTx, kitId: number): Promise<Kit> {
  const [row] = await selectKits(db).where(eq(kits.id, kitId));
  if (!row) throw notFound(KIT_MESSAGES.kitNotFound);
  return toKit(row);
}

const KIT_WIDTH = Object.keys(shownKitColumns).length;
/**
 * The values of a kit in the person's kits statement, in this order: the kit's shown columns, its
 * project's id, the referral's first and last name as one pair (null without a referral), the stored
 * questionnaire progress, the replacement kit's id (null unless REPLACED). One flat JSON array per kit, built by PostgreSQL: no key is written into
 * every value of every kit.
 *
 * The referral is looked up only for a kit that has a code: most have none, and a left join cost the
 * embedded database a join step per kit all the same (decision 018).
 */
const kitTuple = sql`json_build_array(${sql.join(
  [
    ...Object.values(shownKitColumns),
    kits.projectId,
    sql`case when ${kits.referralCode} is not null then (
      select json_build_array(${referralCodes.firstName}, ${referralCodes.lastName})
      from ${referralCodes} where ${referralCodes.code} = ${kits.referralCode}) end`,
    kits.surveyProgress,
    replacedBySql,
  ],
  sql`, `,
)})`;

/** The values from `start` on, under the keys of `columns` in their order. */
function fromTuple<T>(columns: Record<keyof T, unknown>, values: readonly unknown[], start: number): T {
  const row: Record<string, unknown> = {};
  let i = start;
  for (const key in columns) row[key] = values[i++];
  return row as T;
}

/** A kit as the person's kits statement returns it: JSON, so its timestamps are ISO strings. */
type JsonKit = Omit<ShownKit, 'redeemedAt' | 'activatedAt'> & {
  redeemedAt: string | null;
  activatedAt: string | null;
};

/**
 * The person with their kits, their kits' projects and what the kits' questionnaire progress depends on
 * (the person's age, the stored progress), in one statement. It starts from the person's row and checks
 * the caller's session is live, so it also proves the account exists and is signed in (the route is
 * guarded by requireUserCheckedByQuery): no row means a deleted account or an ended session.
 *
 * The kits come as one JSON array column, not as a row of 29 columns per kit: the
 * driver then decodes one row of four fields with JSON.parse instead of describing and converting
 * every column of every row, which was the largest part of the kits list's cost (docs/benchmarks.md).
 * Each project comes once, however many of the person's kits belong to it (most people's kits all
 * belong to one).
 */
const userKitRows = preparedFor((db) => {
  const owned = db
    .select({
      list: sql<unknown[][]>`json_agg(${kitTuple})`.as('list'),
      projectIds: sql<number[]>`array_agg(${kits.projectId})`.as('project_ids'),
    })
    .from(kits)
    .where(eq(kits.ownerId, users.id))
    .as('owned');
  return db
    .select({
      ownerUnderAge: users.underAge,
      ownerDateOfBirth: users.dateOfBirth,
      kits: owned.list,
      projects: sql<unknown[][] | null>`(
        select json_agg(json_build_array(${sql.join(Object.values(shownProjectColumns), sql`, `)}))
        from ${projects} where ${projects.id} = any(${owned.projectIds}))`,
    })
    .from(users)
    .leftJoinLateral(owned, sql`true`)
    .where(and(eq(users.id, sql.placeholder('userId')), liveSession(sql.placeholder('sessionId'))))
    .prepare('user_kits');
});

/** getUserKits: the person's kits under the listing rules, oldest first. */
export async function listUserKits(ctx: AppContext, { userId, sessionId }: Caller): Promise<Kit[]> {
  const [owner] = await userKitRows(ctx.db).execute({ userId, sessionId });
  if (!owner) throw sessionExpired();
  const underAge = isUnderAge({ underAge: owner.ownerUnderAge, dateOfBirth: owner.ownerDateOfBirth });
  const projectsById = new Map<number, ShownProject>();
  for (const values of owner.projects ?? []) {
    const project = fromTuple<ShownProject>(shownProjectColumns, values, 0);
    projectsById.set(project.id, project);
  }
  const listed: Kit[] = [];
  const outdated: { at: number; kit: JsonKit; project: ShownProject }[] = [];
  // Oldest first. Sorted here: an ordered aggregate costs the embedded database a sort step per request.
  const rows = (owner.kits ?? []).sort((a, b) => (a[0] as number) - (b[0] as number));
  for (const values of rows) {
    const kit = fromTuple<JsonKit>(shownKitColumns, values, 0);
    if (!isListed(kit)) continue;
    const [projectId, referral, stored, replacedBy] = values.slice(KIT_WIDTH) as [
      number,
      [first: string, last: string] | null,
      StoredProgressMap | null,
      number | null,
    ];
    // Every kit has a project (a foreign key), read in the same statement.
    const project = projectsById.get(projectId) as ShownProject;
    const [referralFirst, referralLast] = referral ?? [null, null];
    const shown = toKit({ kit, project, referralFirst, referralLast, replacedBy });
    const surveysStats = storedSurveyStats(kit, project, underAge, stored);
    if (surveysStats) shown.surveysStats = surveysStats;
    else outdated.push({ at: listed.length, kit, project });
    listed.push(shown);
  }
  // Kits whose stored progress is out of date: computed from their answers, and stored again.
  if (outdated.length) {
    const fresh = await refreshStoredProgress(
      ctx.db,
      outdated.map((o) => o.kit.id),
    );
    for (const { at, kit, project } of outdated)
      (listed[at] as Kit).surveysStats =
        storedSurveyStats(kit, project, underAge, fresh.get(kit.id) ?? {}) ?? [];
  }
  return listed;
}

/** getSentKits: kits the person gave away, newest first. */
export async function listSentKits(ctx: AppContext, userId: string): Promise<SentKit[]> {
  const rows = await ctx.db
    .select({ sent: sentKits, kit: kits })
    .from(sentKits)
    .innerJoin(kits, eq(kits.id, sentKits.kitId))
    .where(eq(sentKits.giverId, userId))
    .orderBy(desc(sentKits.requestedAt));
  return rows.map(({ sent, kit }) => ({
    kitId: kit.id,
    name: kit.name,
    receiverEmail: sent.receiverEmail,
    requestedDate: sent.requestedAt.toISOString(),
    redeemedDate: isoDate(sent.redeemedAt),
    kitStatus: kit.kitStatus,
    sampleStatus: kit.sampleStatus,
  }));
}

/**
 * The person with their kits counted per state (a handful of rows however many kits they hold), in one
 * statement; the listing and activation rules then apply to each group, not to every kit. It starts from
 * the person's row and checks the caller's session is live, so it also proves the account exists and is
 * signed in (requireUserCheckedByQuery).
 */
/** What isProfileComplete reads: the dashboard reads no more of the person (no password hash, no email). */
const profileCompleteColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  gender: users.gender,
  dateOfBirth: users.dateOfBirth,
  phoneNumber: users.phoneNumber,
  addressLine1: users.addressLine1,
  suburb: users.suburb,
  state: users.state,
  postcode: users.postcode,
  underAge: users.underAge,
  guardianFirstName: users.guardianFirstName,
  guardianLastName: users.guardianLastName,
} satisfies Record<keyof Parameters<typeof isProfileComplete>[0], unknown>;

const dashboardRows = preparedFor((db) => {
  const groups = db
    .select({
      kitStatus: kits.kitStatus,
      sampleStatus: kits.sampleStatus,
      redeemed: sql<boolean>`${kits.redeemedAt} is not null`.as('redeemed'),
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(kits)
    .where(eq(kits.ownerId, users.id))
    .groupBy(kits.kitStatus, kits.sampleStatus, sql`redeemed`)
    .as('groups');
  return db
    .select({
      user: profileCompleteColumns,
      kitStatus: groups.kitStatus,
      sampleStatus: groups.sampleStatus,
      redeemed: groups.redeemed,
      count: groups.count,
    })
    .from(users)
    .leftJoinLateral(groups, sql`true`)
    .where(and(eq(users.id, sql.placeholder('userId')), liveSession(sql.placeholder('sessionId'))))
    .prepare('dashboard');
});

/** getDashboard: counts of available and redeemed kits, and whether the profile is complete. */
export async function dashboard(ctx: AppContext, { userId, sessionId }: Caller) {
  const rows = await dashboardRows(ctx.db).execute({ userId, sessionId });
  const user = rows[0]?.user;
  if (!user) throw sessionExpired();
  let numberOfUnassignedKits = 0;
  let numberOfRedeemedKits = 0;
  for (const { kitStatus, sampleStatus, redeemed, count } of rows) {
    // A person without kits has one row, without a group.
    if (kitStatus === null || count === null) continue;
    const group = { kitStatus, sampleStatus };
    if (!isListed(group)) continue;
    if (isNotActivated(group)) numberOfUnassignedKits += count;
    if (redeemed) numberOfRedeemedKits += count;
  }
  return { numberOfUnassignedKits, numberOfRedeemedKits, profileCompleted: isProfileComplete(user) };
}

/** The owner's own kit, locked for the rest of the transaction; a stranger gets 404 (no enumeration). */
async function ownKitForUpdate(tx: DbOrTx, userId: string, kitId: number): Promise<KitRow> {
  const [kit] = await tx
    .select()
    .from(kits)
    .where(and(eq(kits.id, kitId), eq(kits.ownerId, userId)))
    .for('update');
  if (!kit) throw notFound(KIT_MESSAGES.kitNotFound);
  return kit;
}

export async function kitTimeline(ctx: AppContext, userId: string, kitId: number) {
  const [kit] = await ctx.db
    .select({ id: kits.id })
    .from(kits)
    .where(and(eq(kits.id, kitId), eq(kits.ownerId, userId)));
  if (!kit) throw notFound(KIT_MESSAGES.kitNotFound);
  const events = await ctx.db
    .select()
    .from(kitEvents)
    .where(eq(kitEvents.kitId, kitId))
    .orderBy(asc(kitEvents.at), asc(kitEvents.id));
  return events.map((e) => ({
    eventType: e.eventType,
    date: e.at.toISOString().slice(0, 10),
    dateTime: e.at.toISOString(),
  }));
}

// ---- Owner changes --------------------------------------------------------------------------

/** The practitioner behind an active code (REF-/REF stripped); an empty or unknown code is refused. */
export async function activeReferral(ctx: AppContext, raw: string) {
  const code = normaliseReferralCode(raw);
  if (!code) throw invalid(KIT_MESSAGES.referralRequired, { referralCode: KIT_MESSAGES.referralRequired });
  const [row] = await ctx.db
    .select()
    .from(referralCodes)
    .where(and(eq(referralCodes.code, code), eq(referralCodes.active, true)));
  if (!row) throw notFound(KIT_MESSAGES.referralUnknown);
  return { firstName: row.firstName, lastName: row.lastName, referralCode: row.code };
}

export async function lookupReferral(ctx: AppContext, raw: string) {
  const row = await activeReferral(ctx, raw);
  return { name: `${row.firstName} ${row.lastName}`, referralCode: row.referralCode };
}

/** putKit: name, notes, referral code (null removes it) or the report-received tick. */
export async function updateKit(
  ctx: AppContext,
  userId: string,
  kitId: number,
  patch: { name?: string | null; notes?: string | null; referralCode?: string | null; reportReceived?: true },
): Promise<Kit> {
  return ctx.db.transaction(async (tx) => {
    const kit = await ownKitForUpdate(tx, userId, kitId);
    const changes: Partial<KitRow> = { updatedAt: new Date() };
    if (patch.name !== undefined) changes.name = patch.name?.trim() || null;
    if (patch.notes !== undefined) changes.notes = patch.notes?.trim() ? patch.notes : null;
    if (patch.referralCode !== undefined) {
      changes.referralCode =
        patch.referralCode === null
          ? null
          : (await lookupReferral({ ...ctx, db: tx }, patch.referralCode)).referralCode;
    }
    if (patch.reportReceived) {
      if (!['RESULTS_AVAILABLE', 'MICROBIOME_COACH_SESSION_COMPLETED'].includes(kit.sampleStatus ?? ''))
        throw conflict('The report of this kit is not available yet.');
      changes.reportReceived = true;
    }
    await tx.update(kits).set(changes).where(eq(kits.id, kit.id));
    return kitById(tx, kit.id);
  });
}

/** A kit found by voucher that this person may redeem: unowned, or already theirs and not yet sent. */
async function kitByVoucher(tx: DbOrTx, userId: string, voucher: string, lock: boolean) {
  const query = tx
    .select({ kit: kits, project: projects })
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(
      and(
        eq(kits.voucherCode, normaliseVoucher(voucher)),
        or(isNull(kits.ownerId), eq(kits.ownerId, userId)),
        inArray(kits.kitStatus, ['UNASSIGNED', 'ASSIGNED', 'REDEEMED']),
      ),
    );
  const [row] = await (lock ? query.for('update', { of: kits }) : query);
  if (!row) throw notFound(KIT_MESSAGES.invalidVoucher);
  return row;
}

/** checkVoucher: the kit behind a voucher; any code that cannot be redeemed by this person reads as invalid. */
export async function checkVoucher(ctx: AppContext, userId: string, voucher: string) {
  const { kit, project } = await kitByVoucher(ctx.db, userId, voucher, false);
  return {
    id: kit.id,
    kitId: kit.id,
    kitStatus: kit.kitStatus,
    projectId: project.id,
    name: project.name,
    logisticType: project.logisticType,
    ownedByYou: kit.ownerId === userId,
  };
}

type Address = {
  addressLine1: string;
  addressLine2?: string | null | undefined;
  suburb: string;
  state: string;
  postcode: string;
  gnafId?: string | null | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
};

async function addEvent(tx: DbOrTx, kitId: number, eventType: string, actor: string | null) {
  await tx.insert(kitEvents).values({ kitId, eventType, actor });
}

async function ownerOf(tx: DbOrTx, ownerId: string | null) {
  if (!ownerId) return null;
  const [owner] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, ownerId));
  return owner ?? null;
}

async function requestDispatch(ctx: AppContext, tx: DbOrTx, kit: KitRow, userId: string, address: Address) {
  const [project] = await tx.select().from(projects).where(eq(projects.id, kit.projectId));
  if (project?.logisticType === 'CLIENT_MANAGED') throw conflict(KIT_MESSAGES.clientManaged);
  if (!isNotActivated(kit) && kit.kitStatus !== 'REDEEMED') throw conflict(KIT_MESSAGES.notActivatable);
  const now = new Date();
  await tx
    .update(kits)
    .set({
      kitStatus: 'REQUESTED',
      activatedAt: now,
      redeemedAt: kit.redeemedAt ?? now,
      shipFirstName: address.firstName ?? null,
      shipLastName: address.lastName ?? null,
      shipAddressLine1: address.addressLine1,
      shipAddressLine2: address.addressLine2 ?? null,
      shipSuburb: address.suburb,
      shipState: address.state,
      shipPostcode: address.postcode,
      shipGnafId: address.gnafId ?? null,
      updatedAt: now,
    })
    .where(eq(kits.id, kit.id));
  await addEvent(tx, kit.id, 'REQUESTED', userId);
  const owner = await ownerOf(tx, userId);
  if (owner) await enqueueMail(tx, kitRequestedMail(ctx.mail, owner, { ...kit, kitStatus: 'REQUESTED' }));
}

/** redeemKit / redeemKitBasic: claims the kit by its voucher; with activate it is also sent now. */
export async function redeemKit(
  ctx: AppContext,
  userId: string,
  body: {
    kitId: number;
    voucher: string;
    activate: boolean;
    forDependant?: boolean | undefined;
  } & Partial<Address>,
): Promise<Kit> {
  return ctx.db.transaction(async (tx) => {
    const { kit } = await kitByVoucher(tx, userId, body.voucher, true);
    if (kit.id !== body.kitId) throw notFound(KIT_MESSAGES.invalidVoucher);
    if (body.forDependant) await takeDependantKit(tx, userId);
    const now = new Date();
    const firstRedeem = kit.ownerId === null || kit.redeemedAt === null;
    await tx
      .update(kits)
      .set({ ownerId: userId, kitStatus: 'ASSIGNED', redeemedAt: kit.redeemedAt ?? now, updatedAt: now })
      .where(eq(kits.id, kit.id));
    if (firstRedeem) {
      await addEvent(tx, kit.id, 'REDEEMED', userId);
      await tx
        .update(sentKits)
        .set({ redeemedAt: now })
        .where(and(eq(sentKits.kitId, kit.id), isNull(sentKits.redeemedAt)));
    }
    if (body.activate) {
      const [fresh] = await tx.select().from(kits).where(eq(kits.id, kit.id));
      if (!fresh) throw notFound(KIT_MESSAGES.kitNotFound);
      await requestDispatch(ctx, tx, fresh, userId, body as Address);
    }
    return kitById(tx, kit.id);
  });
}

/**
 * "For my child or dependant": one guardian account covers one dependant (dependantRedeem). An adult's
 * own account that holds kits is refused; an adult account with none becomes the dependant's guardian
 * account. Locked, so two redeems at once cannot both find the account empty.
 */
async function takeDependantKit(tx: DbOrTx, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw sessionExpired();
  const [held] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(kits)
    .where(eq(kits.ownerId, userId));
  const account = { underAge: user.underAge, guardian: user.guardian, kitsHeld: held?.n ?? 0 };
  if (dependantRedeem(account) !== 'VOUCHER') throw conflict(KIT_MESSAGES.rejectGuardian);
  if (becomesGuardian(account))
    await tx.update(users).set({ guardian: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** activateKit: the owner asks for a kit they hold to be sent to an address. */
export async function activateKit(
  ctx: AppContext,
  userId: string,
  kitId: number,
  address: Address,
): Promise<Kit> {
  return ctx.db.transaction(async (tx) => {
    const kit = await ownKitForUpdate(tx, userId, kitId);
    await requestDispatch(ctx, tx, kit, userId, address);
    return kitById(tx, kit.id);
  });
}

/** Give a kit: by one of the person's unsent kits, or by an unredeemed voucher. The receiver gets the voucher. */
export async function giveKit(
  ctx: AppContext,
  userId: string,
  body: { receiverEmail: string; kitId?: number | undefined; voucher?: string | undefined },
) {
  const receiverEmail = body.receiverEmail.trim().toLowerCase();
  return ctx.db.transaction(async (tx) => {
    const [giver] = await tx.select().from(users).where(eq(users.id, userId));
    if (!giver) throw notFound();
    if (giver.email === receiverEmail)
      throw invalid(KIT_MESSAGES.giveToSelf, { receiverEmail: KIT_MESSAGES.giveToSelf });
    let kit: KitRow;
    if (body.kitId !== undefined) kit = await ownKitForUpdate(tx, userId, body.kitId);
    else if (body.voucher) kit = (await kitByVoucher(tx, userId, body.voucher, true)).kit;
    else throw invalid(KIT_MESSAGES.voucherRequired, { voucher: KIT_MESSAGES.voucherRequired });
    if (!isNotActivated(kit) && kit.kitStatus !== 'REDEEMED') throw conflict(KIT_MESSAGES.notGivable);
    const [project] = await tx.select().from(projects).where(eq(projects.id, kit.projectId));
    if (!project?.givingAllowed) throw conflict(KIT_MESSAGES.notGivable);
    const now = new Date();
    await tx
      .update(kits)
      .set({ ownerId: null, kitStatus: 'UNASSIGNED', redeemedAt: null, updatedAt: now })
      .where(eq(kits.id, kit.id));
    await tx
      .insert(sentKits)
      .values({ kitId: kit.id, giverId: userId, receiverEmail, requestedAt: now, lastSentAt: now })
      .onConflictDoUpdate({
        target: sentKits.kitId,
        set: { giverId: userId, receiverEmail, requestedAt: now, redeemedAt: null, lastSentAt: now },
      });
    await addEvent(tx, kit.id, 'GIVEN', userId);
    await enqueueMail(
      tx,
      kitGiftMail(
        ctx.mail,
        receiverEmail,
        `${giver.firstName} ${giver.lastName}`,
        formatVoucher(kit.voucherCode),
      ),
    );
    return { kitId: kit.id, receiverEmail };
  });
}

/** Send again: the gift email once more, while the receiver has not redeemed it. */
export async function resendGift(ctx: AppContext, userId: string, kitId: number) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sent: sentKits, kit: kits, giver: users })
      .from(sentKits)
      .innerJoin(kits, eq(kits.id, sentKits.kitId))
      .innerJoin(users, eq(users.id, sentKits.giverId))
      .where(and(eq(sentKits.kitId, kitId), eq(sentKits.giverId, userId)))
      .for('update', { of: sentKits });
    if (!row) throw notFound(KIT_MESSAGES.kitNotFound);
    if (row.sent.redeemedAt || row.kit.ownerId) throw conflict(KIT_MESSAGES.sentKitRedeemed);
    await tx.update(sentKits).set({ lastSentAt: new Date() }).where(eq(sentKits.id, row.sent.id));
    await enqueueMail(
      tx,
      kitGiftMail(
        ctx.mail,
        row.sent.receiverEmail,
        `${row.giver.firstName} ${row.giver.lastName}`,
        formatVoucher(row.kit.voucherCode),
      ),
    );
    return { kitId, receiverEmail: row.sent.receiverEmail };
  });
}

// ---- Operators --------------------------------------------------------------------------------

/** ops kits:create: new kits with vouchers, optionally owned (as if bought) by an existing account. */
export async function createKits(
  ctx: AppContext,
  input: { count: number; projectId: number; ownerEmail?: string | undefined; infant?: boolean | undefined },
) {
  return ctx.db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, input.projectId));
    if (!project) throw notFound(`There is no project ${input.projectId}.`);
    let ownerId: string | null = null;
    let referralCode: string | null = null;
    if (input.ownerEmail) {
      const [owner] = await tx
        .select({ id: users.id, referralCode: users.referralCode })
        .from(users)
        .where(eq(users.email, input.ownerEmail.trim().toLowerCase()));
      if (!owner) throw notFound(`There is no account with the email ${input.ownerEmail}.`);
      ownerId = owner.id;
      // The practitioner who referred the person at registration is credited with every kit they buy.
      referralCode = owner.referralCode;
    }
    const rows = await tx
      .insert(kits)
      .values(
        Array.from({ length: input.count }, () => ({
          hashedId: newHashedId(),
          projectId: project.id,
          ownerId,
          referralCode,
          voucherCode: newVoucherCode(),
          sampleIdentifier: newSampleIdentifier(),
          surveyResultId: input.infant ? crypto.randomUUID() : null,
        })),
      )
      .returning();
    if (ownerId)
      await tx
        .insert(kitEvents)
        .values(rows.map((k) => ({ kitId: k.id, eventType: 'PURCHASED', actor: 'operator' })));
    return rows.map((k) => ({
      id: k.id,
      voucherCode: formatVoucher(k.voucherCode),
      sampleIdentifier: k.sampleIdentifier,
      hashedId: k.hashedId,
    }));
  });
}

/**
 * ops kit:set: a logistics or lab step. Each change is checked against the state machine, appends a
 * timeline event and, where the owner should hear of it, an email, all in one transaction. A sample
 * step also moves the kit (e.g. a sample at the lab makes the kit RECEIVED_BY_LAB).
 */
export async function setKitStatus(
  ctx: AppContext,
  kitId: number,
  change: {
    kitStatus?: string | undefined;
    sampleStatus?: string | undefined;
    displayDate?: string | undefined;
  },
  actor: string,
): Promise<Kit> {
  return ctx.db.transaction(async (tx) => {
    const [kit] = await tx.select().from(kits).where(eq(kits.id, kitId)).for('update');
    if (!kit) throw notFound(`There is no kit ${kitId}.`);
    let kitStatus = kit.kitStatus;
    let sampleStatus = kit.sampleStatus;
    const events: string[] = [];
    if (change.sampleStatus) {
      if (!sampleTransitionAllowed(sampleStatus, change.sampleStatus))
        throw conflict(transitionRefusal('sample', sampleStatus, change.sampleStatus));
      sampleStatus = change.sampleStatus;
      events.push(sampleStatus);
      const implied = kitStatusForSample(sampleStatus);
      if (!change.kitStatus && implied && implied !== kitStatus) {
        if (!kitTransitionAllowed(kitStatus, implied))
          throw conflict(
            `${transitionRefusal('kit', kitStatus, implied)} Move the kit first, or set both statuses together.`,
          );
        kitStatus = implied;
        events.push(kitStatus);
      }
    }
    if (change.kitStatus) {
      if (!kitTransitionAllowed(kitStatus, change.kitStatus))
        throw conflict(transitionRefusal('kit', kitStatus, change.kitStatus));
      kitStatus = change.kitStatus;
      events.push(kitStatus);
    }
    if (events.length === 0) throw invalid('Give a kit status, a sample status or both.');
    // A report state promises a report: only a results import (which stores it first) may reach one.
    if (needsImportedResults({ kitStatus, sampleStatus }) && !needsImportedResults(kit)) {
      const [imported] = await tx
        .select({ id: labResults.id })
        .from(labResults)
        .where(eq(labResults.kitId, kit.id));
      if (!imported) throw conflict(resultsOnlyByImport((change.sampleStatus ?? change.kitStatus) as string));
    }
    const displayDate =
      change.displayDate ??
      kit.displayDate ??
      (sampleStatus === 'RESULTS_AVAILABLE' ? new Date().toISOString().slice(0, 10) : null);
    await tx
      .update(kits)
      .set({ kitStatus, sampleStatus, displayDate, updatedAt: new Date() })
      .where(eq(kits.id, kit.id));
    for (const eventType of new Set(events)) await addEvent(tx, kit.id, eventType, actor);

    const shown = await kitById(tx, kit.id);
    const owner = await ownerOf(tx, kit.ownerId);
    if (owner) {
      const info = { ...kit, kitStatus, sampleStatus };
      const reached = (value: string) =>
        (kitStatus === value && kit.kitStatus !== value) ||
        (sampleStatus === value && kit.sampleStatus !== value);
      if (reached('DISPATCHED_BY_LAB')) await enqueueMail(tx, kitDispatchedMail(ctx.mail, owner, info));
      if (reached('RECEIVED_BY_LAB'))
        await enqueueMail(tx, sampleReceivedMail(ctx.mail, owner, info, deliversResults(shown.project)));
      if (kitStatus.startsWith('FAILED_') && kitStatus !== kit.kitStatus)
        await enqueueMail(tx, sampleFailedMail(ctx.mail, owner, info));
      // Results of a project that delivers none stay with staff: the participant is not told of them.
      if (
        sampleStatus === 'RESULTS_AVAILABLE' &&
        kit.sampleStatus !== 'RESULTS_AVAILABLE' &&
        reportDelivered(shown)
      )
        await enqueueMail(tx, resultsAvailableMail(ctx.mail, owner, info));
    }
    return shown;
  });
}

export async function createReferralCode(
  ctx: AppContext,
  input: { code: string; firstName: string; lastName: string },
) {
  const code = normaliseReferralCode(input.code);
  if (!/^[A-Z0-9]{3,20}$/.test(code))
    throw invalid('A referral code has 3 to 20 letters or digits (a REF- prefix is optional).');
  const [row] = await ctx.db
    .insert(referralCodes)
    .values({ code, firstName: input.firstName, lastName: input.lastName })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`The referral code ${code} already exists.`);
  return { name: `${row.firstName} ${row.lastName}`, referralCode: row.code };
}
