import { QUEUE_DEFAULTS, workQueueQuerySchema } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitEvents, users } from '../../db/schema/index.ts';
import { createTestApp, signedInUser, type TestApp } from '../../test/helpers.ts';
import {
  AT_LAB,
  asStaff,
  DISPATCHED,
  ownedKit,
  receiptFor,
  type Tokens,
  tokensOfEveryRole,
} from '../staff-kits/staff-kits.test-helpers.ts';
import { workQueues } from './queues.service.ts';

/** Issue 34 item 17: the work queues, counted from a clock the test sets. */

let t: TestApp;
let tokens: Tokens;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensOfEveryRole(t.app);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY);
const queuesAt = (now: Date, query: Record<string, number> = {}) =>
  workQueues(t.app.ctx, workQueueQuerySchema.parse(query), now);
const ids = (items: { id: number }[]) => items.map((i) => i.id);
const lab = () => asStaff(t.app, tokens.LAB);

/** Moves a kit's events of one type to `daysAgo` days before now. */
async function backdate(kitId: number, eventType: string, daysAgo: number) {
  await t.database.db
    .update(kitEvents)
    .set({ at: new Date(Date.now() - daysAgo * DAY) })
    .where(and(eq(kitEvents.kitId, kitId), eq(kitEvents.eventType, eventType)));
}

describe('work queues', () => {
  it('lists samples waiting at a step for more than N days, the oldest first, with their quarantine', async () => {
    const waiting = await ownedKit(t.app, AT_LAB);
    const held = await ownedKit(t.app, DISPATCHED);
    expect(
      (await lab().post('/api/staff/lab/receive', receiptFor(held.sampleIdentifier, { condition: 'LEAKED' })))
        .statusCode,
    ).toBe(200);

    expect(ids((await queuesAt(new Date())).waitingAtStep.items)).not.toContain(waiting.id);
    const inEight = await queuesAt(later(8));
    const line = inEight.waitingAtStep.items.find((i) => i.id === waiting.id);
    expect(line).toMatchObject({ sampleStatus: 'RECEIVED_BY_LAB', days: 8, quarantined: false });
    expect(inEight.waitingAtStep.items.find((i) => i.id === held.id)).toMatchObject({ quarantined: true });
    expect(inEight.waitingAtStep.total).toBeGreaterThanOrEqual(2);
    // N is the caller's: ten days is not yet reached at eight.
    expect(ids((await queuesAt(later(8), { stepDays: 10 })).waitingAtStep.items)).not.toContain(waiting.id);

    // A step taken restarts the wait: the age is counted from the step's own event.
    expect(
      (
        await lab().post('/api/staff/lab/steps', {
          codes: [waiting.sampleIdentifier],
          sampleStatus: 'ACCESSIONING',
        })
      ).statusCode,
    ).toBe(200);
    await backdate(waiting.id, 'ACCESSIONING', 3);
    expect((await queuesAt(later(3))).waitingAtStep.items.find((i) => i.id === waiting.id)).toBeUndefined();
    expect((await queuesAt(later(5))).waitingAtStep.items.find((i) => i.id === waiting.id)).toMatchObject({
      sampleStatus: 'ACCESSIONING',
      days: 8,
    });
  });

  it('lists kits sent with no sample back after N weeks; a sample received leaves the queue', async () => {
    const sent = await ownedKit(t.app, DISPATCHED);
    const back = await ownedKit(t.app, DISPATCHED);
    expect((await lab().post('/api/staff/lab/receive', receiptFor(back.sampleIdentifier))).statusCode).toBe(
      200,
    );
    expect(ids((await queuesAt(later(5 * 7))).noSampleBack.items)).not.toContain(sent.id);
    const inSeven = await queuesAt(later(7 * 7));
    expect(inSeven.noSampleBack.items.find((i) => i.id === sent.id)).toMatchObject({
      kitStatus: 'DISPATCHED_BY_LAB',
      days: 49,
    });
    expect(ids(inSeven.noSampleBack.items)).not.toContain(back.id);
    expect(ids((await queuesAt(later(7 * 7), { returnWeeks: 8 })).noSampleBack.items)).not.toContain(sent.id);
  });

  it('lists tubes not intact as customers to call, with the phone and the person, for N days', async () => {
    const person = await signedInUser(t.app, { firstName: 'Callum', lastName: 'Caller' });
    await t.database.db.update(users).set({ phoneNumber: '0400 000 111' }).where(eq(users.id, person.id));
    const leaked = await ownedKit(t.app, DISPATCHED, person);
    const intact = await ownedKit(t.app, DISPATCHED);
    await lab().post('/api/staff/lab/receive', receiptFor(leaked.sampleIdentifier, { condition: 'LEAKED' }));
    await lab().post('/api/staff/lab/receive', receiptFor(intact.sampleIdentifier));
    const now = await queuesAt(later(1));
    expect(now.notIntact.items.find((i) => i.id === leaked.id)).toMatchObject({
      condition: 'LEAKED',
      phone: '0400 000 111',
      owner: { id: person.id, name: 'Callum Caller' },
      quarantine: 'OPEN',
    });
    expect(ids(now.notIntact.items)).not.toContain(intact.id);
    expect(ids((await queuesAt(later(31))).notIntact.items)).not.toContain(leaked.id);
    expect(ids((await queuesAt(later(31), { callDays: 60 })).notIntact.items)).toContain(leaked.id);
  });

  it('gives the turnaround of each step: median and 90th percentile in days', async () => {
    const days = [2, 4, 6];
    for (const d of days) {
      const kit = await ownedKit(t.app, AT_LAB);
      const res = await lab().post('/api/staff/lab/steps', {
        codes: [kit.sampleIdentifier],
        sampleStatus: 'ACCESSIONING',
      });
      expect(res.statusCode).toBe(200);
      await backdate(kit.id, 'RECEIVED_BY_LAB', 210);
      await backdate(kit.id, 'ACCESSIONING', 210 - d);
    }
    // A clock 200 days back: its 90-day window holds these kits' steps, and none of the other tests'.
    const step = (await queuesAt(later(-200))).turnaround.find(
      (s) => s.from === 'RECEIVED_BY_LAB' && s.to === 'ACCESSIONING',
    );
    expect(step).toEqual({
      from: 'RECEIVED_BY_LAB',
      to: 'ACCESSIONING',
      samples: 3,
      medianDays: 4,
      p90Days: 5.6,
    });
    const none = (await queuesAt(later(-200))).turnaround.find((s) => s.from === 'SEQUENCING');
    expect(none).toMatchObject({ samples: 0, medianDays: null, p90Days: null });
  });
});

