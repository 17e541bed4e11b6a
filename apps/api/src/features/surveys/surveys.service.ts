import {
  type AnswerRecord,
  answerSaveAction,
  isUnderAge,
  KIT_MESSAGES,
  QUESTIONNAIRE_MESSAGES,
  type StudySurveyType,
} from '@portal/domain';
import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { kits, projects, surveyAnswers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict, invalid, notFound, sessionExpired } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/authenticate.ts';
import { liveSession } from '../auth/live-session.ts';
import { answerClock, getDefinition, kitSurveyTypes, resolveType } from './catalog.ts';
import { progressOf, storeProgress } from './progress.ts';

// What other features use of the questionnaires, from one place.
export {
  answerClock,
  getDefinition,
  latestDefinitionOf,
  loadDefinitions,
  surveyCatalog,
} from './catalog.ts';
export { surveyStatsForKits } from './progress.ts';

/**
 * The person and, when it is theirs, the kit with its project, in one statement; every answer request
 * runs it first. It starts from the person's row and checks the caller's session is live, so it also
 * proves the account exists and is signed in (the save is guarded by requireUserCheckedByQuery).
 * The saving variant also locks the kit's row until the transaction ends, so two saves of one kit
 * store figures computed from all the answers the other saved (decision 029).
 */
const personAndKitQuery = (db: Db, lock: boolean) => {
  const theKit = and(eq(kits.id, sql.placeholder('kitId')), eq(kits.ownerId, users.id));
  const locked = sql`${theKit} and ${kits.id} = (select ${kits.id} from ${kits}
    where ${kits.id} = ${sql.placeholder('kitId')} for update)`;
  return db
    .select({ user: users, kit: kits, project: projects })
    .from(users)
    .leftJoin(kits, lock ? locked : theKit)
    .leftJoin(projects, eq(projects.id, kits.projectId))
    .where(and(eq(users.id, sql.placeholder('userId')), liveSession(sql.placeholder('sessionId'))));
};
const personAndKit = preparedFor((db) => personAndKitQuery(db, false).prepare('owned_kit'));
const personAndLockedKit = preparedFor((db) => personAndKitQuery(db, true).prepare('owned_kit_locked'));

type PersonAndKit = Awaited<ReturnType<ReturnType<typeof personAndKit>['execute']>>[number];

async function readPersonAndKit(db: DbOrTx, caller: Caller, kitId: number, lock = false) {
  const { userId, sessionId } = caller;
  const statement = (lock ? personAndLockedKit : personAndKit)(db as Db);
  const [row] = await statement.execute({ kitId, userId, sessionId });
  if (!row) throw sessionExpired();
  return row;
}

/** The owner's kit with this questionnaire open to them; anything else is refused without changing data. */
function answerableKit({ user, kit, project }: PersonAndKit, type: StudySurveyType) {
  if (!kit || !project) throw notFound(KIT_MESSAGES.kitNotFound);
  if (kit.surveyResultId) throw conflict(QUESTIONNAIRE_MESSAGES.infantKit);
  if (kit.kitStatus === 'UNASSIGNED' || kit.kitStatus === 'ASSIGNED')
    throw conflict(QUESTIONNAIRE_MESSAGES.notActivated);
  if (!kitSurveyTypes(kit, project, isUnderAge(user)).includes(type))
    throw new AppError(404, 'NOT_FOUND', QUESTIONNAIRE_MESSAGES.notListed);
}

const answerColumns = {
  questionId: surveyAnswers.questionId,
  answers: surveyAnswers.answers,
  answerString: surveyAnswers.answerString,
};
const ofQuestionnaire = (kitId: unknown, type: unknown) =>
  and(eq(surveyAnswers.kitId, kitId as number), eq(surveyAnswers.surveyType, type as string));

const answersOf = preparedFor((db) =>
  db
    .select(answerColumns)
    .from(surveyAnswers)
    .where(ofQuestionnaire(sql.placeholder('kitId'), sql.placeholder('type')))
    .prepare('answers_of'),
);

/** get survey answers: the questionResultsMap of one kit's questionnaire, and its progress. */
export async function getAnswers(ctx: AppContext, caller: Caller, kitId: number, raw: string) {
  const type = resolveType(raw);
  answerableKit(await readPersonAndKit(ctx.db, caller, kitId), type);
  const rows = await answersOf(ctx.db).execute({ kitId, type });
  const questionResultsMap: Record<string, AnswerRecord> = {};
  for (const a of rows) questionResultsMap[a.questionId] = a;
  return { questionResultsMap, progress: { surveyType: type, ...progressOf(getDefinition(type), rows) } };
}

/**
 * Runs one change of an answer (an upsert or a delete, RETURNING the answer's columns) and returns the
 * questionnaire's answers after it, in one statement. The select sees the table as it was before the
 * statement, so it leaves out the answer the change replaced or deleted and adds the one an upsert stored.
 * The kit's row must already be locked by an earlier statement: a statement that waited for the lock
 * would still read the answers from before the save that held it (decision 029).
 */
