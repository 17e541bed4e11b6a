import { RECEIPT_MESSAGES, STAFF_KIT_MESSAGES, storagePlace, timelineSteps } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kits, staffAudit, surveyAnswers } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, signIn, type TestApp } from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';
import {
  AT_LAB,
  asStaff,
  changeDigest,
  DISPATCHED,
  daysAgo,
  mailTo,
  ownedKit,
  receiptFor,
  type Tokens,
  tokensOfEveryRole,
} from './staff-kits.test-helpers.ts';

/** Issue 34 item 11: what the lab records at receipt, and the quarantine of a tube not intact. */

let t: TestApp;
let tokens: Tokens;
let lab: ReturnType<typeof asStaff>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensOfEveryRole(t.app);
  lab = asStaff(t.app, tokens.LAB);
});
afterAll(() => t.close());

const kitRow = async (id: number) => (await t.database.db.select().from(kits).where(eq(kits.id, id)))[0];
const receive = (body: Record<string, unknown>) => lab.post('/api/staff/lab/receive', body);
const decide = (body: Record<string, unknown>) => lab.post('/api/staff/lab/quarantine/decide', body);
const steps = (code: string, sampleStatus: string, reason?: string) =>
  lab.post('/api/staff/lab/steps', { codes: [code], sampleStatus, ...(reason ? { reason } : {}) });

/** What the owner's portal reads of a kit: its statuses and its timeline's steps. */
async function ownersView(kitId: number, ownerEmail: string) {
  const { accessToken: token } = await signIn(t.app, ownerEmail);
  const list = (await t.app.inject({ url: '/api/kits', headers: bearer(token) })).json() as {
    id: number;
    kitStatus: string;
    sampleStatus: string | null;
  }[];
  const events = (await t.app.inject({ url: `/api/kits/${kitId}/timeline`, headers: bearer(token) })).json();
  return { kit: list.find((k) => k.id === kitId), steps: timelineSteps(events) };
}

