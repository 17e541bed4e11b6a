import { STAFF_KIT_MESSAGES, type StaffKitPage } from '@portal/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitEvents, kits, staffAudit } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';
import { readPdf } from '../../test/pdf-text.ts';
import {
  AT_LAB,
  asStaff,
  changeDigest,
  DISPATCHED,
  mailTo,
  ownedKit,
  REQUESTED,
  type Tokens,
  tokensOfEveryRole,
} from './staff-kits.test-helpers.ts';

let t: TestApp;
let tokens: Tokens;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensOfEveryRole(t.app);
});
afterAll(() => t.close());

const search = async (query: string, token = tokens.SUPPORT) => {
  const res = await t.app.inject({ url: `/api/staff/kits?${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StaffKitPage;
};
const ids = (page: StaffKitPage) => page.items.map((k) => k.id);

describe('kit search', () => {
  it('finds a kit by its id, sample id, voucher, owner email and owner name', async () => {
    const owner = await signedInUser(t.app, { firstName: 'Wilhelmina', lastName: 'Quarrington' });
    const kit = await ownedKit(t.app, REQUESTED, owner);
    for (const q of [
      String(kit.id),
      `KIT-${kit.id}`,
      kit.sampleIdentifier.toLowerCase(),
      kit.voucherCode,
      kit.voucherCode.replaceAll('-', ''),
      owner.email.toUpperCase(),
      'wilhel',
      'QUARR wil',
    ]) {
      const page = await search(`q=${encodeURIComponent(q)}`);
      expect(ids(page), q).toContain(kit.id);
    }
    const [row] = (await search(`q=${kit.sampleIdentifier}`)).items;
    expect(row).toMatchObject({
      label: `KIT-${kit.id}`,
      kitStatus: 'REQUESTED',
      owner: { name: 'Wilhelmina Quarrington', email: owner.email },
      project: { id: 1 },
    });
    expect(ids(await search('q=Quarrington%20Nobody'))).toEqual([]);
    expect(ids(await search('q=%25'))).toEqual([]);
  });

  it('filters by kit status, sample status, project and the date of the last change', async () => {
    const atLab = await ownedKit(t.app, AT_LAB);
    const requested = await ownedKit(t.app, REQUESTED);
    const received = await search('sampleStatus=RECEIVED_BY_LAB&limit=200');
    expect(ids(received)).toContain(atLab.id);
    expect(ids(received)).not.toContain(requested.id);
    expect(received.items.every((k) => k.sampleStatus === 'RECEIVED_BY_LAB')).toBe(true);
    const packing = await search('kitStatus=REQUESTED&projectId=1&limit=200');
    expect(ids(packing)).toContain(requested.id);
    expect(ids(packing)).not.toContain(atLab.id);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(ids(await search(`changedFrom=${encodeURIComponent(future)}`))).toEqual([]);
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect(ids(await search(`changedFrom=${encodeURIComponent(past)}&limit=200`))).toContain(requested.id);
  });

  it('pages by keyset, newest or oldest change first, each kit once', async () => {
    for (let i = 0; i < 5; i++) await ownedKit(t.app, REQUESTED);
    const all = ids(await search('kitStatus=REQUESTED&limit=200'));
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: StaffKitPage = await search(
        `kitStatus=REQUESTED&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    const oldest = ids(await search('kitStatus=REQUESTED&limit=200&sort=oldest'));
    expect(oldest).toEqual([...all].reverse());
  });

  it('refuses a forged cursor and a date range the wrong way round, with a message', async () => {
    const forged = await t.app.inject({
      url: '/api/staff/kits?cursor=nonsense',
      headers: bearer(tokens.LAB),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(STAFF_KIT_MESSAGES.badCursor);
    const from = encodeURIComponent('2026-02-01T00:00:00+10:00');
    const to = encodeURIComponent('2026-01-01T00:00:00+10:00');
    const backwards = await t.app.inject({
      url: `/api/staff/kits?changedFrom=${from}&changedTo=${to}`,
      headers: bearer(tokens.LAB),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain(STAFF_KIT_MESSAGES.badDateRange);
  });
});

describe('kit page and scan look-up', () => {
  it("shows the kit's owner, timeline with who did each step, audit and report state", async () => {
    const kit = await ownedKit(t.app, REQUESTED);
    await asStaff(t.app, tokens.LOGISTICS).post('/api/staff/kits/dispatch', { code: kit.sampleIdentifier });
    const res = await asStaff(t.app, tokens.SUPPORT).get(`/api/staff/kits/${kit.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.owner.email).toBe(kit.ownerEmail);
    expect(detail.events.map((e: { eventType: string }) => e.eventType)).toEqual([
      'PURCHASED',
      'REQUESTED',
      'DISPATCHED_BY_LAB',
    ]);
    expect(detail.events[0].actor).toBe('operator key');
    expect(detail.events[2].actor).toBe('Sam LOGISTICS');
    expect(detail.audit).toEqual([
      // ops kit:set is audited too (issue 33 item 22): the owner reads it on My Profile.
      expect.objectContaining({
        action: 'kit.status.set',
        actor: 'operator key',
        after: { kitStatus: 'REQUESTED' },
      }),
      expect.objectContaining({
        action: 'kit.dispatch',
        before: { kitStatus: 'REQUESTED', sampleStatus: null },
        after: { kitStatus: 'DISPATCHED_BY_LAB', sampleStatus: null },
      }),
    ]);
    expect(detail.report).toBeNull();
    const missing = await asStaff(t.app, tokens.SUPPORT).get('/api/staff/kits/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(STAFF_KIT_MESSAGES.kitNotFound(999999));
  });

  it('looks up a scanned code, and says so when nothing matches', async () => {
    const kit = await ownedKit(t.app, REQUESTED);
    const found = await asStaff(t.app, tokens.LAB).get(`/api/staff/kits/by-code/${kit.hashedId}`);
    expect(found.json()).toMatchObject({ id: kit.id, sampleIdentifier: kit.sampleIdentifier });
    const unknown = await asStaff(t.app, tokens.LAB).get('/api/staff/kits/by-code/MBNOTHING1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(STAFF_KIT_MESSAGES.unknownCode('MBNOTHING1'));
  });
});

describe('dispatch', () => {
  it('marks a scanned kit DISPATCHED_BY_LAB, emails the owner and audits the staff member', async () => {
    const kit = await ownedKit(t.app, REQUESTED);
    const res = await asStaff(t.app, tokens.LOGISTICS).post('/api/staff/kits/dispatch', {
      code: `KIT-${kit.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: kit.id, kitStatus: 'DISPATCHED_BY_LAB' });
    const events = await t.database.db.select().from(kitEvents).where(eq(kitEvents.kitId, kit.id));
    expect(events.map((e) => e.eventType)).toContain('DISPATCHED_BY_LAB');
    expect((await mailTo(t.app, kit.ownerEmail))[0]?.subject).toMatch(/dispatched|on its way/i);
    const [entry] = await t.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.entityId, String(kit.id)))
      .orderBy(desc(staffAudit.at));
    expect(entry).toMatchObject({
      action: 'kit.dispatch',
      entity: 'kit',
      actorLabel: expect.stringContaining('Sam LOGISTICS'),
    });
  });

  it('refuses a kit in the wrong state, a kit scanned twice and an unknown code, changing nothing', async () => {
    const early = await ownedKit(t.app);
    const gone = await ownedKit(t.app, DISPATCHED);
    const before = await changeDigest(t.database);
    const logistics = asStaff(t.app, tokens.LOGISTICS);
    const wrong = await logistics.post('/api/staff/kits/dispatch', { code: early.sampleIdentifier });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(
      `KIT-${early.id} cannot move to DISPATCHED_BY_LAB (Sent): it is UNASSIGNED (Kit Available), and a kit becomes DISPATCHED_BY_LAB (Sent) only from REQUESTED (Packing) or ALLOCATED (Sent). Nothing was changed.`,
    );
    const twice = await logistics.post('/api/staff/kits/dispatch', { code: gone.sampleIdentifier });
    expect(twice.json().message).toBe(
      `KIT-${gone.id} is already DISPATCHED_BY_LAB (Sent). Nothing was changed.`,
    );
    const unknown = await logistics.post('/api/staff/kits/dispatch', { code: 'not-a-kit' });
    expect(unknown.statusCode).toBe(404);
    const empty = await logistics.post('/api/staff/kits/dispatch', { code: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(STAFF_KIT_MESSAGES.codeRequired);
    expect(await changeDigest(t.database)).toEqual(before);
  });

  it('prints packing slips and address labels, one page per kit, in the order asked', async () => {
    const owner = await signedInUser(t.app, { firstName: 'Pat', lastName: 'Parcel' });
    const made = [await ownedKit(t.app, [], owner), await ownedKit(t.app, [], owner)];
    await t.app.inject({
      method: 'POST',
      url: `/api/kits/${made[0]?.id}/activate`,
      headers: bearer(owner.accessToken),
      payload: {
        addressLine1: '7 Label Lane',
        addressLine2: null,
        suburb: 'Brisbane City',
        state: 'QLD',
        postcode: '4000',
      },
    });
    const list = made
      .map((k) => k.id)
      .reverse()
      .join(',');
    for (const kind of ['slip', 'label']) {
      const res = await asStaff(t.app, tokens.LOGISTICS).get(
        `/api/staff/kits/dispatch-documents.pdf?kind=${kind}&ids=${list}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = await readPdf(res.rawPayload);
      expect(pdf.pages).toHaveLength(2);
      expect(pdf.pages[0]).toContain(`KIT-${made[1]?.id}`);
      expect(pdf.pages[0]).toContain('No address on file');
      expect(pdf.pages[1]).toContain('7 Label Lane');
      expect(pdf.pages[1]).toContain('BRISBANE CITY QLD 4000');
    }
    const unknown = await asStaff(t.app, tokens.LOGISTICS).get(
      '/api/staff/kits/dispatch-documents.pdf?kind=slip&ids=999999',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no kit KIT-999999.');
    const bad = await asStaff(t.app, tokens.LOGISTICS).get(
      '/api/staff/kits/dispatch-documents.pdf?kind=slip&ids=1;2',
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('who may use the kit pages', () => {
  const READERS = ['LOGISTICS', 'LAB', 'SUPPORT', 'ADMIN'] as const;
  it.each([
    ['GET', '/api/staff/kits', READERS],
    ['GET', '/api/staff/kits/projects', READERS],
    ['GET', '/api/staff/kits/by-code/KIT-1', READERS],
    ['GET', '/api/staff/kits/1', READERS],
    ['POST', '/api/staff/kits/dispatch', ['LOGISTICS', 'ADMIN']],
    ['GET', '/api/staff/kits/dispatch-documents.pdf?kind=slip&ids=1', ['LOGISTICS', 'ADMIN']],
  ] as const)(
    '%s %s: only %j (and the operator key); a customer and nobody are refused',
    async (method, url, allowed) => {
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method,
          url,
          headers,
          ...(method === 'POST' ? { payload: { code: 'nothing-here' } } : {}),
        });
      for (const role of ['LOGISTICS', 'LAB', 'SUPPORT', 'STUDY', 'ADMIN', 'CUSTOMER'] as const) {
        const res = await call(bearer(tokens[role]));
        if ((allowed as readonly string[]).includes(role))
          expect([200, 404], `${role}: ${res.body}`).toContain(res.statusCode);
        else expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
      }
      expect([200, 404]).toContain((await call(ops)).statusCode);
      expect((await call({})).statusCode).toBe(401);
    },
  );

  it("refuses a support view's token on every kit page, even one of a staff member's own account", async () => {
    const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const viewed = await signedInUser(t.app, { authorities: ['LAB'] });
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(support.accessToken),
      payload: { username: viewed.email },
    });
    expect(view.statusCode, view.body).toBe(200);
    const token = view.json().access_token as string;
    for (const url of [
      '/api/staff/kits',
      '/api/staff/kits/projects',
      '/api/staff/kits/1',
      '/api/staff/results/awaiting-release',
    ])
      expect((await t.app.inject({ url, headers: bearer(token) })).statusCode, url).toBe(403);
    const write = await asStaff(t.app, token).post('/api/staff/lab/receive', { code: 'KIT-1' });
    expect(write.statusCode).toBe(403);
  });

  it('leaves kits untouched when a refused role tries to dispatch', async () => {
    const kit = await ownedKit(t.app, REQUESTED);
    for (const role of ['LAB', 'SUPPORT', 'STUDY', 'CUSTOMER'] as const)
      await asStaff(t.app, tokens[role]).post('/api/staff/kits/dispatch', { code: kit.sampleIdentifier });
    const [row] = await t.database.db.select().from(kits).where(eq(kits.id, kit.id));
    expect(row?.kitStatus).toBe('REQUESTED');
  });
});
