import { canViewReports, kitDisplayName, REPORT_NOT_PERMITTED, reportDelivered } from '@portal/domain';
import {
  buildJourney,
  COMPARED_METRICS,
  type ComparedMetric,
  JOURNEY_NOTE_QUESTION_IDS,
  type Journey,
  type JourneySample,
  journeyNotes,
  type NoteAnswer,
} from '@portal/domain/report';
import { and, asc, eq, inArray, isNotNull, ne, type SQLWrapper, sql } from 'drizzle-orm';
import { layerOff } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { kits, labResults, projects, surveyAnswers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound, sessionExpired } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/authenticate.ts';
import { liveSession } from '../../plugins/live-session.ts';
import { journeySchema } from './journey.schema.ts';
import { VALUE_PATHS } from './journey-columns.ts';
import { ensureAvailable, ownReportKit } from './reports.service.ts';

// Only the six values and the species list leave the database, not the whole stored report. They are read
// from their own columns; a row stored before migration 0036 has none, and its report is read instead. The
// keys are this file's constants, so they are written into the statement as they are.
const scores = sql<
  Record<ComparedMetric, number | null>
>`coalesce(${labResults.journeyScores}, jsonb_build_object(${sql.raw(
  COMPARED_METRICS.map((metric) => {
    const [group, key] = VALUE_PATHS[metric];
    return `'${metric}', "lab_results"."report"->'${group}'->'${key}'->'value'`;
  }).join(', '),
)}))`;

const notes = sql<
  NoteAnswer[]
>`coalesce((select json_agg(json_build_object('questionId', ${surveyAnswers.questionId}, 'answerString', ${surveyAnswers.answerString})) from ${surveyAnswers} where ${and(eq(surveyAnswers.kitId, kits.id), inArray(surveyAnswers.questionId, [...JOURNEY_NOTE_QUESTION_IDS]))}), '[]'::json)`;

/** The owner's kits with a report, in a project that delivers results. */
const reportConditions = (ownerId: string | SQLWrapper) =>
  and(
    ownReportKit(ownerId),
    isNotNull(kits.displayDate),
    // reportDelivered in SQL too, so the rows whose species are read are the person's reports.
    ne(projects.resultDeliveryType, 'NO_DELIVERY'),
    ne(projects.resultDeliveryType, ''),
  );

/**
 * Every report of the owner with what the journey needs of it. Results of a project that delivers none
 * are left out in SQL too, so the first and last rows are the person's first and last report.
 */
const reportRows = (db: DbOrTx, ownerId: string | SQLWrapper) =>
  db
    .select({
      id: kits.id,
      name: kits.name,
      sampleIdentifier: kits.sampleIdentifier,
      displayDate: kits.displayDate,
      sampleStatus: kits.sampleStatus,
      resultDeliveryType: projects.resultDeliveryType,
      database: labResults.database,
      values: scores.as('values'),
      // Only the species of the two reports the movers compare are read (moverPair): the latest, and the
      // latest earlier one with the same marker database.
      species: sql<
        JourneySample['species'] | null
      >`case when row_number() over (partition by ${labResults.database} order by ${kits.displayDate} desc, ${kits.id} desc) <= 2 and ${labResults.database} is not distinct from first_value(${labResults.database}) over (order by ${kits.displayDate} desc, ${kits.id} desc) then coalesce(${labResults.journeySpecies}, ${labResults.report}->'composition'->'species') end`.as(
        'species',
      ),
      answers: notes.as('answers'),
    })
    .from(kits)
    .innerJoin(labResults, eq(labResults.kitId, kits.id))
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(reportConditions(ownerId));

type ReportRow = {
  id: number | null;
  name: string | null;
  sampleIdentifier: string | null;
  displayDate: string | null;
  sampleStatus: string | null;
  resultDeliveryType: string | null;
  database: string | null;
  values: Record<ComparedMetric, number | null> | null;
  species: JourneySample['species'] | null;
  answers: NoteAnswer[] | null;
};

