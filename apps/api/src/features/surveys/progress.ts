import {
  type AnswerRecord,
  indexAnswers,
  type StudySurveyType,
  type SurveyDefinition,
  type SurveyProgress,
  surveyProgress,
} from '@portal/domain';
import { eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { kits, type StoredProgress, type StoredProgressMap, surveyAnswers } from '../../db/schema/index.ts';
import { answerClock, kitSurveyTypes, type SurveyKit, type SurveyProject, surveyCatalog } from './catalog.ts';

/**
 * Questionnaire progress stored on the kit (decisions 029 and 036). Every answer save and delete computes
 * its questionnaire's figures once and stores them on the kit in the statement that changes the answer
 * (storedProgressValue); the kits list reads them (storedSurveyStats) and never writes.
 */

export type KitSurveyStats = (SurveyProgress & { surveyType: string })[];
/** One stored answer: its questionnaire and what was answered. */
export type TypedAnswer = AnswerRecord & { surveyType: string };

const toStored = (definition: SurveyDefinition, p: SurveyProgress): StoredProgress => [
  p.completedQuestions,
  p.totalQuestions,
  definition.version,
];

/** A questionnaire's figures before its first answer: its definition's alone, shared by every kit. */
const unstartedStats = new WeakMap<SurveyDefinition, KitSurveyStats[number]>();
function unstartedStat(type: StudySurveyType, definition: SurveyDefinition) {
  let stat = unstartedStats.get(definition);
  if (!stat) {
    stat = Object.freeze({ surveyType: type, ...surveyProgress(definition, {}) });
    unstartedStats.set(definition, stat);
  }
  return stat;
}

/**
 * surveysStats of one kit from its stored progress, or null when a listed questionnaire's figures have
 * to be computed from its answers: they are of an older definition version, or the kit was answered
 * before the save stored them (null). A questionnaire with no stored entry has no answer, so its figures
 * are the definition's alone.
 */
export function storedSurveyStats(
  kit: SurveyKit,
  project: SurveyProject,
  underAge: boolean,
  stored: StoredProgressMap | null,
): KitSurveyStats | null {
  const catalog = surveyCatalog();
  const stats: KitSurveyStats = [];
  for (const type of kitSurveyTypes(kit, project, underAge)) {
    const definition = catalog.get(type);
    if (!definition) continue;
    if (!stored) return null;
    if (!Object.hasOwn(stored, type)) {
      stats.push(unstartedStat(type, definition));
      continue;
    }
    const entry = stored[type];
    if (!entry || entry[2] !== definition.version) return null;
    stats.push({ surveyType: type, totalQuestions: entry[1], completedQuestions: entry[0] });
  }
  return stats;
}

/** One questionnaire's figures from its answers. */
export function progressOf(
  definition: SurveyDefinition,
  answers: readonly AnswerRecord[],
  now = answerClock(),
) {
  return surveyProgress(definition, indexAnswers(answers), now);
}

/** The progress of every questionnaire that has answers (null where it has no definition). */
function progressFromAnswers(answers: readonly TypedAnswer[], now: Date): StoredProgressMap {
  const byType = new Map<string, AnswerRecord[]>();
  for (const answer of answers) {
    const records = byType.get(answer.surveyType) ?? [];
    records.push(answer);
    byType.set(answer.surveyType, records);
  }
  const catalog = surveyCatalog();
  const map: StoredProgressMap = {};
  for (const [type, records] of byType) {
    const definition = catalog.get(type as StudySurveyType);
    map[type] = definition ? toStored(definition, progressOf(definition, records, now)) : null;
  }
  return map;
}

/** surveysStats of one kit (research §3) from all its answers. */
export function kitSurveyStats(
  kit: SurveyKit,
  project: SurveyProject,
  underAge: boolean,
  answers: readonly TypedAnswer[],
  now = answerClock(),
): KitSurveyStats {
  // Figures computed from every answer are all current, so this never falls back.
  return storedSurveyStats(kit, project, underAge, progressFromAnswers(answers, now)) ?? [];
}

/** Every answer of these kits, by kit. */
async function answersByKit(db: DbOrTx, kitIds: readonly number[]) {
  const rows = kitIds.length
    ? await db
        .select({
          kitId: surveyAnswers.kitId,
          surveyType: surveyAnswers.surveyType,
          questionId: surveyAnswers.questionId,
          answers: surveyAnswers.answers,
          answerString: surveyAnswers.answerString,
        })
        .from(surveyAnswers)
        .where(inArray(surveyAnswers.kitId, [...kitIds]))
    : [];
  const byKit = new Map<number, TypedAnswer[]>();
  for (const { kitId, ...answer } of rows) byKit.set(kitId, [...(byKit.get(kitId) ?? []), answer]);
  return byKit;
}

/** surveysStats of each of the kits, computed from their answers (read in one query, nothing written). */
export async function surveyStatsForKits(
  db: DbOrTx,
  rows: readonly { kit: SurveyKit & { id: number }; project: SurveyProject }[],
  underAge: boolean,
): Promise<Map<number, KitSurveyStats>> {
  const answers = await answersByKit(
    db,
    rows.map((r) => r.kit.id),
  );
  const now = answerClock();
  return new Map(
    rows.map(({ kit, project }) => [
      kit.id,
      kitSurveyStats(kit, project, underAge, answers.get(kit.id) ?? [], now),
    ]),
  );
}

/** One questionnaire's figures as `kits.survey_progress` stores them: JSON of [completed, total, version]. */
export const storedProgressJson = (definition: SurveyDefinition, progress: SurveyProgress) =>
  JSON.stringify(toStored(definition, progress));

/**
 * The kit's stored figures with one questionnaire's replaced, as an SQL value for `kits.survey_progress`;
 * the answer save writes it in the statement that changes the answer (decision 036), where the three
 * are placeholders of a prepared statement. A kit answered before figures were stored (null) gets a null
 * entry for every other questionnaire it has answers to, so the list computes those.
 */
export function storedProgressValue(
  kitId: number | Placeholder,
  type: StudySurveyType | Placeholder,
  figuresJson: string | Placeholder,
) {
  const earlier = sql`coalesce(${kits.surveyProgress}, (
    select jsonb_object_agg(${surveyAnswers.surveyType}, null) from ${surveyAnswers}
    where ${surveyAnswers.kitId} = ${kitId}), '{}'::jsonb)`;
  return sql`jsonb_set(${earlier}, array[${type}::text], ${figuresJson}::jsonb)`;
}

/** Stores one questionnaire's figures on the kit (for seeding answers straight into the database). */
export async function storeProgress(
  db: DbOrTx,
  kitId: number,
  type: StudySurveyType,
  definition: SurveyDefinition,
  progress: SurveyProgress,
) {
  await db
    .update(kits)
    .set({ surveyProgress: storedProgressValue(kitId, type, storedProgressJson(definition, progress)) })
    .where(eq(kits.id, kitId));
}
