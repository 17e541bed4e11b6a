import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type AnswerRecord,
  answerSaveAction,
  indexAnswers,
  isUnderAge,
  listedSurveyTypes,
  QUESTIONNAIRE_ORDER,
  type StudySurveyType,
  type SurveyDefinition,
  type SurveyProgress,
  type SurveyType,
  surveyDefinitionSchema,
  surveyProgress,
  surveyTypeFromSlug,
} from '@portal/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import {
  type KitRow,
  kits,
  type ProjectRow,
  projects,
  type StoredProgress,
  type StoredProgressMap,
  surveyAnswers,
  surveyDefinitions,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict, invalid, notFound, sessionExpired } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/authenticate.ts';
import { liveSession } from '../auth/live-session.ts';

const definitionsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'definitions');

export const SURVEY_MESSAGES = {
  unknownType: 'There is no such questionnaire.',
  notListed: 'This questionnaire is not part of this kit.',
  notActivated: 'Questionnaires open once your kit has been activated.',
  infantKit: 'The questionnaires of this kit are answered on the infant questionnaire site.',
  unknownQuestion: 'There is no such question in this questionnaire.',
} as const;

/** Reads every definition file (name `<slug>.v<version>.json`), checking each against the schema. */
export function readDefinitionFiles(dir = definitionsDir): SurveyDefinition[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /\.v\d+\.json$/.test(f))
    .sort()
    .map((file) => {
      const parsed = surveyDefinitionSchema.safeParse(
        JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')),
      );
      if (!parsed.success) throw new Error(`Questionnaire ${file} is invalid: ${parsed.error.message}`);
      return parsed.data;
    });
}

/** The newest version of each questionnaire, which is what people answer. */
export type SurveyCatalog = Map<StudySurveyType, SurveyDefinition>;

let fileCatalog: {
  all: SurveyDefinition[];
  newest: Map<SurveyType, SurveyDefinition>;
  latest: SurveyCatalog;
} | null = null;

function catalogFromFiles() {
  if (!fileCatalog) {
    const all = readDefinitionFiles();
    const newest = new Map<SurveyType, SurveyDefinition>();
    for (const d of all) {
      const current = newest.get(d.surveyType);
      if (!current || current.version < d.version) newest.set(d.surveyType, d);
    }
    // The portal's questionnaires; the stool one is answered only inside a requisition form.
    const latest: SurveyCatalog = new Map();
    for (const type of QUESTIONNAIRE_ORDER) {
      const definition = newest.get(type);
      if (definition) latest.set(type, definition);
    }
    fileCatalog = { all, newest, latest };
  }
  return fileCatalog;
}

export const surveyCatalog = (): SurveyCatalog => catalogFromFiles().latest;

/** The newest version of any questionnaire, including those answered outside the portal (the stool one). */
export function latestDefinitionOf(type: SurveyType): SurveyDefinition | undefined {
  return catalogFromFiles().newest.get(type);
}

/** Stores every version in the database (idempotent), so stored answers keep the text they were given to. */
export async function loadDefinitions(db: Db) {
  const { all } = catalogFromFiles();
  for (const d of all)
    await db
      .insert(surveyDefinitions)
      .values({ surveyType: d.surveyType, version: d.version, definition: d })
      .onConflictDoNothing();
}

/** Accepts the URL slug ('medical-history') or the type ('MEDICAL_HISTORY'). */
export function resolveType(raw: string): StudySurveyType {
  const type =
    surveyTypeFromSlug(raw) ??
    (QUESTIONNAIRE_ORDER.includes(raw as StudySurveyType) ? (raw as StudySurveyType) : null);
  if (!type) throw notFound(SURVEY_MESSAGES.unknownType);
  return type;
}

export function getDefinition(raw: string): SurveyDefinition {
  const definition = surveyCatalog().get(resolveType(raw));
  if (!definition) throw notFound(SURVEY_MESSAGES.unknownType);
  return definition;
}

/**
 * The kit's questionnaire types: those its project enables, in the fixed order, MENTAL left out for
 * under-age people; none for infant kits (their questionnaires live on the external infant site).
 */
type SurveyKit = Pick<KitRow, 'surveyResultId'>;
type SurveyProject = Pick<
  ProjectRow,
  | 'exerciseSurveyEnabled'
  | 'foodSurveyEnabled'
  | 'medicalSurveyEnabled'
  | 'mentalSurveyEnabled'
  | 'samplingSurveyEnabled'
