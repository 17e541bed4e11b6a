import { ERROR_CODES, MY_CONSENTS_TEXTS, SUPPORT_VIEW_READ_ONLY } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentResponses, users } from '../../db/schema/index.ts';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The Future Insight Program consent of flow 3 (migration 0002). */
const FUTURE_INSIGHT = 1;

const answer = (token: string, userId: string, consented: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/api/consent/${FUTURE_INSIGHT}`,
    headers: bearer(token),
    payload: { consentId: FUTURE_INSIGHT, consenterType: 'USER', consenterId: userId, consented },
  });
const mine = async (token: string) =>
  (await t.app.inject({ url: '/api/me/consents', headers: bearer(token) })).json() as {
    consents: {
      consentId: number;
      title: string;
      latest: { answer: string; version: string; at: string };
      withdrawable: boolean;
      history: { answer: string; version: string; at: string }[];
    }[];
  };
const withdraw = (token: string, consentId: number | string = FUTURE_INSIGHT) =>
  t.app.inject({ method: 'POST', url: `/api/me/consents/${consentId}/withdrawal`, headers: bearer(token) });
const rowsOf = (userId: string) =>
  t.database.db.select().from(consentResponses).where(eq(consentResponses.consenterId, userId));
const agreeToDataUsage = async (userId: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]?.agreeToDataUsage;

describe('your consents', () => {
  it('lists each consent given with its document, version, time and answer', async () => {
    const person = await signedInUser(t.app);
    expect((await mine(person.accessToken)).consents).toEqual([]);
    expect((await answer(person.accessToken, person.id, true)).statusCode).toBe(201);
    const [consent] = (await mine(person.accessToken)).consents;
    expect(consent).toMatchObject({
      consentId: FUTURE_INSIGHT,
      title: 'Future Insight Program',
      currentVersion: '1.0',
      latest: { answer: 'AGREED', version: '1.0', at: expect.any(String) },
      withdrawable: true,
    });
    expect(consent?.history).toHaveLength(1);
  });

  it('withdraws consent as a new, timed answer: agreeToDataUsage turns false and the history stays whole', async () => {
    const person = await signedInUser(t.app);
    await answer(person.accessToken, person.id, true);
    expect(await agreeToDataUsage(person.id)).toBe(true);
    const [given] = await rowsOf(person.id);

    const started = Date.now();
    const res = await withdraw(person.accessToken);
    expect(res.statusCode, res.body).toBe(201);
    const withdrawn = res.json();
    expect(withdrawn.latest).toMatchObject({ answer: 'WITHDRAWN', version: '1.0' });
    expect(new Date(withdrawn.latest.at).getTime()).toBeGreaterThanOrEqual(started - 5000);
    expect(withdrawn.withdrawable).toBe(false);
    expect(withdrawn.history.map((h: { answer: string }) => h.answer)).toEqual(['WITHDRAWN', 'AGREED']);

    // The server's behaviour follows: the profile's data-usage agreement is off, the profile says so.
    expect(await agreeToDataUsage(person.id)).toBe(false);
    const me = (await t.app.inject({ url: '/api/users/me', headers: bearer(person.accessToken) })).json();
    expect(me.agreeToDataUsage).toBe(false);
    const flow = (
      await t.app.inject({
        url: `/api/consent-flow/3?consenter-type=USER&consenter-id=${person.id}`,
        headers: bearer(person.accessToken),
      })
    ).json();
    expect(flow.consents[0].response.consented).toBe(false);

    // The answer given before is untouched: a withdrawal is a row of its own.
    const rows = await rowsOf(person.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === given?.id)).toEqual(given);
    expect(rows.find((r) => r.id !== given?.id)).toMatchObject({ consented: false, withdrawal: true });

    // Agreeing again later is another answer on top.
    await answer(person.accessToken, person.id, true);
    const [again] = (await mine(person.accessToken)).consents;
    expect(again?.history.map((h) => h.answer)).toEqual(['AGREED', 'WITHDRAWN', 'AGREED']);
    expect(await agreeToDataUsage(person.id)).toBe(true);
  });

  it('refuses to withdraw what was not given, twice, or with a bad id, with a clear message, changing nothing', async () => {
    const person = await signedInUser(t.app);
    const never = await withdraw(person.accessToken);
    expect(never.statusCode).toBe(404);
    expect(never.json().message).toBe(MY_CONSENTS_TEXTS.notFound);

    await answer(person.accessToken, person.id, false);
    const declined = await withdraw(person.accessToken);
    expect(declined.statusCode).toBe(409);
    expect(declined.json().message).toBe(MY_CONSENTS_TEXTS.notGiven);

    await answer(person.accessToken, person.id, true);
    expect((await withdraw(person.accessToken)).statusCode).toBe(201);
    const twice = await withdraw(person.accessToken);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MY_CONSENTS_TEXTS.notGiven);

    const before = await rowsOf(person.id);
    for (const [id, message] of [
      ['abc', 'The consent id must be a number.'],
      ['0', 'The consent id must be a positive number.'],
      ['1.5', 'The consent id must be a whole number.'],
      ['99999999999', 'There is no such consent.'],
    ] as const) {
      const res = await withdraw(person.accessToken, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message, id).toBe(message);
    }
    expect(await rowsOf(person.id)).toEqual(before);
  });

  it("never touches another person's consent, and a support view may read but not withdraw", async () => {
    const owner = await signedInUser(t.app);
    await answer(owner.accessToken, owner.id, true);
    const stranger = await signedInUser(t.app);
    const stolen = await withdraw(stranger.accessToken);
    expect(stolen.statusCode).toBe(404);
    expect((await mine(stranger.accessToken)).consents).toEqual([]);

    const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const view = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/impersonate',
        headers: bearer(support.accessToken),
        payload: { username: owner.email },
      })
    ).json().access_token as string;
    expect((await t.app.inject({ url: '/api/me/consents', headers: bearer(view) })).statusCode).toBe(200);
    const refused = await withdraw(view);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: SUPPORT_VIEW_READ_ONLY,
      code: ERROR_CODES.supportViewReadOnly,
    });
    expect(await agreeToDataUsage(owner.id)).toBe(true);
    expect(await rowsOf(owner.id)).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/consents/1/withdrawal' })).statusCode).toBe(
      401,
    );
  });

  it('withdraws once when asked twice at the same moment', async () => {
    const person = await signedInUser(t.app);
    await answer(person.accessToken, person.id, true);
    const codes = (await Promise.all([withdraw(person.accessToken), withdraw(person.accessToken)]))
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([201, 409]);
    expect((await rowsOf(person.id)).filter((r) => r.withdrawal)).toHaveLength(1);
  });
});
