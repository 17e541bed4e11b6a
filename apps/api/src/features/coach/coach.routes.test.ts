import fs from 'node:fs';
import { COACH_BOOKING_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';
import { completeQuestionnaires } from '../../test/questionnaires.ts';

const PROFILE = fs.readFileSync(
  new URL('../../../../../packages/domain/test-data/report/gmwi2/SRR1761667_metaphlan.txt', import.meta.url),
  'utf8',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function kitWithResults(email: string) {
  const [kit] = (
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/kits',
      headers: ops,
      payload: { count: 1, ownerEmail: email },
    })
  ).json();
  for (const payload of [
    { kitStatus: 'REQUESTED' },
    { kitStatus: 'DISPATCHED_BY_LAB' },
    { sampleStatus: 'RECEIVED_BY_LAB' },
  ])
    await t.app.inject({ method: 'PATCH', url: `/api/admin/kits/${kit.id}`, headers: ops, payload });
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/results',
    headers: ops,
    payload: { sampleIdentifier: kit.sampleIdentifier, profile: PROFILE },
  });
  return kit.id as number;
}

describe('booking a coach call', () => {
  it('is locked until questionnaires are complete, then books a slot once and emails a confirmation', async () => {
    const user = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const kitId = await kitWithResults(user.email);
    const otherKit = await kitWithResults(other.email);
    const { slots } = (
      await t.app.inject({ url: '/api/coach/slots', headers: bearer(user.accessToken) })
    ).json();
    const book = (token: string, id: number, startsAt: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/kits/${id}/coach-booking`,
        headers: bearer(token),
        payload: { startsAt },
      });

    const locked = await book(user.accessToken, kitId, slots[0]);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(COACH_BOOKING_MESSAGES.locked);

    await completeQuestionnaires(t.database.db, kitId);
    await completeQuestionnaires(t.database.db, otherKit);
    const kits = (await t.app.inject({ url: '/api/kits', headers: bearer(user.accessToken) })).json();
    expect(
      kits[0].surveysStats.every(
        (s: { totalQuestions: number; completedQuestions: number }) =>
          s.totalQuestions === s.completedQuestions,
      ),
    ).toBe(true);

    const ok = await book(user.accessToken, kitId, slots[0]);
    expect(ok.statusCode, ok.body).toBe(201);
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.to, user.email));
    expect(mail.map((m) => m.subject)).toContain('Your Microbiome Coach call is booked');
    expect(
      (await t.app.inject({ url: '/api/coach/slots', headers: bearer(user.accessToken) })).json().slots,
    ).not.toContain(slots[0]);

    const taken = await book(other.accessToken, otherKit, slots[0]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(COACH_BOOKING_MESSAGES.taken);
    expect((await book(other.accessToken, kitId, slots[1])).statusCode).toBe(404);
    expect((await book(user.accessToken, kitId, '2026-11-22T03:07:00.000Z')).statusCode).toBe(400);

    const moved = await book(user.accessToken, kitId, slots[2]);
    expect(moved.statusCode).toBe(201);
    expect(
      (await t.app.inject({ url: '/api/coach/bookings', headers: bearer(user.accessToken) })).json(),
    ).toMatchObject([{ kitId, startsAt: slots[2] }]);
  });
});