>;

export function kitSurveyTypes(kit: SurveyKit, project: SurveyProject, underAge: boolean): StudySurveyType[] {
  if (kit.surveyResultId) return [];
  return listedSurveyTypes(
    {
      exerciseSurveyEnabled: project.exerciseSurveyEnabled,
      foodSurveyEnabled: project.foodSurveyEnabled,
      medicalSurveyEnabled: project.medicalSurveyEnabled,
      mentalSurveyEnabled: project.mentalSurveyEnabled,
      samplingSurveyEnabled: project.samplingSurveyEnabled,
    },
    { underAge },
  );
}

/** A date answer must not be in the future for anyone in Australia or New Zealand (up to UTC+14). */
export const answerClock = () => new Date(Date.now() + 14 * 3600 * 1000);

/** A stored answer with its questionnaire, as the kits list reads them: one JSON array, no keys. */
export type StoredAnswer = readonly [
  surveyType: string,
  questionId: string,
  answers: number[],
  answerString: string | null,
];

/**
 * Every answer of the kit in the row, as one JSON array column (null without answers), so a list of
 * kits reads its answers in the same statement as the kits. Each answer is an array, not an object:
 * PostgreSQL would otherwise write the four keys into every answer, which for a kit with 180 answers
 * cost a third of the statement and half of its output (decision 015).
 */
export const answersOfKitColumn = sql<StoredAnswer[] | null>`(
  select json_agg(json_build_array(
    ${surveyAnswers.surveyType}, ${surveyAnswers.questionId}, ${surveyAnswers.answers},
    ${surveyAnswers.answerString}))
  from ${surveyAnswers} where ${surveyAnswers.kitId} = ${kits.id})`;

type KitSurveyStats = (SurveyProgress & { surveyType: string })[];

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
 * surveysStats of one kit from its stored progress (decision 018), or null when a listed questionnaire's
 * figures have to be computed from its answers: they changed since the figures were stored, the figures
 * are of an older definition, or the kit was answered before progress was stored. A questionnaire with
 * no stored entry has no answer, so its figures are the definition's alone.
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

/** The stored progress of every questionnaire that has answers (null where it has no definition). */
function progressFromAnswers(answers: readonly StoredAnswer[], now: Date): StoredProgressMap {
  const byType = new Map<string, AnswerRecord[]>();
  for (const [surveyType, questionId, values, answerString] of answers) {
    const records = byType.get(surveyType) ?? [];
    records.push({ questionId, answers: values, answerString });
    byType.set(surveyType, records);
  }
  const catalog = surveyCatalog();
  const map: StoredProgressMap = {};
  for (const [type, records] of byType) {
    const definition = catalog.get(type as StudySurveyType);
    map[type] = definition
      ? toStored(definition, surveyProgress(definition, indexAnswers(records), now))
      : null;
  }
  return map;
}

/** surveysStats of one kit (research §3): completed over total shown questions per listed questionnaire. */
export function kitSurveyStats(
  kit: SurveyKit,
  project: SurveyProject,
  underAge: boolean,
  answers: readonly StoredAnswer[],
  now = answerClock(),
): KitSurveyStats {
  // Figures computed from every answer are all current, so this never falls back.
  return storedSurveyStats(kit, project, underAge, progressFromAnswers(answers, now)) ?? [];
}

/** A kit's progress as computed when the kit's answers stamp was `stamp`. */
export type ComputedProgress = { kitId: number; stamp: number; progress: StoredProgressMap };

/**
 * Stores the kits' questionnaire progress in one statement, each kit's only if no answer of it changed
 * since (its stamp moved on), as the figures would then be out of date. Returns the kits stored.
 */
export async function storeProgressIfCurrent(
  db: DbOrTx,
  computed: readonly ComputedProgress[],
): Promise<number[]> {
  if (!computed.length) return [];
  const fresh = sql`jsonb_to_recordset(${JSON.stringify(computed)}::jsonb)
    as fresh("kitId" integer, stamp bigint, progress jsonb)`;
  const stored = await db
    .update(kits)
    .set({ surveyProgress: sql`fresh.progress` })
    .from(fresh)
    .where(and(sql`${kits.id} = fresh."kitId"`, sql`${kits.answersStamp} = fresh.stamp`))
    .returning({ id: kits.id });
  return stored.map((row) => row.id);
}