async function answersAfter(
  tx: DbOrTx,
  kitId: number,
  type: StudySurveyType,
  kind: 'upsert' | 'delete',
  change: SQLWrapper,
) {
  const answers = await tx.execute(sql`with changed as (${change.getSQL()})
    select ${surveyAnswers.questionId} as "questionId", ${surveyAnswers.answers} as "answers",
      ${surveyAnswers.answerString} as "answerString"
    from ${surveyAnswers}
    where ${ofQuestionnaire(kitId, type)} and ${surveyAnswers.questionId} not in (select question_id from changed)
    ${kind === 'upsert' ? sql`union all select question_id, answers, answer_string from changed` : sql``}`);
  return (answers as unknown as { rows: AnswerRecord[] }).rows;
}

/** Computes the questionnaire's figures from its answers and stores them on the kit (decision 029). */
async function storeProgressOf(
  tx: DbOrTx,
  kitId: number,
  type: StudySurveyType,
  answers: readonly AnswerRecord[],
) {
  const definition = getDefinition(type);
  const progress = progressOf(definition, answers);
  await storeProgress(tx, kitId, type, definition, progress);
  return { surveyType: type, ...progress };
}

/**
 * put survey question: saves one answer if valid; an invalid number-like answer deletes the stored one
 * (research §4) and is reported; any other invalid answer is refused and nothing changes. A save with
 * an older client sequence than the stored one is ignored, so the last save a person made wins.
 * Either way the questionnaire's progress is stored on the kit in the same transaction.
 */
export async function saveAnswer(
  ctx: AppContext,
  caller: Caller,
  kitId: number,
  raw: string,
  body: AnswerRecord & { clientSequence?: number | undefined },
) {
  const outcome = await ctx.db.transaction(async (tx) => {
    // The person's row first: a deleted account gets 401 before any other answer, as from the guard.
    const person = await readPersonAndKit(tx, caller, kitId, true);
    const type = resolveType(raw);
    const definition = getDefinition(type);
    answerableKit(person, type);
    const question = definition.questions.find((q) => q.questionId === body.questionId);
    if (!question)
      throw invalid(QUESTIONNAIRE_MESSAGES.unknownQuestion, {
        questionId: QUESTIONNAIRE_MESSAGES.unknownQuestion,
      });
    const action = answerSaveAction(question, body, answerClock());
    if (action.action === 'reject') throw invalid(action.message, { [body.questionId]: action.message });
    const sequence = body.clientSequence ?? Date.now();
    const newer = sql`${surveyAnswers.clientSequence} <= ${sequence}`;
    if (action.action === 'delete') {
      const deleted = tx
        .delete(surveyAnswers)
        .where(and(ofQuestionnaire(kitId, type), eq(surveyAnswers.questionId, body.questionId), newer))
        .returning(answerColumns);
      const answers = await answersAfter(tx, kitId, type, 'delete', deleted);
      await storeProgressOf(tx, kitId, type, answers);
      return action;
    }
    const { value } = action;
    const values = {
      answers: value.answers,
      answerString: value.answerString,
      definitionVersion: definition.version,
      clientSequence: sequence,
    };
    const stored = tx
      .insert(surveyAnswers)
      .values({ kitId, surveyType: type, questionId: value.questionId, ...values })
      .onConflictDoUpdate({
        target: [surveyAnswers.kitId, surveyAnswers.surveyType, surveyAnswers.questionId],
        set: { ...values, updatedAt: new Date() },
        setWhere: newer,
      })
      .returning(answerColumns);
    const answers = await answersAfter(tx, kitId, type, 'upsert', stored);
    return { ...action, progress: await storeProgressOf(tx, kitId, type, answers) };
  });
  // Refused after the delete was committed: the answer is gone and the person is told why.
  if (outcome.action === 'delete') throw invalid(outcome.message, { [body.questionId]: outcome.message });
  return { saved: outcome.value, progress: outcome.progress };
}

/** delete survey answer, storing the questionnaire's progress in the same transaction. */
export async function deleteAnswer(
  ctx: AppContext,
  caller: Caller,
  kitId: number,
  raw: string,
  questionId: string,
) {
  return ctx.db.transaction(async (tx) => {
    const type = resolveType(raw);
    answerableKit(await readPersonAndKit(tx, caller, kitId, true), type);
    const deleted = tx
      .delete(surveyAnswers)
      .where(and(ofQuestionnaire(kitId, type), eq(surveyAnswers.questionId, questionId)))
      .returning(answerColumns);
    const answers = await answersAfter(tx, kitId, type, 'delete', deleted);
    return { progress: await storeProgressOf(tx, kitId, type, answers) };
  });
}
