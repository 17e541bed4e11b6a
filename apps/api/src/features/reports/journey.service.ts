import { kitDisplayName, reportDelivered } from '@portal/domain';
import {
  buildJourney,
  COMPARED_METRICS,
  type ComparedMetric,
  JOURNEY_NOTE_QUESTION_IDS,
  type JourneySample,
  journeyNotes,
  type NoteAnswer,
} from '@portal/domain/report';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { kits, labResults, projects, surveyAnswers } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { ensureAvailable, ownReportKit, permittedUser } from './reports.service.ts';

/** Where each score sits in the stored report (BuildReport). */
const VALUE_PATHS: Record<ComparedMetric, readonly [string, string]> = {
  richness: ['diversity', 'richness'],
  shannon: ['diversity', 'shannon'],
  inverseSimpson: ['diversity', 'inverseSimpson'],
  evenness: ['diversity', 'evenness'],
  gmwi2: ['indices', 'gmwi2'],
  gmhi: ['indices', 'gmhi'],
};

// Only the six values and the species list leave the database, not the whole stored report. The keys are
// this file's constants, so they are written into the statement as they are.
const scores = sql<Record<ComparedMetric, number | null>>`jsonb_build_object(${sql.raw(
  COMPARED_METRICS.map((metric) => {
    const [group, key] = VALUE_PATHS[metric];
    return `'${metric}', "lab_results"."report"->'${group}'->'${key}'->'value'`;
  }).join(', '),
)})`;

const notes = sql<
  NoteAnswer[]
>`coalesce((select json_agg(json_build_object('questionId', ${surveyAnswers.questionId}, 'answerString', ${surveyAnswers.answerString})) from ${surveyAnswers} where ${and(eq(surveyAnswers.kitId, kits.id), inArray(surveyAnswers.questionId, [...JOURNEY_NOTE_QUESTION_IDS]))}), '[]'::json)`;

/**
 * GET /api/reports/journey: every report of the person in time order with its six scores, the healthy
 * bands, meaningful changes, database breaks, questionnaire notes and the species that moved most. Two
 * statements: the person's permission, then the reports with their notes. Results of a project that
 * delivers none are left out, as in the reports list.
 */
export async function getJourney(ctx: AppContext, userId: string) {
  ensureAvailable(ctx);
  await permittedUser(ctx, userId);
  const rows = await ctx.db
    .select({
      id: kits.id,
      name: kits.name,
      sampleIdentifier: kits.sampleIdentifier,
      displayDate: kits.displayDate,
      sampleStatus: kits.sampleStatus,
      project: { resultDeliveryType: projects.resultDeliveryType },
      database: labResults.database,
      values: scores,
      // Only the species of the two reports the movers compare are read (moverPair): the latest, and the
      // latest earlier one with the same marker database.
      species: sql<
        JourneySample['species'] | null
      >`case when row_number() over (partition by ${labResults.database} order by ${kits.displayDate} desc, ${kits.id} desc) <= 2 and ${labResults.database} is not distinct from first_value(${labResults.database}) over (order by ${kits.displayDate} desc, ${kits.id} desc) then ${labResults.report}->'composition'->'species' end`,
      answers: notes,
    })
    .from(kits)
    .innerJoin(labResults, eq(labResults.kitId, kits.id))
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .where(
      and(
        ownReportKit(userId),
        isNotNull(kits.displayDate),
        // reportDelivered in SQL too, so the rows whose species are read are the person's reports.
        ne(projects.resultDeliveryType, 'NO_DELIVERY'),
        ne(projects.resultDeliveryType, ''),
      ),
    )
    .orderBy(asc(kits.displayDate), asc(kits.id));
  return buildJourney(
    rows.filter(reportDelivered).map((row) => ({
      sampleIdentifier: row.sampleIdentifier ?? '',
      name: kitDisplayName(row),
      displayDate: row.displayDate ?? '',
      database: row.database,
      values: row.values,
      species: row.species ?? [],
      notes: journeyNotes(row.answers),
    })),
  );
}