describe('the receipt at the lab', () => {
  it('records the condition, the collection date typed, the transit days and the storage place, audited', async () => {
    const kit = await ownedKit(t.app, DISPATCHED);
    const res = await receive(
      receiptFor(kit.sampleIdentifier, {
        collectionDate: daysAgo(4),
        freezer: ' frz-02 ',
        box: 'b12',
        position: 'j10',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      sampleStatus: 'RECEIVED_BY_LAB',
      kitStatus: 'RECEIVED_BY_LAB',
      receipt: {
        condition: 'INTACT',
        collectionDate: daysAgo(4),
        collectionDateSource: 'ENTERED',
        transitDays: 4,
        freezer: 'FRZ-02',
        box: 'B12',
        position: 'J10',
        quarantine: null,
        receivedBy: 'Sam LAB',
      },
    });
    const [entry] = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.entityId, String(kit.id)), eq(staffAudit.action, 'sample.receive')));
    expect(entry?.after).toMatchObject({
      condition: 'INTACT',
      transitDays: 4,
      storage: 'Freezer FRZ-02, box B12, position J10',
    });
    // The kit's page reads it back, for every role that reads kits.
    for (const role of ['LOGISTICS', 'LAB', 'SUPPORT', 'ADMIN'] as const) {
      const read = await asStaff(t.app, tokens[role]).get(`/api/staff/kits/${kit.id}/receipt`);
      expect(read.statusCode, role).toBe(200);
      expect(read.json().receipt).toMatchObject({ condition: 'INTACT', position: 'J10', transitDays: 4 });
    }
  });

  it("takes the collection date from the person's Day of sampling answer when none is typed", async () => {
    const kit = await ownedKit(t.app, DISPATCHED);
    await t.database.db.insert(surveyAnswers).values({
      kitId: kit.id,
      surveyType: 'DAY_OF_SAMPLING',
      questionId: 'DOS_SAMPLE_DATE',
      answers: [],
      answerString: daysAgo(9),
      definitionVersion: 1,
    });
    const res = await receive(receiptFor(kit.sampleIdentifier, { collectionDate: '' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().receipt).toMatchObject({
      collectionDate: daysAgo(9),
      collectionDateSource: 'QUESTIONNAIRE',
      transitDays: 9,
    });
  });

  it('asks for the collection date when nobody gave one, and refuses one after arrival or a year before; nothing changes', async () => {
    const kit = await ownedKit(t.app, DISPATCHED);
    const before = await changeDigest(t.database);
    const none = await receive(receiptFor(kit.sampleIdentifier, { collectionDate: undefined }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(RECEIPT_MESSAGES.collectionDateNeeded(kit.sampleIdentifier));
    expect(none.json().fields.collectionDate).toBeTruthy();
    const future = await receive(receiptFor(kit.sampleIdentifier, { collectionDate: daysAgo(-2) }));
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(RECEIPT_MESSAGES.collectionInFuture);
    const old = await receive(receiptFor(kit.sampleIdentifier, { collectionDate: daysAgo(400) }));
    expect(old.json().message).toBe(RECEIPT_MESSAGES.collectionTooOld);
    const unreal = await receive(receiptFor(kit.sampleIdentifier, { collectionDate: '2026-02-30' }));
    expect(unreal.statusCode).toBe(400);
    expect(unreal.body).toContain(RECEIPT_MESSAGES.collectionDateInvalid);
    expect(await changeDigest(t.database)).toEqual(before);
    expect((await kitRow(kit.id))?.sampleStatus).not.toBe('RECEIVED_BY_LAB');
  });

  it('requires the storage place in its format, and one tube per place; nothing changes', async () => {
    const kit = await ownedKit(t.app, DISPATCHED);
    const before = await changeDigest(t.database);
    const cases: [Record<string, unknown>, string][] = [
      [{ freezer: 'F 1' }, RECEIPT_MESSAGES.freezerInvalid],
      [{ freezer: '' }, RECEIPT_MESSAGES.freezerInvalid],
      [{ box: 'B/12' }, RECEIPT_MESSAGES.boxInvalid],
      [{ position: 'K1' }, RECEIPT_MESSAGES.positionInvalid],
      [{ position: 'A11' }, RECEIPT_MESSAGES.positionInvalid],
      [{ position: undefined }, RECEIPT_MESSAGES.positionInvalid],
      [{ condition: 'DAMP' }, RECEIPT_MESSAGES.conditionInvalid],
    ];
    for (const [change, message] of cases) {
      const res = await receive(receiptFor(kit.sampleIdentifier, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.body, JSON.stringify(change)).toContain(message);
    }
    expect(await changeDigest(t.database)).toEqual(before);

    const first = await ownedKit(t.app, DISPATCHED);
    const place = { freezer: 'F9', box: 'SHARED', position: 'C3' };
    expect((await receive(receiptFor(first.sampleIdentifier, place))).statusCode).toBe(200);
    const held = await changeDigest(t.database);
    const taken = await receive(receiptFor(kit.sampleIdentifier, { ...place, position: 'c3' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(RECEIPT_MESSAGES.placeTaken(storagePlace(place), `KIT-${first.id}`));
    expect(await changeDigest(t.database)).toEqual(held);
  });
});

describe('quarantine', () => {
  it('holds a tube not intact at RECEIVED_BY_LAB: no lab step takes it, and the owner reads only what is true', async () => {
    const kit = await ownedKit(t.app, DISPATCHED);
    const res = await receive(receiptFor(kit.sampleIdentifier, { condition: 'LEAKED' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      sampleStatus: 'RECEIVED_BY_LAB',
      receipt: { condition: 'LEAKED', quarantine: 'OPEN', quarantineReason: 'LEAKED' },
    });
    const listed = (await lab.get('/api/staff/lab/quarantine')).json();
    expect(listed.items.map((i: { kit: { id: number } }) => i.kit.id)).toContain(kit.id);

    const before = await changeDigest(t.database);
    for (const step of ['ACCESSIONING', 'FAILED_SWAB_OTHER']) {
      const refused = await steps(kit.sampleIdentifier, step, 'a reason');
      expect(refused.statusCode, step).toBe(409);
      expect(refused.json().message).toBe(RECEIPT_MESSAGES.quarantined(`KIT-${kit.id}`));
    }
    // The operator key's kit step is held too: the quarantine is the kit's, not the page's.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/kits/${kit.id}`,
      headers: ops,
      payload: { sampleStatus: 'ACCESSIONING' },
    });
    expect(patched.statusCode).toBe(409);
    expect(await changeDigest(t.database)).toEqual(before);

    // The owner's portal: received by the lab, nothing about processing, no failure.
    const view = await ownersView(kit.id, kit.ownerEmail);
    expect(view.kit).toMatchObject({ kitStatus: 'RECEIVED_BY_LAB', sampleStatus: 'RECEIVED_BY_LAB' });
    const active = view.steps.filter((s) => s.active).map((s) => s.key);
    expect(active).toContain('RECEIVED');
    expect(active).not.toContain('PROCESSING');
    expect(JSON.stringify(view)).not.toMatch(/quarantin|FAILED/i);

    // Released: back in the flow, audited; a second decision is refused.
    const released = await decide({ code: kit.sampleIdentifier, decision: 'RELEASE', note: 'Cap tightened' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().receipt).toMatchObject({
      quarantine: 'RELEASED',
      decisionNote: 'Cap tightened',
      decidedBy: 'Sam LAB',
    });
    const again = await decide({ code: kit.sampleIdentifier, decision: 'RELEASE' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RECEIPT_MESSAGES.notQuarantined(`KIT-${kit.id}`));
    expect((await steps(kit.sampleIdentifier, 'ACCESSIONING')).statusCode).toBe(200);
    const actions = await t.database.db
      .select({ action: staffAudit.action })
      .from(staffAudit)
      .where(eq(staffAudit.entityId, String(kit.id)));
    expect(actions.map((a) => a.action)).toContain('sample.quarantine.release');
    const listedAfter = (await lab.get('/api/staff/lab/quarantine')).json();
    expect(listedAfter.items.map((i: { kit: { id: number } }) => i.kit.id)).not.toContain(kit.id);
  });

  it('fails a quarantined sample with its reason: the owner is told as of any failure', async () => {
    const kit = await ownedKit(t.app, DISPATCHED);
    expect((await receive(receiptFor(kit.sampleIdentifier, { condition: 'UNLABELLED' }))).statusCode).toBe(
      200,
    );
    const before = await changeDigest(t.database);
    const noNote = await decide({ code: kit.sampleIdentifier, decision: 'FAIL' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.body).toContain(RECEIPT_MESSAGES.noteRequired);
    expect(await changeDigest(t.database)).toEqual(before);

    const failed = await decide({
      code: kit.sampleIdentifier,
      decision: 'FAIL',
      note: 'No name on the tube',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({
      sampleStatus: 'FAILED_TUBE_NOT_INTACT',
      kitStatus: 'FAILED_PROCESSING',
      receipt: { quarantine: 'FAILED', decisionNote: 'No name on the tube' },
    });
    expect((await mailTo(t.app, kit.ownerEmail))[0]?.subject).toMatch(/could not|sample/i);
    const [entry] = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.entityId, String(kit.id)), eq(staffAudit.action, 'sample.quarantine.fail')));
    expect(entry?.after).toMatchObject({
      sampleStatus: 'FAILED_TUBE_NOT_INTACT',
      reason: 'No name on the tube',
    });
  });

  it('quarantines an intact tube when the lab asks; a late one always', async () => {
    const asked = await ownedKit(t.app, DISPATCHED);
    const late = await ownedKit(t.app, DISPATCHED);
    const a = await receive(receiptFor(asked.sampleIdentifier, { quarantine: true }));
    expect(a.json().receipt).toMatchObject({ condition: 'INTACT', quarantine: 'OPEN' });
    const b = await receive(
      receiptFor(late.sampleIdentifier, { condition: 'LATE', collectionDate: daysAgo(20) }),
    );
    expect(b.json().receipt).toMatchObject({ condition: 'LATE', quarantine: 'OPEN', transitDays: 20 });
  });

  it('refuses a decision on a sample never quarantined, or unknown; nothing changes', async () => {
    const kit = await ownedKit(t.app, AT_LAB);
    const before = await changeDigest(t.database);
    const res = await decide({ code: kit.sampleIdentifier, decision: 'RELEASE' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RECEIPT_MESSAGES.notQuarantined(`KIT-${kit.id}`));
    const unknown = await decide({ code: 'MBUNKNOWN7', decision: 'RELEASE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(STAFF_KIT_MESSAGES.unknownCode('MBUNKNOWN7'));
    expect(await changeDigest(t.database)).toEqual(before);
  });
});

describe('who may record and read receipts', () => {
  it('lets only LAB and ADMIN receive and decide; the kit readers read; a support view and a customer are refused', async () => {
    const owner = await signedInUser(t.app);
    const kit = await ownedKit(t.app, DISPATCHED, owner);
    for (const role of ['LOGISTICS', 'SUPPORT', 'STUDY', 'CUSTOMER'] as const) {
      const as = asStaff(t.app, tokens[role]);
      expect(
        (await as.post('/api/staff/lab/receive', receiptFor(kit.sampleIdentifier))).statusCode,
        role,
      ).toBe(403);
      expect(
        (
          await as.post('/api/staff/lab/quarantine/decide', {
            code: kit.sampleIdentifier,
            decision: 'RELEASE',
          })
        ).statusCode,
        role,
      ).toBe(403);
      expect((await as.get('/api/staff/lab/quarantine')).statusCode, role).toBe(403);
    }
    for (const role of ['STUDY', 'CUSTOMER'] as const)
      expect((await asStaff(t.app, tokens[role]).get(`/api/staff/kits/${kit.id}/receipt`)).statusCode).toBe(
        403,
      );
    // The read-only support view of the kit's owner reads the owner's portal, never the console.
    const support = await signedInStaff(t.app, ['SUPPORT']);
    const view = await asStaff(t.app, support.accessToken).post(
      `/api/staff/people/${owner.id}/support-view`,
      {},
    );
    expect(view.statusCode, view.body).toBe(200);
    const asView = asStaff(t.app, view.json().access_token as string);
    expect([401, 403]).toContain((await asView.get(`/api/staff/kits/${kit.id}/receipt`)).statusCode);
    expect([401, 403]).toContain(
      (await asView.post('/api/staff/lab/receive', receiptFor(kit.sampleIdentifier))).statusCode,
    );
    expect([401, 403]).toContain((await asView.get('/api/staff/queues')).statusCode);
    expect((await t.app.inject({ url: `/api/staff/kits/${kit.id}/receipt` })).statusCode).toBe(401);
  });
});