/**
 * Computes the progress of these kits from their answers and stores it (each kit's unless one of its
 * answers changed meanwhile). Returns the figures computed.
 */
export async function refreshStoredProgress(
  db: DbOrTx,
  kitIds: readonly number[],
): Promise<Map<number, StoredProgressMap>> {
  const rows = await db
    .select({ id: kits.id, stamp: kits.answersStamp, answers: answersOfKitColumn })
    .from(kits)
    .where(inArray(kits.id, [...kitIds]));
  const now = answerClock();
  const computed = rows.map((row) => ({
    kitId: row.id,
    stamp: row.stamp,
    progress: progressFromAnswers(row.answers ?? [], now),
  }));
  await storeProgressIfCurrent(db, computed);
  return new Map(computed.map((c) => [c.kitId, c.progress]));
}

/** surveysStats of each of the kits, their answers read in one query. */
export async function surveyStatsForKits(
  db: DbOrTx,
  rows: { kit: KitRow; project: ProjectRow }[],
  underAge: boolean,
): Promise<Map<number, (SurveyProgress & { surveyType: string })[]>> {
  const ids = rows.map((r) => r.kit.id);
  const answers = ids.length
    ? await db
        .select({
          kitId: surveyAnswers.kitId,
          surveyType: surveyAnswers.surveyType,
          questionId: surveyAnswers.questionId,
          answers: surveyAnswers.answers,
          answerString: surveyAnswers.answerString,
        })
        .from(surveyAnswers)
        .where(inArray(surveyAnswers.kitId, ids))
    : [];
  const now = answerClock();
  return new Map(
    rows.map(({ kit, project }) => [
      kit.id,
      kitSurveyStats(
        kit,
        project,
        underAge,
        answers
          .filter((a) => a.kitId === kit.id)
          .map((a): StoredAnswer => [a.surveyType, a.questionId, a.answers, a.answerString]),
        now,
      ),
    ]),
  );
}

/**
 * The person and, when it is theirs, the kit with its project, in one statement; answer saves run it
 * first on every request. It starts from the person's row and checks the caller's session is live, so it
 * also proves the account exists and is signed in (the save is guarded by requireUserCheckedByQuery).
 */
const personAndKit = preparedFor((db) =>
  db
    .select({ user: users, kit: kits, project: projects })
    .from(users)
    .leftJoin(kits, and(eq(kits.id, sql.placeholder('kitId')), eq(kits.ownerId, users.id)))
    .leftJoin(projects, eq(projects.id, kits.projectId))
    .where(and(eq(users.id, sql.placeholder('userId')), liveSession(sql.placeholder('sessionId'))))
    .prepare('owned_kit'),
);

type PersonAndKit = Awaited<ReturnType<ReturnType<typeof personAndKit>['execute']>>[number];

async function readPersonAndKit(ctx: AppContext, caller: Caller, kitId: number): Promise<PersonAndKit> {
  const { userId, sessionId } = caller;
  const [row] = await personAndKit(ctx.db).execute({ kitId, userId, sessionId });
  if (!row) throw sessionExpired();
  return row;
}

/** The owner's kit with this questionnaire open to them; anything else is refused without changing data. */
function answerableKit({ user, kit, project }: PersonAndKit, type: StudySurveyType) {
  if (!kit || !project) throw notFound('We could not find that kit in your account.');
  if (kit.surveyResultId) throw conflict(SURVEY_MESSAGES.infantKit);
  if (kit.kitStatus === 'UNASSIGNED' || kit.kitStatus === 'ASSIGNED')
    throw conflict(SURVEY_MESSAGES.notActivated);
  if (!kitSurveyTypes(kit, project, isUnderAge(user)).includes(type))
    throw new AppError(404, 'NOT_FOUND', SURVEY_MESSAGES.notListed);
}

const answersOf = preparedFor((db) =>
  db
    .select()
    .from(surveyAnswers)
    .where(
      and(
        eq(surveyAnswers.kitId, sql.placeholder('kitId')),
        eq(surveyAnswers.surveyType, sql.placeholder('type')),
      ),
    )
    .prepare('answers_of'),
);

