import {
  isListed,
  isNotActivated,
  isProfileComplete,
  isUnderAge,
  KIT_MESSAGES,
  type Kit,
  type SentKit,
} from '@portal/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { preparedFor } from '../../db/prepared.ts';
import { dispatchBatchKits, kitEvents, kits, projects, sentKits, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound, sessionExpired } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/authenticate.ts';
import { liveSession } from '../../plugins/live-session.ts';
import { storedSurveyStats, surveyStatsForKits } from '../surveys/index.ts';
import {
  isoDate,
  ownerStatuses,
  ownerTimeline,
  resultsKeptFromOwner,
  type ShownKit,
  type ShownProject,
  shownKitColumns,
  shownProjectColumns,
  toKit,
} from './kit-view.ts';

/** Reading a person's kits: the kits list, the dashboard, kits given away, a kit's timeline. */

/** json_build_object of these columns under their own names: PostgreSQL builds each object. */
const jsonObject = (columns: Record<string, unknown>) =>
  sql`json_build_object(${sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )})`;

/**
 * A kit as a JSON array of shownKitColumns' values in the order of their keys, and back: PostgreSQL writes
 * no key names, so it builds, sends and the driver parses about half the text. On PostgreSQL this is
 * worth about 5 % of the kits list's throughput, what keeps it at 0.5 × `SELECT 1` (decision 041).
 */
const KIT_KEYS = Object.keys(shownKitColumns) as (keyof ShownKit)[];
const kitValues = sql`json_build_array(${sql.join(Object.values(shownKitColumns), sql`, `)})`;
function kitFromValues(values: unknown[]): ShownKit {
  const kit: Record<string, unknown> = {};
  KIT_KEYS.forEach((key, i) => {
    kit[key] = values[i];
  });
  return kit as ShownKit;
}

/**
 * The person with their kits and their kits' projects, in one statement (decisions 029, 041). It starts
 * from the person's row and checks the caller's session is live, so it also proves the account exists
 * and is signed in (the route is guarded by requireUserCheckedByQuery): no row means a deleted account
 * or an ended session. The kits come as one JSON array (kitValues), so the driver parses one value with
 * JSON.parse instead of converting every column of every row, and each project comes once however many
 * of the person's kits belong to it. A kit's questionnaire progress is the figures its answer saves
 * stored on it: the list reads no answer.
 */
const userKitRows = preparedFor((db) => {
  const owned = db
    .select({
      list: sql<unknown[][]>`json_agg(${kitValues})`.as('list'),
      projectIds: sql<number[]>`array_agg(${kits.projectId})`.as('project_ids'),
    })
    .from(kits)
    .where(eq(kits.ownerId, users.id))
    .as('owned');
  return db
    .select({
      underAge: users.underAge,
      dateOfBirth: users.dateOfBirth,
      kits: owned.list,
      projects: sql<ShownProject[] | null>`(select json_agg(${jsonObject(shownProjectColumns)})
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
  const underAge = isUnderAge(owner);
  const projectsById = new Map((owner.projects ?? []).map((p) => [p.id, p]));
  const shown: Kit[] = [];
  const outdated: { kit: ShownKit; project: ShownProject }[] = [];
  for (const values of owner.kits ?? []) {
    const kit = kitFromValues(values);
    if (!isListed(kit)) continue;
    // Every kit has a project (a foreign key), read in the same statement.
    const project = projectsById.get(kit.projectId) as ShownProject;
    const stats = storedSurveyStats(kit, project, underAge, kit.surveyProgress);
    if (!stats) outdated.push({ kit, project });
    shown.push(toKit(kit, project, stats ?? []));
  }
  // Figures stored under an older questionnaire version, or before saves stored them: computed from
  // the answers for this answer and not stored, as a read writes nothing (the next save stores them).
  if (outdated.length) {
    const computed = await surveyStatsForKits(ctx.db, outdated, underAge);
    for (const kit of shown) kit.surveysStats = computed.get(kit.id) ?? kit.surveysStats;
  }
  // Oldest first. Sorted here: an ordered aggregate costs the embedded database a sort step per request.
  return shown.sort((a, b) => a.id - b.id);
}

/** getSentKits: kits the person gave away, newest first. */
export async function listSentKits(ctx: AppContext, userId: string): Promise<SentKit[]> {
  const rows = await ctx.db
    .select({ sent: sentKits, kit: kits, resultDeliveryType: projects.resultDeliveryType })
    .from(sentKits)
    .innerJoin(kits, eq(kits.id, sentKits.kitId))
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(eq(sentKits.giverId, userId))
    .orderBy(desc(sentKits.requestedAt));
  return rows.map(({ sent, kit, resultDeliveryType }) => {
    // Results the kit's project keeps are not told to the giver either.
    const { kitStatus, sampleStatus } = ownerStatuses(kit, { resultDeliveryType });
    return {
      kitId: kit.id,
      name: kit.name,
      receiverEmail: sent.receiverEmail,
      requestedDate: sent.requestedAt.toISOString(),
      redeemedDate: isoDate(sent.redeemedAt),
      kitStatus,
      sampleStatus,
    };
  });
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

export async function kitTimeline(ctx: AppContext, userId: string, kitId: number) {
  const [kit] = await ctx.db
    .select({
      kitStatus: kits.kitStatus,
      sampleStatus: kits.sampleStatus,
      resultDeliveryType: projects.resultDeliveryType,
    })
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(and(eq(kits.id, kitId), eq(kits.ownerId, userId)));
  if (!kit) throw notFound(KIT_MESSAGES.kitNotFound);
  const events = await ctx.db
    .select()
    .from(kitEvents)
    .where(eq(kitEvents.kitId, kitId))
    .orderBy(asc(kitEvents.at), asc(kitEvents.id));
  const [sent] = await ctx.db.select().from(dispatchBatchKits).where(eq(dispatchBatchKits.kitId, kitId));
  const tracking =
    sent?.trackingNumber && sent.trackingUrl
      ? { carrier: sent.carrier ?? '', number: sent.trackingNumber, url: sent.trackingUrl }
      : undefined;
  return ownerTimeline(events, resultsKeptFromOwner(kit, kit)).map((e) => ({
    eventType: e.eventType,
    date: e.at.toISOString().slice(0, 10),
    dateTime: e.at.toISOString(),
    ...(e.eventType === 'DISPATCHED_BY_LAB' && tracking ? { tracking } : {}),
  }));
}
