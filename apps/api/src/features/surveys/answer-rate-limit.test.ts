import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';

/** ANSWER_RATE_LIMIT counts each person's saves, not each address's (decision 029). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ANSWER_RATE_LIMIT: '2' });
});
afterAll(() => t.close());

/** A signed-in person with one activated kit; `save` answers with the status code. */
async function person() {
  const user = await signedInUser(t.app, { dob: '1990-01-01' });
  const [kit] = (
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/kits',
      headers: ops,
      payload: { count: 1, ownerEmail: user.email },
    })
  ).json() as { id: number }[];
  if (!kit) throw new Error('no kit created');
  await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/kits/${kit.id}`,
    headers: ops,
    payload: { kitStatus: 'REQUESTED' },
  });
  const save = (answerString = 'true') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/kits/${kit.id}/surveys/day-of-sampling`,
      headers: bearer(user.accessToken),
      payload: { questionId: 'DOS_UNWELL', answers: [], answerString },
    });
  const stored = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/kits/${kit.id}/surveys/day-of-sampling/answers`,
        headers: bearer(user.accessToken),
      })
    ).json() as { questionResultsMap: Record<string, { answerString: string | null }> };
  return { save: async () => (await save()).statusCode, saveValue: save, stored };
}

describe('the answer rate limit', () => {
  it("counts one person's saves: a second person at the same address still saves", async () => {
    const first = await person();
    const second = await person();
    expect([await first.save(), await first.save(), await first.save()]).toEqual([200, 200, 429]);
    expect([await second.save(), await second.save()]).toEqual([200, 200]);
  });

  it('refuses a save over the limit with a message and Retry-After, and stores nothing', async () => {
    const someone = await person();
    expect((await someone.saveValue('true')).statusCode).toBe(200);
    expect((await someone.saveValue('true')).statusCode).toBe(200);
    const refused = await someone.saveValue('false');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: 'Too many requests. Please wait a minute and try again.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Reading the answers is not a save: it is never counted.
    expect((await someone.stored()).questionResultsMap.DOS_UNWELL?.answerString).toBe('true');
    // Once the minute is over, the person saves again.
    await t.database.db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) });
    expect((await someone.saveValue('false')).statusCode).toBe(200);
    expect((await someone.stored()).questionResultsMap.DOS_UNWELL?.answerString).toBe('false');
  });
});
