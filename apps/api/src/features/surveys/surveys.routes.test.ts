import { ANSWER_MESSAGES } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyAnswers, surveyDefinitions } from '../../db/schema/index.ts';
import { bearer, createTestApp, must, ops, signedInUser, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An activated kit of this person (REQUESTED), so its questionnaires are open. */
async function activatedKit(email: string) {
  const [kit] = (
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/kits',
      headers: ops,
      payload: { count: 1, ownerEmail: email },
    })
  ).json();
  await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/kits/${kit.id}`,
    headers: ops,
    payload: { kitStatus: 'REQUESTED' },
  });
  return kit.id as number;
}

const put = (token: string, kitId: number, type: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/kits/${kitId}/surveys/${type}`, headers: bearer(token), payload });
const answersOf = async (token: string, kitId: number, type: string) =>
  (await t.app.inject({ url: `/api/kits/${kitId}/surveys/${type}/answers`, headers: bearer(token) })).json()
    .questionResultsMap;
const statsOf = async (token: string) =>
  (await t.app.inject({ url: '/api/kits', headers: bearer(token) })).json()[0].surveysStats as {
    surveyType: string;
    totalQuestions: number;
    completedQuestions: number;
  }[];

describe('questionnaire definitions', () => {
  it('serves each questionnaire by slug or type, and stores every version', async () => {
    const user = await signedInUser(t.app);
    const bySlug = (
      await t.app.inject({ url: '/api/surveys/day-of-sampling', headers: bearer(user.accessToken) })
    ).json();
    const byType = (
      await t.app.inject({ url: '/api/surveys/DAY_OF_SAMPLING', headers: bearer(user.accessToken) })
    ).json();
    expect(bySlug).toEqual(byType);
    expect(bySlug.surveyType).toBe('DAY_OF_SAMPLING');
    expect(bySlug.questions.length).toBeGreaterThan(10);
    expect(
      (await t.app.inject({ url: '/api/surveys/nope', headers: bearer(user.accessToken) })).statusCode,
    ).toBe(404);
    // The stool questionnaire is stored too, but served only to requisition forms (survey 19).
    expect(
      (await t.app.inject({ url: '/api/surveys/STOOL_SAMPLE', headers: bearer(user.accessToken) }))
        .statusCode,
    ).toBe(404);
    const stored = await t.database.db.select().from(surveyDefinitions);
    expect(new Set(stored.map((d) => d.surveyType))).toEqual(
      new Set(['DAY_OF_SAMPLING', 'MEDICAL_HISTORY', 'MENTAL', 'EXERCISE', 'FOOD', 'STOOL_SAMPLE']),
    );
  });
});

