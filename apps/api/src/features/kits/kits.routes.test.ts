import fs from 'node:fs';
import { KIT_MESSAGES, resultsOnlyByImport } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitEvents, kits, outbox, projects } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  must,
  ops,
  PASSWORD,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

type Created = { id: number; voucherCode: string; sampleIdentifier: string; hashedId: string };
const address = {
  addressLine1: '1 George St',
  addressLine2: null,
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
};

/** N items: lets a test destructure the kits of one request without asserting each is there. */
type Tuple<T, N extends number, Acc extends T[] = []> = Acc['length'] extends N
  ? Acc
  : Tuple<T, N, [...Acc, T]>;

async function newKits<N extends number>(count: N, extra: object = {}): Promise<Tuple<Created, N>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/kits',
    headers: ops,
    payload: { count, ...extra },
  });
  expect(res.statusCode).toBe(201);
  const created = res.json();
  // Checked here, so that the tuple type holds.
  expect(created).toHaveLength(count);
  return created;
}
const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const setStatus = (kitId: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/kits/${kitId}`, headers: ops, payload });
const mailTo = async (to: string) =>
  (await t.database.db.select().from(outbox).where(eq(outbox.to, to))).map((m) => m.subject);
const kitRow = async (id: number) => (await t.database.db.select().from(kits).where(eq(kits.id, id)))[0];
const PROFILE = fs.readFileSync(
  new URL('../admin/demo-profiles/Subj032_time2_S23_metaphlan.txt', import.meta.url),
  'utf8',
);
const importResults = (sampleIdentifier: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/results',
    headers: ops,
    payload: { sampleIdentifier, profile: PROFILE },
  });

describe('redeem and activate', () => {
  it('finds a kit by voucher in any case and with or without dashes, then redeems it to send later', async () => {
    const [kit] = await newKits(1);
    const user = await signedInUser(t.app);
    const messy = ` ${kit.voucherCode.toLowerCase().replaceAll('-', ' ')} `;
    const lookup = await call(user.accessToken, 'POST', '/api/kits/check-voucher', { voucher: messy });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({
      id: kit.id,
      kitStatus: 'UNASSIGNED',
      logisticType: 'LAB_MANAGED',
      ownedByYou: false,
    });

    const redeem = await call(user.accessToken, 'POST', '/api/kits/redeem', {
      kitId: kit.id,
      voucher: kit.voucherCode,
      activate: false,
    });
    expect(redeem.statusCode).toBe(200);
    // Only what the client uses: it refetches the lists it shows (issue 31).
    expect(redeem.json()).toEqual({ kitId: kit.id, kitStatus: 'ASSIGNED' });

    const list = (await call(user.accessToken, 'GET', '/api/kits')).json();
    expect(list.map((k: { id: number }) => k.id)).toEqual([kit.id]);
    expect(list[0]).toMatchObject({ kitStatus: 'ASSIGNED', activatedDate: null });
    expect(list[0].redeemedDate).toBeTruthy();
    expect((await call(user.accessToken, 'GET', '/api/dashboard')).json()).toEqual({
      numberOfUnassignedKits: 1,
      numberOfRedeemedKits: 1,
      profileCompleted: false,
    });
    const again = await call(user.accessToken, 'POST', '/api/kits/check-voucher', {
      voucher: kit.voucherCode,
    });
    expect(again.json()).toMatchObject({ kitStatus: 'ASSIGNED', ownedByYou: true });
    const timeline = (await call(user.accessToken, 'GET', `/api/kits/${kit.id}/timeline`)).json();
    expect(timeline.map((e: { eventType: string }) => e.eventType)).toEqual(['REDEEMED']);
  });

  it('redeems and sends now with an address, and emails the owner', async () => {
    const [kit] = await newKits(1);
    const user = await signedInUser(t.app);
    const res = await call(user.accessToken, 'POST', '/api/kits/redeem', {
      kitId: kit.id,
      voucher: kit.voucherCode,
      activate: true,
      ...address,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kitId: kit.id, kitStatus: 'REQUESTED' });
    expect((await kitRow(kit.id))?.shipSuburb).toBe('Brisbane City');
    expect(await mailTo(user.email)).toContain('We are packing your Microbiome Lab kit');
  });

  it('refuses send-now without a valid address and changes nothing', async () => {
    const [kit] = await newKits(1);
    const user = await signedInUser(t.app);
    const res = await call(user.accessToken, 'POST', '/api/kits/redeem', {
      kitId: kit.id,
      voucher: kit.voucherCode,
      activate: true,
      ...address,
      postcode: '40',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.postcode).toBe('The postcode must be exactly 4 digits.');
    expect((await kitRow(kit.id))?.ownerId).toBeNull();
  });

  it('answers an unknown or taken voucher with the invalid-voucher text', async () => {
    const [kit] = await newKits(1);
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    await call(owner.accessToken, 'POST', '/api/kits/redeem', {
      kitId: kit.id,
      voucher: kit.voucherCode,
      activate: false,
    });
    for (const voucher of ['NOPE-NOPE-NOPE', kit.voucherCode]) {
      const res = await call(stranger.accessToken, 'POST', '/api/kits/check-voucher', { voucher });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(KIT_MESSAGES.invalidVoucher);
    }
    const steal = await call(stranger.accessToken, 'POST', '/api/kits/redeem', {
      kitId: kit.id,
      voucher: kit.voucherCode,
      activate: false,
    });
    expect(steal.statusCode).toBe(404);
    expect((await kitRow(kit.id))?.ownerId).toBe(owner.id);
    const empty = await call(stranger.accessToken, 'POST', '/api/kits/check-voucher', { voucher: ' ' });
    expect(empty.statusCode).toBe(400);
  });

  it('activates a kit bought into the account, once', async () => {
    const user = await signedInUser(t.app);
    const [kit] = await newKits(1, { ownerEmail: user.email });
    const listed = (await call(user.accessToken, 'GET', '/api/kits')).json();
    expect(listed[0]).toMatchObject({ id: kit.id, kitStatus: 'UNASSIGNED' });
    const res = await call(user.accessToken, 'POST', `/api/kits/${kit.id}/activate`, {
      ...address,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(res.statusCode).toBe(200);
    // Only what the client uses: it refetches the lists it shows (issue 31).
    expect(res.json()).toEqual({ kitId: kit.id, kitStatus: 'REQUESTED' });
    // The list reads its kits as JSON built by the database; its timestamps read as the kit's own do.
    const activatedAt = must((await kitRow(kit.id))?.activatedAt, 'activatedAt of the activated kit');
    expect(activatedAt).toBeInstanceOf(Date);
    const [relisted] = (await call(user.accessToken, 'GET', '/api/kits')).json();
    expect(relisted.activatedDate).toBe(activatedAt.toISOString());
    expect(relisted).toMatchObject({ id: kit.id, kitStatus: 'REQUESTED' });
    const twice = await call(user.accessToken, 'POST', `/api/kits/${kit.id}/activate`, address);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(KIT_MESSAGES.notActivatable);
    const events = (await call(user.accessToken, 'GET', `/api/kits/${kit.id}/timeline`)).json();
    expect(events.map((e: { eventType: string }) => e.eventType)).toEqual(['PURCHASED', 'REQUESTED']);
  });

  it('does not post kits of a client-managed project', async () => {
    const [inserted] = await t.database.db
      .insert(projects)
      .values({ name: 'Study handed out on site', logisticType: 'CLIENT_MANAGED' })
      .returning();
    const project = must(inserted, 'the inserted project');
    const user = await signedInUser(t.app);
    const [kit] = await newKits(1, { ownerEmail: user.email, projectId: project.id });
    const res = await call(user.accessToken, 'POST', `/api/kits/${kit.id}/activate`, address);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(KIT_MESSAGES.clientManaged);
    expect((await kitRow(kit.id))?.kitStatus).toBe('UNASSIGNED');
  });
});

describe("another person's kit", () => {
  it('is invisible and unchangeable with a stranger token (404, nothing changed)', async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const [kit] = await newKits(1, { ownerEmail: owner.email });
    const before = await kitRow(kit.id);
    const attempts = [
      call(stranger.accessToken, 'GET', `/api/kits/${kit.id}/timeline`),
      call(stranger.accessToken, 'PUT', `/api/kits/${kit.id}`, { name: 'Mine now', was: { name: null } }),
      call(stranger.accessToken, 'POST', `/api/kits/${kit.id}/activate`, address),
      call(stranger.accessToken, 'POST', '/api/kits/give', {
        kitId: kit.id,
        receiverEmail: 'x@example.com',
      }),
      call(stranger.accessToken, 'POST', `/api/kits/sent/${kit.id}/resend`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    expect((await call(stranger.accessToken, 'GET', '/api/kits')).json()).toEqual([]);
    expect(await kitRow(kit.id)).toEqual(before);
  });

  it('needs a signed-in person for every kit call', async () => {
    for (const url of ['/api/kits', '/api/kits/sent', '/api/dashboard', '/api/kits/1/timeline'])
      expect((await t.app.inject(url)).statusCode).toBe(401);
  });
});

describe('name, notes and referral code', () => {
  it('renames within 32 characters, keeps notes, and refuses longer names', async () => {
    const user = await signedInUser(t.app);
    const [kit] = await newKits(1, { ownerEmail: user.email });
    const ok = await call(user.accessToken, 'PUT', `/api/kits/${kit.id}`, {
      name: 'x'.repeat(32),
      notes: 'Took it after travel',
      was: { name: null, notes: null },
    });
    expect(ok.json()).toMatchObject({ name: 'x'.repeat(32), notes: 'Took it after travel' });
    const long = await call(user.accessToken, 'PUT', `/api/kits/${kit.id}`, {
      name: 'x'.repeat(33),
      was: { name: 'x'.repeat(32) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.name).toBe(KIT_MESSAGES.nameTooLong);
  });

  it('refuses a name or notes save from a tab that showed older values with 409, changing nothing (issue 33 item 16)', async () => {
    const user = await signedInUser(t.app);
    const [kit] = await newKits(1, { ownerEmail: user.email });
    const put = (payload: object) => call(user.accessToken, 'PUT', `/api/kits/${kit.id}`, payload);
    // Both tabs loaded the kit with no name and no notes; tab A saves first.
    expect((await put({ notes: 'Fasted', was: { notes: null } })).statusCode).toBe(200);
    expect((await put({ name: 'Morning', was: { name: null } })).statusCode).toBe(200);
    const saved = await kitRow(kit.id);
    const staleNotes = await put({ notes: 'Travel', was: { notes: null } });
    expect(staleNotes.statusCode).toBe(409);
    expect(staleNotes.json().message).toBe(KIT_MESSAGES.staleKit);
    const staleName = await put({ name: 'Evening', was: { name: null } });
    expect(staleName.statusCode).toBe(409);
    expect(await kitRow(kit.id)).toEqual(saved);
    // From what the kit holds now, the save goes through.
    const fresh = await put({ notes: 'Travel', was: { notes: 'Fasted' } });
    expect(fresh.json()).toMatchObject({ name: 'Morning', notes: 'Travel' });
  });

  it.each([
    ['a name without was', { name: 'Evening' }, ['was.name']],
    ['notes without was', { notes: 'Travel' }, ['was.notes']],
    [
      'both with only was.name',
      { name: 'Evening', notes: 'Travel', was: { name: 'Morning' } },
      ['was.notes'],
    ],
    ['a name with only was.notes', { name: 'Evening', was: { notes: 'Fasted' } }, ['was.name']],
    ['was that is not an object', { name: 'Evening', was: 'Morning' }, ['was']],
    ['was.name that is a number', { name: 'Evening', was: { name: 7 } }, ['was.name']],
  ])(
    'refuses %s with 400 naming the field, changing nothing (issue 33 item 16)',
    async (_what, payload, fields) => {
      const user = await signedInUser(t.app);
      const [kit] = await newKits(1, { ownerEmail: user.email });
      const put = (body: object) => call(user.accessToken, 'PUT', `/api/kits/${kit.id}`, body);
      expect(
        (await put({ name: 'Morning', notes: 'Fasted', was: { name: null, notes: null } })).statusCode,
      ).toBe(200);
      const before = await kitRow(kit.id);
      const res = await put(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(KIT_MESSAGES.wasRequired);
      expect(Object.keys(res.json().fields)).toEqual(fields);
      expect(await kitRow(kit.id)).toEqual(before);
    },
  );

  it('needs no was for a referral code or report-received change alone, and ignores was for fields not changed', async () => {
    const user = await signedInUser(t.app);
    const [kit] = await newKits(1, { ownerEmail: user.email });
    const put = (body: object) => call(user.accessToken, 'PUT', `/api/kits/${kit.id}`, body);
    expect((await put({ name: 'Morning', was: { name: null } })).statusCode).toBe(200);
    // The notes form knows only the notes: another window's rename does not refuse its save.
    const notes = await put({ notes: 'Fasted', was: { notes: null } });
    expect(notes.json()).toMatchObject({ name: 'Morning', notes: 'Fasted' });
    const removed = await put({ referralCode: null });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('applies a practitioner code with or without REF-, looks it up, and removes it with null', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/referral-codes',
      headers: ops,
      payload: { code: 'REF-PRAC42', firstName: 'Jamie', lastName: 'Nguyen' },
    });
    const user = await signedInUser(t.app);
    const [kit] = await newKits(1, { ownerEmail: user.email });
    const lookup = await call(user.accessToken, 'GET', '/api/referral-codes/REFPRAC42');
    expect(lookup.json()).toEqual({ name: 'Jamie Nguyen', referralCode: 'PRAC42' });
    const applied = await call(user.accessToken, 'PUT', `/api/kits/${kit.id}`, {
      referralCode: 'REF-prac42',
    });
    expect(applied.json()).toMatchObject({ referralCode: 'PRAC42', referralName: 'Jamie Nguyen' });
    const unknown = await call(user.accessToken, 'PUT', `/api/kits/${kit.id}`, {
      referralCode: 'REF-NOBODY',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(KIT_MESSAGES.referralUnknown);
    expect((await kitRow(kit.id))?.referralCode).toBe('PRAC42');
    const removed = await call(user.accessToken, 'PUT', `/api/kits/${kit.id}`, { referralCode: null });
    expect(removed.json()).toMatchObject({ referralCode: null, referralName: null });
    const empty = await call(user.accessToken, 'GET', '/api/referral-codes/REF-');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(KIT_MESSAGES.referralRequired);
  });
});

describe('give a kit', () => {
  it('emails the voucher, lists it as UNASSIGNED, then REDEEMED once the receiver redeems it', async () => {
    const giver = await signedInUser(t.app);
    const receiver = await signedInUser(t.app);
    const [kit] = await newKits(1, { ownerEmail: giver.email });
    const give = await call(giver.accessToken, 'POST', '/api/kits/give', {
      kitId: kit.id,
      receiverEmail: receiver.email,
    });
    expect(give.statusCode).toBe(200);
    expect((await call(giver.accessToken, 'GET', '/api/kits')).json()).toEqual([]);
    const sent = (await call(giver.accessToken, 'GET', '/api/kits/sent')).json();
    expect(sent).toMatchObject([{ kitId: kit.id, receiverEmail: receiver.email, redeemedDate: null }]);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, receiver.email));
    expect(mail?.text).toContain(kit.voucherCode);
    expect(mail?.links[0]).toContain('/dashboard?showModal=REDEEM');

    expect((await call(giver.accessToken, 'POST', `/api/kits/sent/${kit.id}/resend`)).statusCode).toBe(200);
    await call(receiver.accessToken, 'POST', '/api/kits/redeem', {
      kitId: kit.id,
      voucher: kit.voucherCode,
      activate: false,
    });
    const after = (await call(giver.accessToken, 'GET', '/api/kits/sent')).json();
    expect(after[0].redeemedDate).toBeTruthy();
    const resend = await call(giver.accessToken, 'POST', `/api/kits/sent/${kit.id}/resend`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe(KIT_MESSAGES.sentKitRedeemed);
    expect((await mailTo(receiver.email)).length).toBe(2);
  });

  it('refuses an invalid receiver, oneself, and a kit already sent', async () => {
    const giver = await signedInUser(t.app);
    const [kit] = await newKits(1, { ownerEmail: giver.email });
    const bad = await call(giver.accessToken, 'POST', '/api/kits/give', {
      kitId: kit.id,
      receiverEmail: 'not-an-email',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.receiverEmail).toBe(KIT_MESSAGES.receiverEmail);
    const self = await call(giver.accessToken, 'POST', '/api/kits/give', {
      kitId: kit.id,
      receiverEmail: giver.email,
    });
    expect(self.json().message).toBe(KIT_MESSAGES.giveToSelf);
    await call(giver.accessToken, 'POST', `/api/kits/${kit.id}/activate`, address);
    const sentAlready = await call(giver.accessToken, 'POST', '/api/kits/give', {
      kitId: kit.id,
      receiverEmail: 'x@example.com',
    });
    expect(sentAlready.statusCode).toBe(409);
  });

  it('gives by voucher straight from the redeem choice', async () => {
    const giver = await signedInUser(t.app);
    const [kit] = await newKits(1);
    const res = await call(giver.accessToken, 'POST', '/api/kits/give', {
      voucher: kit.voucherCode,
      receiverEmail: 'friend@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect((await call(giver.accessToken, 'GET', '/api/kits/sent')).json()).toHaveLength(1);
  });
});

describe('operator steps (kit:set)', () => {
  it('walks a kit through dispatch, the lab and results with events and emails', async () => {
    const user = await signedInUser(t.app);
    const [kit] = await newKits(1, { ownerEmail: user.email });
    await call(user.accessToken, 'POST', `/api/kits/${kit.id}/activate`, address);
    expect((await setStatus(kit.id, { kitStatus: 'DISPATCHED_BY_LAB' })).json().kitStatus).toBe(
      'DISPATCHED_BY_LAB',
    );
    expect((await setStatus(kit.id, { sampleStatus: 'DISPATCHED_BY_CUSTOMER' })).statusCode).toBe(200);
    const atLab = (await setStatus(kit.id, { sampleStatus: 'RECEIVED_BY_LAB' })).json();
    expect(atLab).toMatchObject({ kitStatus: 'RECEIVED_BY_LAB', sampleStatus: 'RECEIVED_BY_LAB' });
    expect((await setStatus(kit.id, { sampleStatus: 'READY_FOR_ACCESSIONING' })).json().kitStatus).toBe(
      'PROCESSING',
    );
    expect((await importResults(kit.sampleIdentifier)).statusCode).toBe(201);
    const done = await kitRow(kit.id);
    expect(done).toMatchObject({ kitStatus: 'RESULTS_AVAILABLE', sampleStatus: 'RESULTS_AVAILABLE' });
    expect(done?.displayDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const events = (await call(user.accessToken, 'GET', `/api/kits/${kit.id}/timeline`)).json();
    expect(events.map((e: { eventType: string }) => e.eventType)).toEqual([
      'PURCHASED',
      'REQUESTED',
      'DISPATCHED_BY_LAB',
      'DISPATCHED_BY_CUSTOMER',
      'RECEIVED_BY_LAB',
      'READY_FOR_ACCESSIONING',
      'PROCESSING',
      'RESULTS_AVAILABLE',
    ]);
    expect(await mailTo(user.email)).toEqual([
      'We are packing your Microbiome Lab kit',
      'Your Microbiome Lab kit is on its way',
      'We have received your sample',
      'Your microbiome report is ready',
    ]);
  });

  it('refuses results or a coach session without imported results, with the reason, and changes nothing', async () => {
    const user = await signedInUser(t.app);
    const [kit] = await newKits(1, { ownerEmail: user.email });
    await call(user.accessToken, 'POST', `/api/kits/${kit.id}/activate`, address);
    await setStatus(kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
    await setStatus(kit.id, { sampleStatus: 'RECEIVED_BY_LAB' });
    await setStatus(kit.id, { sampleStatus: 'COMPLETED' });
    for (const [change, status] of [
      [{ sampleStatus: 'RESULTS_AVAILABLE' }, 'RESULTS_AVAILABLE'],
      [{ kitStatus: 'RESULTS_AVAILABLE' }, 'RESULTS_AVAILABLE'],
      [{ sampleStatus: 'MICROBIOME_COACH_SESSION_COMPLETED' }, 'MICROBIOME_COACH_SESSION_COMPLETED'],
      [{ kitStatus: 'MICROBIOME_COACH_SESSION_COMPLETED' }, 'MICROBIOME_COACH_SESSION_COMPLETED'],
    ] as const) {
      const res = await setStatus(kit.id, change);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: resultsOnlyByImport(status) });
    }
    expect(await kitRow(kit.id)).toMatchObject({ kitStatus: 'PROCESSING', sampleStatus: 'COMPLETED' });
    expect(await mailTo(user.email)).not.toContain('Your microbiome report is ready');
    // Once the results are imported the coach session can be recorded.
    expect((await importResults(kit.sampleIdentifier)).statusCode).toBe(201);
    const coached = await setStatus(kit.id, { sampleStatus: 'MICROBIOME_COACH_SESSION_COMPLETED' });
    expect(coached.json()).toMatchObject({ sampleStatus: 'MICROBIOME_COACH_SESSION_COMPLETED' });
  });

  it('refuses an impossible step with a clear message and changes nothing', async () => {
    const user = await signedInUser(t.app);
    const [kit] = await newKits(1, { ownerEmail: user.email });
    const res = await setStatus(kit.id, { sampleStatus: 'RESULTS_AVAILABLE' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A sample cannot go from no status to RESULTS_AVAILABLE.');
    const back = await setStatus(kit.id, { kitStatus: 'UNASSIGNED' });
    expect(back.statusCode).toBe(409);
    expect((await kitRow(kit.id))?.sampleStatus).toBeNull();
    const events = await t.database.db.select().from(kitEvents).where(eq(kitEvents.kitId, kit.id));
    expect(events.map((e) => e.eventType)).toEqual(['PURCHASED']);
    expect((await setStatus(kit.id, { kitStatus: 'NOT_A_STATUS' })).statusCode).toBe(400);
    expect((await setStatus(999999, { kitStatus: 'REQUESTED' })).statusCode).toBe(404);
  });

  it('emails the replacement offer when a sample fails, and hides invalidated kits', async () => {
    const user = await signedInUser(t.app);
    const [failed, invalid] = await newKits(2, { ownerEmail: user.email });
    await call(user.accessToken, 'POST', `/api/kits/${failed.id}/activate`, address);
    await setStatus(failed.id, { kitStatus: 'DISPATCHED_BY_LAB' });
    await setStatus(failed.id, { sampleStatus: 'RECEIVED_BY_LAB' });
    const res = await setStatus(failed.id, { sampleStatus: 'FAILED_OVERLOADED' });
    expect(res.json()).toMatchObject({ kitStatus: 'FAILED_OVERLOADED', sampleStatus: 'FAILED_OVERLOADED' });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, 'We could not analyse your sample'));
    expect(mail?.text).toContain('replacement');
    await setStatus(invalid.id, { kitStatus: 'INVALIDATED' });
    const ids = (await call(user.accessToken, 'GET', '/api/kits')).json().map((k: { id: number }) => k.id);
    expect(ids).toEqual([failed.id]);
  });

  it('counts on the dashboard only the kits the list shows', async () => {
    const user = await signedInUser(t.app);
    const counts = async () => (await call(user.accessToken, 'GET', '/api/dashboard')).json();
    expect(await counts()).toMatchObject({ numberOfUnassignedKits: 0, numberOfRedeemedKits: 0 });
    const [held, sent, invalid, refunded] = await newKits(4, { ownerEmail: user.email });
    for (const kit of [sent, refunded])
      await call(user.accessToken, 'POST', `/api/kits/${kit.id}/activate`, address);
    await setStatus(invalid.id, { kitStatus: 'INVALIDATED' });
    await setStatus(refunded.id, { kitStatus: 'REFUNDED' });
    const listed = (await call(user.accessToken, 'GET', '/api/kits')).json().map((k: { id: number }) => k.id);
    expect(listed).toEqual([held.id, sent.id]);
    expect(await counts()).toMatchObject({ numberOfUnassignedKits: 1, numberOfRedeemedKits: 1 });
  });

  it('needs the operator key or the KIT_ADMIN authority', async () => {
    const user = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/kits',
      headers: bearer(user.accessToken),
      payload: { count: 1 },
    });
    expect(res.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/kits',
      headers: ops,
      payload: { count: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const noOwner = await t.app.inject({
      method: 'POST',
      url: '/api/admin/kits',
      headers: ops,
      payload: { count: 1, ownerEmail: 'nobody@example.com' },
    });
    expect(noOwner.statusCode).toBe(404);
  });
});

describe('the kits list and the dashboard', () => {
  it('answer a person without kits with an empty list and nothing counted', async () => {
    const user = await signedInUser(t.app);
    expect((await call(user.accessToken, 'GET', '/api/kits')).json()).toEqual([]);
    expect((await call(user.accessToken, 'GET', '/api/dashboard')).json()).toEqual({
      numberOfUnassignedKits: 0,
      numberOfRedeemedKits: 0,
      profileCompleted: false,
    });
  });

  it('list each kit as it reads on its own, with its referral and questionnaire progress, oldest first', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/referral-codes',
      headers: ops,
      payload: { code: 'REF-LIST7', firstName: 'Ari', lastName: 'Stone' },
    });
    const user = await signedInUser(t.app, { dob: '1990-01-01' });
    const other = await signedInUser(t.app);
    const [active, spare] = await newKits(2, { ownerEmail: user.email });
    await newKits(1, { ownerEmail: other.email });
    await setStatus(active.id, { kitStatus: 'REQUESTED' });
    await call(user.accessToken, 'PUT', `/api/kits/${spare.id}`, { referralCode: 'LIST7' });
    const unwell = await call(user.accessToken, 'PUT', `/api/kits/${active.id}/surveys/day-of-sampling`, {
      questionId: 'DOS_UNWELL',
      answers: [],
      answerString: 'true',
    });
    expect(unwell.statusCode, unwell.body).toBe(200);
    // An answer given as an option (a number), besides one given as text.
    const saved = await call(user.accessToken, 'PUT', `/api/kits/${active.id}/surveys/day-of-sampling`, {
      questionId: 'DOS_BRISTOL',
      answers: [10303],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const list = (await call(user.accessToken, 'GET', '/api/kits')).json();
    expect(list.map((k: { id: number }) => k.id)).toEqual([active.id, spare.id]);
    for (const [i, kit] of [active, spare].entries()) {
      // The kit as the single-kit statement reads it (a change that changes nothing answers with the kit).
      const alone = (
        await call(user.accessToken, 'PUT', `/api/kits/${kit.id}`, { notes: null, was: { notes: null } })
      ).json();
      expect({ ...list[i], surveysStats: [] }).toEqual(alone);
    }
    expect(list[1]).toMatchObject({ referralCode: 'LIST7', referralName: 'Ari Stone' });
    // Progress as the answer save computed it from the stored answers.
    const progress = list[0].surveysStats.find(
      (s: { surveyType: string }) => s.surveyType === 'DAY_OF_SAMPLING',
    );
    expect(progress).toEqual(saved.json().progress);
    expect(progress.completedQuestions).toBe(2);
    expect(list[1].surveysStats.map((s: { completedQuestions: number }) => s.completedQuestions)).toEqual([
      0, 0, 0, 0, 0,
    ]);
    expect((await call(user.accessToken, 'GET', '/api/dashboard')).json()).toEqual({
      numberOfUnassignedKits: 1,
      numberOfRedeemedKits: 0,
      profileCompleted: false,
    });
  });
});

describe('demo seed', () => {
  it('creates a customer who can sign in and sees kits in every state', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/seed-demo', headers: ops });
    expect(res.statusCode).toBe(201);
    const [account] = res.json().accounts;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().access_token;
    const list = (await call(token, 'GET', '/api/kits')).json() as { kitStatus: string }[];
    expect(new Set(list.map((k) => k.kitStatus))).toEqual(
      new Set([
        'UNASSIGNED',
        'ASSIGNED',
        'REQUESTED',
        'DISPATCHED_BY_LAB',
        'RECEIVED_BY_CUSTOMER',
        'RECEIVED_BY_LAB',
        'PROCESSING',
        'RESULTS_AVAILABLE',
        'MICROBIOME_COACH_SESSION_COMPLETED',
        'FAILED_OVERLOADED',
      ]),
    );
    expect((await call(token, 'GET', '/api/kits/sent')).json()).toHaveLength(1);
    expect((await call(token, 'GET', '/api/dashboard')).json().profileCompleted).toBe(true);
    // Every kit with results has a report that opens: imported from real profiles, not just a status.
    const withResults = (
      list as unknown as { sampleStatus: string | null; sampleIdentifier: string }[]
    ).filter((k) =>
      ['RESULTS_AVAILABLE', 'MICROBIOME_COACH_SESSION_COMPLETED'].includes(k.sampleStatus ?? ''),
    );
    expect(withResults).toHaveLength(2);
    const reports = (await call(token, 'GET', '/api/reports')).json() as { sampleIdentifier: string }[];
    expect(reports.map((r) => r.sampleIdentifier).sort()).toEqual(
      withResults.map((k) => k.sampleIdentifier).sort(),
    );
    for (const { sampleIdentifier } of withResults) {
      const report = await call(token, 'GET', `/api/reports/${sampleIdentifier}`);
      expect(report.statusCode).toBe(200);
      expect(report.json().report.diversity.richness.value).toBeGreaterThan(0);
    }
    const [earlier, later] = reports.map((r) => r.sampleIdentifier);
    const compared = await call(token, 'GET', `/api/reports/compare?primary=${earlier}&secondary=${later}`);
    expect(compared.statusCode).toBe(200);
    expect(PASSWORD).toBeTruthy();
  });
});

describe('voucher guessing', () => {
  it('is rate limited per address with 429 and Retry-After', async () => {
    const limited = await createTestApp({ VOUCHER_RATE_LIMIT: '3' });
    try {
      const user = await signedInUser(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/kits/check-voucher',
          headers: bearer(user.accessToken),
          payload: { voucher: `GUESS-${i}` },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.headers['retry-after']).toBeTruthy();
      }
      expect(codes).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
