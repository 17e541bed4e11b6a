import { canViewReports, kitDisplayName, REPORT_NOT_PERMITTED, reportDelivered } from '@portal/domain';
import {
  buildJourney,
  COMPARED_METRICS,
  type ComparedMetric,
  JOURNEY_NOTE_QUESTION_IDS,
  type JourneySample,
  journeyNotes,
  type NoteAnswer,
} from '@portal/domain/report';
import { and, asc, eq, inArray, isNotNull, ne, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { kits, labResults, projects, surveyAnswers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, sessionExpired } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/authenticate.ts';
import { liveSession } from '../../plugins/live-session.ts';
import { VALUE_PATHS } from './journey-columns.ts';
import { ensureAvailable, ownReportKit, permittedUser } from './reports.service.ts';

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
    .where(
      and(
        ownReportKit(ownerId),
        isNotNull(kits.displayDate),
        // reportDelivered in SQL too, so the rows whose species are read are the person's reports.
        ne(projects.resultDeliveryType, 'NO_DELIVERY'),
        ne(projects.resultDeliveryType, ''),
      ),
    );

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
 * The person, with their session checked (requireUserCheckedByQuery), and their reports, in one
 * statement prepared once per connection (decision 047).
 */
const journeyOfOwner = preparedFor((db) => {
  const found = reportRows(db, users.id).as('found');
  return db
    .select({
      user: users,
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
    .where(and(eq(users.id, sql.placeholder('userId')), liveSession(sql.placeholder('sessionId'))))
    .orderBy(asc(found.displayDate), asc(found.id))
    .prepare('journey_of_owner');
});

/**
 * GET /api/reports/journey: every report of the signed-in person in time order with its six scores, the
 * healthy bands, meaningful changes, database breaks, questionnaire notes and the species that moved
 * most. One statement (journeyOfOwner); what it reads of each report was stored beside it at import.
 */
export async function getOwnJourney(ctx: AppContext, { userId, sessionId }: Caller) {
  const rows = await journeyOfOwner(ctx.db).execute({ userId, sessionId });
  const [first] = rows;
  // A deleted account or an ended session is refused before anything else, as the guard would have.
  if (!first) throw sessionExpired();
  ensureAvailable(ctx);
  if (!canViewReports(first.user)) throw new AppError(403, 'REPORT_NOT_PERMITTED', REPORT_NOT_PERMITTED);
  return journeyOf(rows);
}

/** The journey of a person whose session was checked elsewhere (the report PDF, the data export). */
export async function getJourney(ctx: AppContext, userId: string) {
  ensureAvailable(ctx);
  await permittedUser(ctx, userId);
  return journeyOf(await reportRows(ctx.db, userId).orderBy(asc(kits.displayDate), asc(kits.id)));
}
