import {
  type AnswerRecord,
  answerSaveAction,
  indexAnswers,
  QUESTIONNAIRE_MESSAGES,
  REQUISITION_MESSAGES,
  STOOL_SURVEY,
  STOOL_SURVEY_ID,
  type SurveyDefinition,
  unansweredCompulsory,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { studySurveyAnswers, studySurveyResults } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { invalid, notFound, unauthorized } from '../../lib/errors.ts';
import { signToken, type TokenKind, verifyToken } from '../../lib/jwt.ts';
import { answerClock, latestDefinitionOf } from '../surveys/index.ts';

/** A requisition form stays open for a working day; reloading the form gives a fresh token. */
const SURVEY_RESULT_TOKEN: TokenKind = { audience: 'survey-result', ttlSeconds: 12 * 3600 };

/** get questionnaire/survey/19: the stool-sample questionnaire the requisition form of a stool kit shows. */
export function stoolDefinition(): SurveyDefinition {
  const definition = latestDefinitionOf(STOOL_SURVEY.surveyType);
  if (!definition) throw notFound(QUESTIONNAIRE_MESSAGES.unknownType);
  return definition;
}

/** A signed, expiring token that opens one survey result (and only that one) without an account. */
export function surveyResultToken(ctx: AppContext, surveyResultId: string) {
  return signToken(ctx.jwtSecret, SURVEY_RESULT_TOKEN, { sub: surveyResultId });
}

async function checkToken(ctx: AppContext, surveyResultId: string, token: string | undefined) {
  if (!token) throw unauthorized(REQUISITION_MESSAGES.surveyTokenInvalid);
  try {
    const payload = verifyToken(ctx.jwtSecret, SURVEY_RESULT_TOKEN.audience, token);
    if (payload.sub !== surveyResultId) throw new Error('other survey result');
  } catch {
    throw unauthorized(REQUISITION_MESSAGES.surveyTokenInvalid);
  }
  const [row] = await ctx.db
    .select()
    .from(studySurveyResults)
    .where(eq(studySurveyResults.id, surveyResultId));
  if (!row || row.surveyId !== STOOL_SURVEY_ID) throw notFound(REQUISITION_MESSAGES.surveyTokenInvalid);
  return row;
}

export async function storedAnswers(db: DbOrTx, surveyResultId: string): Promise<AnswerRecord[]> {
  const rows = await db
    .select()
    .from(studySurveyAnswers)
    .where(eq(studySurveyAnswers.surveyResultId, surveyResultId));
  return rows.map((a) => ({ questionId: a.questionId, answers: a.answers, answerString: a.answerString }));
}

/** get questionnaire/survey-result/{id}/survey/19: the questionResultsMap of a kit's stool questionnaire. */
export async function getStoolAnswers(ctx: AppContext, surveyResultId: string, token: string | undefined) {
  await checkToken(ctx, surveyResultId, token);
  const questionResultsMap: Record<string, AnswerRecord> = {};
  for (const a of await storedAnswers(ctx.db, surveyResultId)) questionResultsMap[a.questionId] = a;
  return { questionResultsMap };
}

/**
 * put questionnaire/survey-result/{id}/survey: saves one answer with the questionnaire engine's rules
 * (an invalid number deletes the stored answer and is reported; a blank answer clears it).
 */
export async function saveStoolAnswer(
  ctx: AppContext,
  surveyResultId: string,
  token: string | undefined,
  body: AnswerRecord,
) {
  await checkToken(ctx, surveyResultId, token);
  const definition = stoolDefinition();
  const question = definition.questions.find((q) => q.questionId === body.questionId);
  if (!question)
    throw invalid(QUESTIONNAIRE_MESSAGES.unknownQuestion, {
      questionId: QUESTIONNAIRE_MESSAGES.unknownQuestion,
    });
  const where = and(
    eq(studySurveyAnswers.surveyResultId, surveyResultId),
    eq(studySurveyAnswers.questionId, body.questionId),
  );
  // Nothing chosen and nothing typed: the answer was taken back.
  if (body.answers.length === 0 && !body.answerString?.trim()) {
    await ctx.db.delete(studySurveyAnswers).where(where);
    return { saved: null };
  }
  const outcome = answerSaveAction(question, body, answerClock());
  if (outcome.action === 'reject') throw invalid(outcome.message, { [body.questionId]: outcome.message });
  if (outcome.action === 'delete') {
    await ctx.db.delete(studySurveyAnswers).where(where);
    throw invalid(outcome.message, { [body.questionId]: outcome.message });
  }
  const { value } = outcome;
  await ctx.db
    .insert(studySurveyAnswers)
    .values({
      surveyResultId,
      questionId: value.questionId,
      answers: value.answers,
      answerString: value.answerString,
      definitionVersion: definition.version,
    })
    .onConflictDoUpdate({
      target: [studySurveyAnswers.surveyResultId, studySurveyAnswers.questionId],
      set: {
        answers: value.answers,
        answerString: value.answerString,
        definitionVersion: definition.version,
        updatedAt: new Date(),
      },
    });
  return { saved: value };
}

/** Research §5: a stool kit's requisition needs every compulsory question answered. */
export async function checkStoolAnswersComplete(db: DbOrTx, kitId: number) {
  const [result] = await db
    .select()
    .from(studySurveyResults)
    .where(and(eq(studySurveyResults.kitId, kitId), eq(studySurveyResults.surveyId, STOOL_SURVEY_ID)));
  const definition = stoolDefinition();
  const answers = result ? indexAnswers(await storedAnswers(db, result.id)) : {};
  const missing = unansweredCompulsory(definition, answers, answerClock());
  if (missing.length)
    throw invalid(
      REQUISITION_MESSAGES.requiredNotProvided,
      Object.fromEntries(missing.map((q) => [q.questionId, q.question])),
    );
}