/** get survey answers: the questionResultsMap of one kit's questionnaire. */
export async function getAnswers(ctx: AppContext, caller: Caller, kitId: number, raw: string) {
  const type = resolveType(raw);
  answerableKit(await readPersonAndKit(ctx, caller, kitId), type);
  const rows = await answersOf(ctx.db).execute({ kitId, type });
  const questionResultsMap: Record<string, AnswerRecord> = {};
  for (const a of rows)
    questionResultsMap[a.questionId] = {
      questionId: a.questionId,
      answers: a.answers,
      answerString: a.answerString,
    };
  return { questionResultsMap };
}

/**
 * The questionnaire's progress after a change to its answers. It is not stored here: the change marked
 * the stored figures out of date, and the kits list computes and stores them once when next read
 * (decision 018), instead of every answer save paying for a write.
 */
async function progressOf(db: Db, kitId: number, type: StudySurveyType, definition: SurveyDefinition) {
  const rows = await answersOf(db).execute({ kitId, type });
  const answers = indexAnswers(
    rows.map((a) => ({ questionId: a.questionId, answers: a.answers, answerString: a.answerString })),
  );
  return { surveyType: type, ...surveyProgress(definition, answers, answerClock()) };
}

/**
 * put survey question: saves one answer if valid; an invalid number-like answer deletes the stored one
 * (research §4) and is reported; any other invalid answer is refused and nothing changes. A save with
 * an older client sequence than the stored one is ignored, so the last save a person made wins.
 */
export async function saveAnswer(
  ctx: AppContext,
  caller: Caller,
  kitId: number,
  raw: string,
  body: AnswerRecord & { clientSequence?: number | undefined },
) {
  // The person's row first: a deleted account gets 401 before any other answer, as from the guard.
  const person = await readPersonAndKit(ctx, caller, kitId);
  const type = resolveType(raw);
  const definition = getDefinition(type);
  answerableKit(person, type);
  const question = definition.questions.find((q) => q.questionId === body.questionId);
  if (!question)
    throw invalid(SURVEY_MESSAGES.unknownQuestion, { questionId: SURVEY_MESSAGES.unknownQuestion });
  const outcome = answerSaveAction(question, body, answerClock());
  if (outcome.action === 'reject') throw invalid(outcome.message, { [body.questionId]: outcome.message });
  const sequence = body.clientSequence ?? Date.now();
  if (outcome.action === 'delete') {
    await ctx.db
      .delete(surveyAnswers)
      .where(
        and(
          eq(surveyAnswers.kitId, kitId),
          eq(surveyAnswers.surveyType, type),
          eq(surveyAnswers.questionId, body.questionId),
          sql`${surveyAnswers.clientSequence} <= ${sequence}`,
        ),
      );
    throw invalid(outcome.message, { [body.questionId]: outcome.message });
  }
  const value = outcome.value;
  await ctx.db
    .insert(surveyAnswers)
    .values({
      kitId,
      surveyType: type,
      questionId: value.questionId,
      answers: value.answers,
      answerString: value.answerString,
      definitionVersion: definition.version,
      clientSequence: sequence,
    })
    .onConflictDoUpdate({
      target: [surveyAnswers.kitId, surveyAnswers.surveyType, surveyAnswers.questionId],
      set: {
        answers: value.answers,
        answerString: value.answerString,
        definitionVersion: definition.version,
        clientSequence: sequence,
        updatedAt: new Date(),
      },
      setWhere: sql`${surveyAnswers.clientSequence} <= ${sequence}`,
    });
  return { saved: value, progress: await progressOf(ctx.db, kitId, type, definition) };
}

/** delete survey answer. */
export async function deleteAnswer(
  ctx: AppContext,
  caller: Caller,
  kitId: number,
  raw: string,
  questionId: string,
) {
  const type = resolveType(raw);
  const definition = getDefinition(type);
  answerableKit(await readPersonAndKit(ctx, caller, kitId), type);
  await ctx.db
    .delete(surveyAnswers)
    .where(
      and(
        eq(surveyAnswers.kitId, kitId),
        eq(surveyAnswers.surveyType, type),
        eq(surveyAnswers.questionId, questionId),
      ),
    );
  return { progress: await progressOf(ctx.db, kitId, type, definition) };
}