function journeyOf(rows: readonly ReportRow[]) {
  const reports = rows.flatMap((row) =>
    row.id !== null && reportDelivered({ sampleStatus: row.sampleStatus ?? '', project: row }) ? [row] : [],
  );
  return buildJourney(
    reports.map((row) => ({
      sampleIdentifier: row.sampleIdentifier ?? '',
      name: kitDisplayName({ id: row.id ?? 0, name: row.name }),
      displayDate: row.displayDate ?? '',
      database: row.database,
      values: row.values as Record<ComparedMetric, number | null>,
      species: row.species ?? [],
      notes: journeyNotes(row.answers ?? []),
    })),
  );
}

/**
 * What the journey is made of, as one short text: for each report row (in time order) the kit, its name,
 * dates, status and project's delivery, the stored result (its id changes with an amendment, its shape
 * with a rebuild) and the answers that make notes. Whatever changes the journey (an import, a release, a
 * retraction, an amendment, a renamed kit, a changed answer, a project that stops delivering) changes it;
 * the values and species of a stored result never change under the same id.
 */
export const journeyKey = (db: DbOrTx) =>
  sql<string>`(${db
    .select({
      key: sql`md5(coalesce(string_agg(json_build_array(${kits.id}, ${kits.name}, ${kits.sampleIdentifier}, ${kits.displayDate}, ${kits.sampleStatus}, ${projects.resultDeliveryType}, ${labResults.id}, ${labResults.database}, ${labResults.reportShape}, (select json_agg(json_build_array(${surveyAnswers.questionId}, ${surveyAnswers.answerString}) order by ${surveyAnswers.questionId}, ${surveyAnswers.answerString}) from ${surveyAnswers} where ${and(eq(surveyAnswers.kitId, kits.id), inArray(surveyAnswers.questionId, [...JOURNEY_NOTE_QUESTION_IDS]))}))::text, ',' order by ${kits.displayDate}, ${kits.id}), ''))`,
    })
    .from(kits)
    .innerJoin(labResults, eq(labResults.kitId, kits.id))
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(reportConditions(users.id))})`;

/** What canViewReports reads of the person. */
const permission = {
  underAge: users.underAge,
  dateOfBirth: users.dateOfBirth,
  parentConsented: users.parentConsented,
};

/** The person with their journey's key: the session checked (requireUserCheckedByQuery), or not (the PDF, the export). */
const keyOf = (db: DbOrTx, session: boolean) =>
  db
    .select({ user: permission, key: journeyKey(db) })
    .from(users)
    .where(
      session
        ? and(eq(users.id, sql.placeholder('userId')), liveSession(sql.placeholder('sessionId')))
        : eq(users.id, sql.placeholder('userId')),
    );
const keyOfOwner = preparedFor((db) => keyOf(db, true).prepare('journey_key_of_owner'));
const keyOfUser = preparedFor((db) => keyOf(db, false).prepare('journey_key_of_user'));

/**
 * The person and their reports with the journey's key, read together (so the key is of these rows). Without
 * the key for the bench's B (`journey-cache` off), which is the read as it was before the journey was kept.
 */
const rowsOf = (db: DbOrTx, session: boolean, withKey = true) => {
  const found = reportRows(db, users.id).as('found');
  return db
    .select({
      user: permission,
      key: withKey ? journeyKey(db) : sql<string | null>`null`,
      id: found.id,
      name: found.name,
      sampleIdentifier: found.sampleIdentifier,
      displayDate: found.displayDate,
      sampleStatus: found.sampleStatus,
      resultDeliveryType: found.resultDeliveryType,
      database: found.database,
      values: found.values,
      species: found.species,
      answers: found.answers,
    })
    .from(users)
    .leftJoinLateral(found, sql`true`)
    .where(
      session
        ? and(eq(users.id, sql.placeholder('userId')), liveSession(sql.placeholder('sessionId')))
        : eq(users.id, sql.placeholder('userId')),
    )
    .orderBy(asc(found.displayDate), asc(found.id));
};
const journeyOfOwner = preparedFor((db) => rowsOf(db, true).prepare('journey_of_owner'));
const journeyOfUser = preparedFor((db) => rowsOf(db, false).prepare('journey_of_user'));
const journeyOfOwnerUnkept = preparedFor((db) => rowsOf(db, true, false).prepare('journey_of_owner_unkept'));

