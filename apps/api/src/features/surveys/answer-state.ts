import {
  type AnswerRecord,
  AUTH_MESSAGES,
  ERROR_CODES,
  isUnderAge,
  KIT_MESSAGES,
  QUESTIONNAIRE_MESSAGES,
  type StudySurveyType,
} from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { kits, projects, surveyAnswers, users } from '../../db/schema/index.ts';
import { AppError, conflict, notFound, sessionExpired, tooMany } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/authenticate.ts';
import { liveSession } from '../../plugins/live-session.ts';
import { countRequest } from '../../plugins/rate-limit-store.ts';
import { kitSurveyTypes } from './catalog.ts';

// What an answer request reads before anything else: who asks, their kit, and the questionnaire's answers.

/** A stored answer with the browser's save counter it was saved with. */
export type StoredAnswer = AnswerRecord & { clientSequence: number };

/**
 * The person and, when it is theirs, the kit with its project and the questionnaire's answers, in one
 * statement; every answer request runs it first. It starts from the person's row and checks the
 * caller's session is live, so it also proves the account exists and is signed in (the save is guarded
 * by requireUserCheckedByQuery).
 */
const stateColumns = {
  underAge: users.underAge,
  dateOfBirth: users.dateOfBirth,
  // Drizzle makes a joined object null when its first column is: each starts with a not-null one.
  kit: {
    kitStatus: kits.kitStatus,
    surveyResultId: kits.surveyResultId,
    answersVersion: kits.answersVersion,
  },
  project: {
    exerciseSurveyEnabled: projects.exerciseSurveyEnabled,
    foodSurveyEnabled: projects.foodSurveyEnabled,
    medicalSurveyEnabled: projects.medicalSurveyEnabled,
    mentalSurveyEnabled: projects.mentalSurveyEnabled,
    samplingSurveyEnabled: projects.samplingSurveyEnabled,
  },
  answers: sql<StoredAnswer[]>`coalesce((select json_agg(json_build_object(
      'questionId', ${surveyAnswers.questionId}, 'answers', ${surveyAnswers.answers},
      'answerString', ${surveyAnswers.answerString}, 'clientSequence', ${surveyAnswers.clientSequence}))
    from ${surveyAnswers}
    where ${surveyAnswers.kitId} = ${kits.id} and ${surveyAnswers.surveyType} = ${sql.placeholder('type')}),
    '[]'::json)`,
};
const ownedKit = and(eq(kits.id, sql.placeholder('kitId')), eq(kits.ownerId, users.id));
const signedIn = and(eq(users.id, sql.placeholder('userId')), liveSession(sql.placeholder('sessionId')));

const readStatement = preparedFor((db) =>
  db
    .select(stateColumns)
    .from(users)
    .leftJoin(kits, ownedKit)
    .leftJoin(projects, eq(projects.id, kits.projectId))
    .where(signedIn)
    .prepare('answer_state'),
);

/** ANSWER_RATE_LIMIT counts a person's saves per minute. */
const ANSWER_WINDOW_SECONDS = 60;
/**
 * A save's count against ANSWER_RATE_LIMIT, sent before its read. The count rode in the read as a CTE
 * (decision 036) until the quiet A/B of decision 067 measured it at 9 % on the save, under the 20 % a speed
 * layer must buy. Counted before the read, a refused save counts too, as it did through @fastify/rate-limit.
 */
const countStatement = preparedFor((db) =>
  countRequest(db, sql`'answer save:person ' || ${sql.placeholder('userId')}`, ANSWER_WINDOW_SECONDS).prepare(
    'answer_count',
  ),
);

/** What a save needs to know before it writes: who asks, the kit, and the questionnaire's answers. */
export type SaveState = Awaited<ReturnType<ReturnType<typeof readStatement>['execute']>>[number];

/** The state for one request; `limit`, for a save, counts it and refuses one over the limit. */
export async function readState(
  db: DbOrTx,
  caller: Caller,
  kitId: number,
  type: StudySurveyType,
  limit?: number,
): Promise<SaveState> {
  const { userId, sessionId } = caller;
  const values = { kitId, userId, sessionId, type };
  if (limit === undefined) {
    const [row] = await readStatement(db as Db).execute(values);
    if (!row) throw sessionExpired();
    return row;
  }
  const [count] = await countStatement(db as Db).execute({ userId });
  const [row] = await readStatement(db as Db).execute(values);
  if (!row) throw sessionExpired();
  const saves = count?.count ?? 1;
  if (saves > limit)
    throw tooMany(AUTH_MESSAGES.tooManyRequests, ERROR_CODES.rateLimited, (count?.ttl ?? 0) / 1000);
  return row;
}

/** The owner's kit with this questionnaire open to them; anything else is refused without changing data. */
export function answerableKit({ kit, project, ...person }: SaveState, type: StudySurveyType) {
  if (!kit || !project) throw notFound(KIT_MESSAGES.kitNotFound);
  if (kit.surveyResultId) throw conflict(QUESTIONNAIRE_MESSAGES.infantKit);
  if (kit.kitStatus === 'UNASSIGNED' || kit.kitStatus === 'ASSIGNED')
    throw conflict(QUESTIONNAIRE_MESSAGES.notActivated);
  if (!kitSurveyTypes(kit, project, isUnderAge(person)).includes(type))
    throw new AppError(404, 'NOT_FOUND', QUESTIONNAIRE_MESSAGES.notListed);
  return kit;
}
