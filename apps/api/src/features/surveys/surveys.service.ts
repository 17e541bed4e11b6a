import {
  type AnswerRecord,
  answerSaveAction,
  isUnderAge,
  QUESTIONNAIRE_MESSAGES,
  questionnairesComplete,
  type StudySurveyType,
  type SurveyProgress,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { kits, projects, surveyAnswers, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { invalid } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/authenticate.ts';
import { cancelReminders, hasPendingReminders } from '../notifications/index.ts';
import { answerableKit, readState, type SaveState } from './answer-state.ts';
import { answerClock, getDefinition, resolveType } from './catalog.ts';
import { progressOf, storedProgressJson, storedProgressValue, surveyStatsForKits } from './progress.ts';

const answerRecord = ({ questionId, answers, answerString }: AnswerRecord): AnswerRecord => ({
  questionId,
  answers,
  answerString,
});

/** get survey answers: the questionResultsMap of one kit's questionnaire, and its progress. */
export async function getAnswers(ctx: AppContext, caller: Caller, kitId: number, raw: string) {
  const type = resolveType(raw);
  const state = await readState(ctx.db, caller, kitId, type);
  answerableKit(state, type);
  const questionResultsMap: Record<string, AnswerRecord> = {};
  for (const a of state.answers) questionResultsMap[a.questionId] = answerRecord(a);
  return {
    questionResultsMap,
    progress: { surveyType: type, ...progressOf(getDefinition(type), state.answers) },
  };
}

/** One answer's change: store a value, or remove the stored one; `sequence` is the browser's counter. */
type Change = { questionId: string; sequence: number; value: AnswerRecord | null };

const p = sql.placeholder;
/**
 * The kit's new answers version and this questionnaire's figures, only if its answers are still the
 * version the figures were computed from; the answer's write below runs only on the row this returns.
 */
const bumped = sql`update ${kits} set answers_version = answers_version + 1,
    survey_progress = ${storedProgressValue(p('kitId'), p('type'), p('figures'))}
  where ${kits.id} = ${p('kitId')} and ${kits.answersVersion} = ${p('version')} returning id`;
/** Both writes and whether they happened, in one prepared statement each (built once, decision 036). */
const answerWrites = {
  save: preparedSql<{ stored: number }>(
    'answer_save',
    sql`with bumped as (${bumped}), written as (
      insert into ${surveyAnswers} (kit_id, survey_type, question_id, answers, answer_string,
        definition_version, client_sequence)
      select id, ${p('type')}, ${p('questionId')}, ${p('answers')}, ${p('answerString')},
        ${p('definitionVersion')}, ${p('sequence')} from bumped
      on conflict (kit_id, survey_type, question_id) do update set answers = excluded.answers,
        answer_string = excluded.answer_string, definition_version = excluded.definition_version,
        client_sequence = excluded.client_sequence, updated_at = now())
    select count(*)::int as "stored" from bumped`,
  ),
  remove: preparedSql<{ stored: number }>(
    'answer_remove',
    sql`with bumped as (${bumped}), written as (
      delete from ${surveyAnswers} where ${surveyAnswers.kitId} in (select id from bumped)
        and ${surveyAnswers.surveyType} = ${p('type')} and ${surveyAnswers.questionId} = ${p('questionId')})
    select count(*)::int as "stored" from bumped`,
  ),
};

/**
 * Writes one answer's change and the questionnaire's new figures in one statement, only if the kit's
 * answers are still the version the figures were computed from. Returns false when another save came in
 * between: nothing was written, and the caller reads again.
 */
async function writeIfUnchanged(
  db: DbOrTx,
  kitId: number,
  type: StudySurveyType,
  version: number,
  change: Change,
  progressAfter: SurveyProgress,
) {
  const definition = getDefinition(type);
  const common = {
    kitId,
    type,
    version,
    figures: storedProgressJson(definition, progressAfter),
    questionId: change.questionId,
  };
  const { value } = change;
  const [row] = value
    ? await answerWrites.save(db, {
        ...common,
        answers: value.answers,
        answerString: value.answerString,
        definitionVersion: definition.version,
        sequence: change.sequence,
      })
    : await answerWrites.remove(db, common);
  return row?.stored === 1;
}

/**
 * Applies one answer's change: reads the kit and its answers, checks them, computes the questionnaire's
 * figures as they will be after the change, and writes both at once (writeIfUnchanged). A change older
 * than the stored answer's (a late-arriving save) writes nothing. The first try takes no lock; if another
 * save of the same kit came in between, the second try holds the kit's row, so it cannot miss again
 * (decision 036). With a `limit`, the first read counts the request against it (the second does not).
 */
async function applyChange(
  ctx: AppContext,
  caller: Caller,
  kitId: number,
  type: StudySurveyType,
  check: (state: SaveState) => Change,
  limit?: number,
) {
  const attempt = async (db: DbOrTx, countAgainst?: number) => {
    const state = await readState(db, caller, kitId, type, countAgainst);
    const kit = answerableKit(state, type);
    const change = check(state);
    const stored = state.answers.find((a) => a.questionId === change.questionId);
    const others = state.answers.filter((a) => a.questionId !== change.questionId);
    const after = change.value ? [...others, change.value] : others;
    const progress = { surveyType: type, ...progressOf(getDefinition(type), after) };
    if (stored && stored.clientSequence > change.sequence)
      return { progress: { surveyType: type, ...progressOf(getDefinition(type), state.answers) } };
    if (!(await writeIfUnchanged(db, kitId, type, kit.answersVersion, change, progress))) return null;
    return { progress };
  };
  return (
    (await attempt(ctx.db, limit)) ??
    (await ctx.db.transaction(async (tx) => {
      // The lock in a statement of its own: a statement that waited for it would still read the
      // answers as they were when it began.
      await tx.execute(sql`select 1 from ${kits} where ${kits.id} = ${kitId} for update`);
      const done = await attempt(tx);
      if (!done) throw new Error('the kit changed while its row was locked');
      return done;
    }))
  );
}

/**
 * put survey question: saves one answer if valid; an invalid number-like answer deletes the stored one
 * (research §4) and is reported; any other invalid answer is refused and nothing changes. A save with
 * an older client sequence than the stored one is ignored, so the last save a person made wins.
 * Either way the questionnaire's progress is stored on the kit by the same statement.
 */
export async function saveAnswer(
  ctx: AppContext,
  caller: Caller,
  kitId: number,
  raw: string,
  body: AnswerRecord & { clientSequence?: number | undefined },
) {
  const type = resolveType(raw);
  const sequence = body.clientSequence ?? Date.now();
  const checked: { action?: ReturnType<typeof answerSaveAction> } = {};
  const { progress } = await applyChange(
    ctx,
    caller,
    kitId,
    type,
    () => {
      const question = getDefinition(type).questions.find((q) => q.questionId === body.questionId);
      if (!question)
        throw invalid(QUESTIONNAIRE_MESSAGES.unknownQuestion, {
          questionId: QUESTIONNAIRE_MESSAGES.unknownQuestion,
        });
      const action = answerSaveAction(question, body, answerClock());
      if (action.action === 'reject') throw invalid(action.message, { [body.questionId]: action.message });
      checked.action = action;
      return { questionId: body.questionId, sequence, value: action.action === 'save' ? action.value : null };
    },
    ctx.config.answerRateLimit,
  );
  // The last answer of a questionnaire: if every questionnaire of the kit is now complete, its pending
  // reminders are cancelled at once (issue 35; the reminder also checks again when it falls due).
  if (progress.totalQuestions > 0 && progress.completedQuestions >= progress.totalQuestions)
    await cancelQuestionnaireRemindersIfComplete(ctx, kitId);
  const { action } = checked;
  // Refused after the delete was written: the answer is gone and the person is told why, with the
  // progress after the delete, so the page need not ask for it (issue 31).
  if (action?.action === 'delete')
    throw invalid(action.message, { [body.questionId]: action.message }, undefined, { progress });
  if (action?.action !== 'save') throw new Error('the answer was not checked');
  return { saved: action.value, progress };
}

/** delete survey answer, storing the questionnaire's progress by the same statement. */
export async function deleteAnswer(
  ctx: AppContext,
  caller: Caller,
  kitId: number,
  raw: string,
  questionId: string,
) {
  const type = resolveType(raw);
  return applyChange(ctx, caller, kitId, type, () => ({
    questionId,
    sequence: Number.MAX_SAFE_INTEGER,
    value: null,
  }));
}

/** Cancels the kit's questionnaire reminders once every questionnaire of it is complete. */
async function cancelQuestionnaireRemindersIfComplete(ctx: AppContext, kitId: number) {
  if (!(await hasPendingReminders(ctx.db, { kind: 'QUESTIONNAIRES', kitId }))) return;
  const [row] = await ctx.db
    .select({ kit: kits, project: projects, user: users })
    .from(kits)
    .innerJoin(projects, eq(projects.id, kits.projectId))
    .innerJoin(users, eq(users.id, kits.ownerId))
    .where(eq(kits.id, kitId));
  if (!row) return;
  const stats = (await surveyStatsForKits(ctx.db, [row], isUnderAge(row.user))).get(kitId) ?? [];
  if (questionnairesComplete(stats)) await cancelReminders(ctx.db, { kind: 'QUESTIONNAIRES', kitId });
}