/**
 * Journeys computed in the last few minutes, by person, each with the key it was computed from (decision
 * 071): a read whose key matches sends the stored text; any change to what the
 * journey is made of changes the key, so the next read computes it again. Kept CACHE_MS at most and CACHE_CHARS of JSON text in all
 * (about 2 700 journeys of 4 reports; the objects beside the text take about as much again; oldest out
 * first), so an erased account's journey leaves memory within minutes (the read itself refuses it at once).
 */
const CACHE_MS = 5 * 60_000;
const CACHE_CHARS = 16 * 1024 * 1024;
type Stored = { key: string; journey: Journey; text: string; at: number };
const stored = new Map<string, Stored>();
let storedChars = 0;

function forget(userId: string) {
  const entry = stored.get(userId);
  if (!entry) return;
  stored.delete(userId);
  storedChars -= entry.text.length;
}

function remember(userId: string, key: string, rows: readonly ReportRow[]): Stored {
  // Checked against the response schema once per set of reports, not on every read.
  const journey = journeySchema.parse(journeyOf(rows)) as Journey;
  const entry = { key, journey, text: JSON.stringify(journey), at: Date.now() };
  if (layerOff('journey-cache')) return entry;
  forget(userId);
  stored.set(userId, entry);
  storedChars += entry.text.length;
  for (const [oldest] of stored) {
    if (storedChars <= CACHE_CHARS) break;
    forget(oldest);
  }
  return entry;
}

function recalled(userId: string, key: string | null): Stored | undefined {
  const entry = stored.get(userId);
  if (!entry || key === null || entry.key !== key) return undefined;
  if (Date.now() - entry.at >= CACHE_MS) {
    forget(userId);
    return undefined;
  }
  return entry;
}

/** Forgets every stored journey (the server's shutdown, tests). */
export function forgetJourneys() {
  stored.clear();
  storedChars = 0;
}

type Person = { user: Parameters<typeof canViewReports>[0]; key: string | null };

function permitted<T extends Person>(ctx: AppContext, rows: readonly T[]): T {
  const [first] = rows;
  if (!first) throw sessionExpired();
  ensureAvailable(ctx);
  if (!canViewReports(first.user)) throw new AppError(403, 'REPORT_NOT_PERMITTED', REPORT_NOT_PERMITTED);
  return first;
}

/**
 * GET /api/reports/journey, as JSON text: every report of the signed-in person in time order with its six
 * scores, the healthy bands, meaningful changes, database breaks, questionnaire notes and the species that
 * moved most. One statement reads the person (session and permission) with the journey's key; the journey
 * stored under that key is sent as it is. Otherwise a second statement reads the reports and the journey is
 * computed and stored. With the `journey-cache` layer off (the bench's B), the reports are read every time.
 */
export async function getOwnJourney(ctx: AppContext, { userId, sessionId }: Caller): Promise<string> {
  if (layerOff('journey-cache')) {
    const rows = await journeyOfOwnerUnkept(ctx.db).execute({ userId, sessionId });
    permitted(ctx, rows);
    return JSON.stringify(journeySchema.parse(journeyOf(rows)));
  }
  const { key } = permitted(ctx, await keyOfOwner(ctx.db).execute({ userId, sessionId }));
  const hit = recalled(userId, key);
  if (hit) return hit.text;
  const rows = await journeyOfOwner(ctx.db).execute({ userId, sessionId });
  return remember(userId, permitted(ctx, rows).key ?? '', rows).text;
}

/** The journey of a person whose session was checked elsewhere (the report PDF, the data export). */
export async function getJourney(ctx: AppContext, userId: string): Promise<Journey> {
  ensureAvailable(ctx);
  if (!layerOff('journey-cache')) {
    const [person] = await keyOfUser(ctx.db).execute({ userId });
    if (!person) throw notFound();
    const hit = recalled(userId, permitted(ctx, [person]).key);
    if (hit) return hit.journey;
  }
  const rows = await journeyOfUser(ctx.db).execute({ userId });
  if (!rows[0]) throw notFound();
  return remember(userId, permitted(ctx, rows).key ?? '', rows).journey;
}
