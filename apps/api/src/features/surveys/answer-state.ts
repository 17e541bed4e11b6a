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
import { layerOff } from '../../config.ts';
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

/**
 * The same read that also counts the save against ANSWER_RATE_LIMIT (a minute's saves per person): the
 * counter's upsert rides in the statement as a CTE instead of a round trip of its own before it, worth
 * 0.04 × `SELECT 1` to the save (decision 036). A CTE that writes runs whether or not a row comes back,
 * so a refused save counts too, as it did through @fastify/rate-limit.
 */
/** ANSWER_RATE_LIMIT counts a person's saves per minute. */
const ANSWER_WINDOW_SECONDS = 60;
const countingStatement = preparedFor((db) => {
  const counted = db
    .$with('counted')
    .as(countRequest(db, sql`'answer save:person ' || ${sql.placeholder('userId')}`, ANSWER_WINDOW_SECONDS));
  return db
    .with(counted)
    .select({ ...stateColumns, saves: counted.count, savesTtl: counted.ttl })
    .from(users)
    .innerJoin(counted, sql`true`)
    .leftJoin(kits, ownedKit)
    .leftJoin(projects, eq(projects.id, kits.projectId))
    .where(signedIn)
    .prepare('answer_state_counted');
});
/**
 * The bench's B of the `answer-count-cte` layer (config.ts, SPEED_LAYERS, issue 31): the same count as a
 * statement of its own, sent before the read, as @fastify/rate-limit counted the save before decision 036.
 */
const countStatement = preparedFor((db) =>
  countRequest(db, sql`'answer save:person ' || ${sql.placeholder('userId')}`, ANSWER_WINDOW_SECONDS).prepare(
    'answer_count',
  ),
);

/** countingStatement's rows from the count and the read sent one after the other (the bench's B). */
async function countedApart(
  db: Db,
  values: { userId: string; sessionId: string; kitId: number; type: string },
) {
  const [count] = await countStatement(db).execute({ userId: values.userId });
  const rows = await readStatement(db).execute(values);
  return rows.map((state) => ({ ...state, saves: count?.count ?? 1, savesTtl: count?.ttl ?? 0 }));
}

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
  const [row] = layerOff('answer-count-cte')
    ? await countedApart(db as Db, values)
    : await countingStatement(db as Db).execute(values);
  if (!row) throw sessionExpired();
  const { saves, savesTtl, ...state } = row;
  if (saves > limit) throw tooMany(AUTH_MESSAGES.tooManyRequests, ERROR_CODES.rateLimited, savesTtl / 1000);
  return state;
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
