import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  return {
    save: async () =>
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/kits/${kit.id}/surveys/day-of-sampling`,
          headers: bearer(user.accessToken),
          payload: { questionId: 'DOS_UNWELL', answers: [], answerString: 'true' },
        })
      ).statusCode,
  };
}

describe('the answer rate limit', () => {
  it("counts one person's saves: a second person at the same address still saves", async () => {
    const first = await person();
    const second = await person();
    expect([await first.save(), await first.save(), await first.save()]).toEqual([200, 200, 429]);
    expect([await second.save(), await second.save()]).toEqual([200, 200]);
  });
});