describe('the work queues route', () => {
  it('answers with the default N, takes the caller’s, and refuses a bad one clearly', async () => {
    const res = await lab().get('/api/staff/queues');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toEqual(QUEUE_DEFAULTS);
    expect(res.json().turnaround).toHaveLength(8);
    const set = await lab().get('/api/staff/queues?stepDays=3&returnWeeks=2&callDays=10');
    expect(set.json().settings).toEqual({ stepDays: 3, returnWeeks: 2, callDays: 10 });
    for (const bad of ['stepDays=0', 'stepDays=abc', 'returnWeeks=53', 'callDays=1.5']) {
      const refused = await lab().get(`/api/staff/queues?${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message, bad).toMatch(/whole number/);
    }
  });

  it('is read by LOGISTICS, LAB, SUPPORT and ADMIN; not by STUDY, a customer or no one', async () => {
    for (const role of ['LOGISTICS', 'LAB', 'SUPPORT', 'ADMIN'] as const)
      expect((await asStaff(t.app, tokens[role]).get('/api/staff/queues')).statusCode, role).toBe(200);
    for (const role of ['STUDY', 'CUSTOMER'] as const)
      expect((await asStaff(t.app, tokens[role]).get('/api/staff/queues')).statusCode, role).toBe(403);
    expect((await t.app.inject({ url: '/api/staff/queues' })).statusCode).toBe(401);
  });
});