describe('answers', () => {
  it('lists the five questionnaires in order on an activated kit, and none before activation', async () => {
    const user = await signedInUser(t.app);
    const [kit] = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/kits',
        headers: ops,
        payload: { count: 1, ownerEmail: user.email },
      })
    ).json();
    const early = await put(user.accessToken, kit.id, 'day-of-sampling', {
      questionId: 'DOS_UNWELL',
      answerString: 'true',
    });
    expect(early.statusCode).toBe(409);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/kits/${kit.id}`,
      headers: ops,
      payload: { kitStatus: 'REQUESTED' },
    });
    const stats = await statsOf(user.accessToken);
    expect(stats.map((s) => s.surveyType)).toEqual([
      'DAY_OF_SAMPLING',
      'MEDICAL_HISTORY',
      'MENTAL',
      'EXERCISE',
      'FOOD',
    ]);
    expect(stats.every((s) => s.completedQuestions === 0 && s.totalQuestions > 0)).toBe(true);
  });

  it('hides MENTAL from an under-age person', async () => {
    const minor = await signedInUser(t.app, { underAge: true, dob: '2012-01-01' });
    const kitId = await activatedKit(minor.email);
    expect((await statsOf(minor.accessToken)).map((s) => s.surveyType)).not.toContain('MENTAL');
    expect(
      (await put(minor.accessToken, kitId, 'mental', { questionId: 'x', answerString: '1' })).statusCode,
    ).toBe(404);
  });

  it('saves an answer, applies the skip rule to progress, and reads the answers back', async () => {
    const user = await signedInUser(t.app);
    const kitId = await activatedKit(user.email);
    const before = must(
      (await statsOf(user.accessToken)).find((s) => s.surveyType === 'DAY_OF_SAMPLING'),
      'the DAY_OF_SAMPLING progress',
    );
    const saved = await put(user.accessToken, kitId, 'day-of-sampling', {
      questionId: 'DOS_ANTIBIOTICS',
      answerString: 'false',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json().progress;
    // 'No' to antibiotics skips its follow-up questions: fewer questions to answer, one completed.
    expect(after.totalQuestions).toBeLessThan(before.totalQuestions);
    expect(after.completedQuestions).toBe(1);
    expect(await answersOf(user.accessToken, kitId, 'day-of-sampling')).toEqual({
      DOS_ANTIBIOTICS: { questionId: 'DOS_ANTIBIOTICS', answers: [], answerString: 'false' },
    });
  });

  it('refuses a number out of range with the spec text and deletes the stored answer', async () => {
    const user = await signedInUser(t.app);
    const kitId = await activatedKit(user.email);
    expect(
      (
        await put(user.accessToken, kitId, 'day-of-sampling', {
          questionId: 'DOS_BM_COUNT',
          answerString: '3',
        })
      ).statusCode,
    ).toBe(200);
    const high = await put(user.accessToken, kitId, 'day-of-sampling', {
      questionId: 'DOS_BM_COUNT',
      answerString: '99',
    });
    expect(high.statusCode).toBe(400);
    expect(high.json().message).toBe(ANSWER_MESSAGES.aboveMax);
    expect(await answersOf(user.accessToken, kitId, 'day-of-sampling')).toEqual({});
    // The refusal carries the progress after the delete, as a second request would read it (issue 31).
    const read = await t.app.inject({
      url: `/api/kits/${kitId}/surveys/day-of-sampling/answers`,
      headers: bearer(user.accessToken),
    });
    expect(high.json().progress).toEqual(read.json().progress);
    expect(high.json().progress).toMatchObject({ surveyType: 'DAY_OF_SAMPLING', completedQuestions: 0 });
    const negative = await put(user.accessToken, kitId, 'day-of-sampling', {
      questionId: 'DOS_BM_COUNT',
      answerString: '-1',
    });
    expect(negative.json().message).toBe('This number must be greater than 0');
  });

  it('refuses a future date and an option that is not the question’s, changing nothing', async () => {
    const user = await signedInUser(t.app);
    const kitId = await activatedKit(user.email);
    const future = await put(user.accessToken, kitId, 'day-of-sampling', {
      questionId: 'DOS_SAMPLE_DATE',
      answerString: '2999-01-01',
    });
    // A refusal that changes nothing carries no progress: the figure the page shows still holds.
    expect(future.json()).not.toHaveProperty('progress');
    expect(future.statusCode).toBe(400);
    const option = await put(user.accessToken, kitId, 'day-of-sampling', {
      questionId: 'DOS_BRISTOL',
      answers: [1],
    });
    expect(option.statusCode).toBe(400);
    const unknown = await put(user.accessToken, kitId, 'day-of-sampling', {
      questionId: 'NOPE',
      answerString: 'x',
    });
    expect(unknown.statusCode).toBe(400);
    expect(await answersOf(user.accessToken, kitId, 'day-of-sampling')).toEqual({});
  });

  it("keeps one kit's answers invisible and unwritable to another person", async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const kitId = await activatedKit(owner.email);
    await put(owner.accessToken, kitId, 'day-of-sampling', {
      questionId: 'DOS_UNWELL',
      answerString: 'true',
    });
    const read = await t.app.inject({
      url: `/api/kits/${kitId}/surveys/day-of-sampling/answers`,
      headers: bearer(stranger.accessToken),
    });
    expect(read.statusCode).toBe(404);
    const write = await put(stranger.accessToken, kitId, 'day-of-sampling', {
      questionId: 'DOS_UNWELL',
      answerString: 'false',
    });
    expect(write.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/kits/${kitId}/surveys/day-of-sampling/answers/DOS_UNWELL`,
      headers: bearer(stranger.accessToken),
    });
    expect(del.statusCode).toBe(404);
    expect((await answersOf(owner.accessToken, kitId, 'day-of-sampling')).DOS_UNWELL.answerString).toBe(
      'true',
    );
  });

  it('keeps the last value of a burst of 50 saves, even when they arrive out of order', async () => {
    const user = await signedInUser(t.app);
    const kitId = await activatedKit(user.email);
    const saves = Array.from({ length: 50 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    await Promise.all(
      saves.map((n) =>
        put(user.accessToken, kitId, 'day-of-sampling', {
          questionId: 'DOS_BM_COUNT',
          answerString: String((n % 20) + 1),
          clientSequence: n,
        }),
      ),
    );
    const [row] = await t.database.db
      .select()
      .from(surveyAnswers)
      .where(and(eq(surveyAnswers.kitId, kitId), eq(surveyAnswers.questionId, 'DOS_BM_COUNT')));
    expect(row).toMatchObject({ answerString: String((50 % 20) + 1), clientSequence: 50 });
  });

  it('deletes an answer', async () => {
    const user = await signedInUser(t.app);
    const kitId = await activatedKit(user.email);
    await put(user.accessToken, kitId, 'day-of-sampling', { questionId: 'DOS_UNWELL', answerString: 'true' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/kits/${kitId}/surveys/day-of-sampling/answers/DOS_UNWELL`,
      headers: bearer(user.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(await answersOf(user.accessToken, kitId, 'day-of-sampling')).toEqual({});
  });
});
