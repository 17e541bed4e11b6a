import { type DispatchBatch, type DispatchBatchList, STAFF_KIT_MESSAGES } from '@portal/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchBatchKits, staffAudit } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';
import { pdfToText, scanPdf } from '../../test/poppler.ts';
import { portalDay } from './dispatch-batches.service.ts';
import { asStaff, ownedKit, REQUESTED, type Tokens, tokensOfEveryRole } from './staff-kits.test-helpers.ts';

/*
 * Issue 34 items 2–4: each day's dispatch batch kept as a record and reprinted from it; pack verification
 * (the slip's barcode, then the kit's); the daily manifest as PDF and CSV; the printed barcodes read back.
 */

let t: TestApp;
let tokens: Tokens;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensOfEveryRole(t.app);
});
afterAll(() => t.close());

const dispatched = async (name = { firstName: '王', lastName: '芳' }) => {
  const owner = await signedInUser(t.app, name);
  const kit = await ownedKit(t.app, REQUESTED, owner);
  const res = await asStaff(t.app, tokens.LOGISTICS).post('/api/staff/kits/dispatch', {
    code: kit.sampleIdentifier,
  });
  expect(res.statusCode, res.body).toBe(200);
  return kit;
};

describe("the day's dispatch batch", () => {
  it('keeps each dispatched kit in its day’s batch, in the order scanned, and reprints its documents', async () => {
    const first = await dispatched();
    const second = await dispatched({ firstName: 'Trần Thị', lastName: 'Ánh' });
    const day = portalDay();
    const list = (
      await asStaff(t.app, tokens.SUPPORT).get('/api/staff/kits/dispatch-batches')
    ).json() as DispatchBatchList;
    const today = list.batches.find((b) => b.day === day);
    expect(today?.kitIds.slice(-2)).toEqual([first.id, second.id]);

    const res = await asStaff(t.app, tokens.LOGISTICS).get(`/api/staff/kits/dispatch-batches/${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json() as DispatchBatch;
    const mine = batch.kits.filter((k) => k.id === first.id || k.id === second.id);
    expect(mine.map((k) => k.label)).toEqual([`KIT-${first.id}`, `KIT-${second.id}`]);
    expect(mine[0]?.packVerifiedAt).toBeNull();

    // A reprint of the batch's labels, read back: the names exactly, each barcode the kit's id.
    const labels = await asStaff(t.app, tokens.LOGISTICS).get(
      `/api/staff/kits/dispatch-documents.pdf?kind=label&ids=${first.id},${second.id}`,
    );
    expect(labels.statusCode).toBe(200);
    expect(await scanPdf(labels.rawPayload)).toEqual([
      [`CODE-128:KIT-${first.id}`],
      [`CODE-128:KIT-${second.id}`],
    ]);
    // The batch's manifest names them exactly (the labels' own text is read in unicode-pdfs.test.ts).
    const manifest = await asStaff(t.app, tokens.LOGISTICS).get(
      `/api/staff/kits/dispatch-batches/${day}/manifest.pdf`,
    );
    const text = await pdfToText(manifest.rawPayload);
    expect(text).toContain('王 芳');
    expect(text).toContain('Trần Thị Ánh');
    const tubes = await asStaff(t.app, tokens.LOGISTICS).get(
      `/api/staff/kits/dispatch-documents.pdf?kind=tube&ids=${first.id}`,
    );
    expect(await scanPdf(tubes.rawPayload, 'datamatrix')).toEqual([[`DATAMATRIX:${first.sampleIdentifier}`]]);

    const none = await asStaff(t.app, tokens.LOGISTICS).get('/api/staff/kits/dispatch-batches/2001-01-01');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(STAFF_KIT_MESSAGES.noBatch('2001-01-01'));
    const bad = await asStaff(t.app, tokens.LOGISTICS).get('/api/staff/kits/dispatch-batches/yesterday');
    expect(bad.statusCode).toBe(400);
  });

  it('prints the manifest as CSV and PDF', async () => {
    const kit = await dispatched({ firstName: '=cmd', lastName: 'Nguyễn' });
    const day = portalDay();
    const csv = await asStaff(t.app, tokens.LOGISTICS).get(
      `/api/staff/kits/dispatch-batches/${day}/manifest.csv`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('#,Kit,Sample,Recipient,Dispatched at,Dispatched by,Pack verified at');
    const line = lines.find((l) => l.includes(`KIT-${kit.id},`));
    // A recipient that would start a formula in a spreadsheet is written as text.
    expect(line).toContain(`'=cmd Nguyễn`);
    const pdf = await asStaff(t.app, tokens.LOGISTICS).get(
      `/api/staff/kits/dispatch-batches/${day}/manifest.pdf`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(await pdfToText(pdf.rawPayload)).toContain('Nguyễn');
    const [audit] = await t.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.action, 'kits.dispatch_manifest.print'))
      .orderBy(desc(staffAudit.at))
      .limit(1);
    expect(audit?.entityId).toBe(day);
  });
});

describe('pack verification', () => {
  it('takes the slip’s barcode then the kit’s; a mismatch is refused and records nothing', async () => {
    const one = await dispatched();
    const other = await dispatched();
    const logistics = asStaff(t.app, tokens.LOGISTICS);
    const wrong = await logistics.post('/api/staff/kits/pack-verify', {
      slip: `KIT-${one.id}`,
      kit: other.sampleIdentifier,
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(STAFF_KIT_MESSAGES.packMismatch(`KIT-${one.id}`, `KIT-${other.id}`));
    const [still] = await t.database.db
      .select()
      .from(dispatchBatchKits)
      .where(eq(dispatchBatchKits.kitId, one.id));
    expect(still?.packVerifiedAt).toBeNull();

    const right = await logistics.post('/api/staff/kits/pack-verify', {
      slip: `KIT-${one.id}`,
      kit: one.sampleIdentifier,
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().label).toBe(`KIT-${one.id}`);
    const [now] = await t.database.db
      .select()
      .from(dispatchBatchKits)
      .where(eq(dispatchBatchKits.kitId, one.id));
    expect(now?.packVerifiedAt).not.toBeNull();

    const notSent = await ownedKit(t.app, REQUESTED);
    const early = await logistics.post('/api/staff/kits/pack-verify', {
      slip: `KIT-${notSent.id}`,
      kit: `KIT-${notSent.id}`,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(STAFF_KIT_MESSAGES.packNotDispatched(`KIT-${notSent.id}`));
    const unknown = await logistics.post('/api/staff/kits/pack-verify', {
      slip: 'nothing',
      kit: `KIT-${one.id}`,
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await logistics.post('/api/staff/kits/pack-verify', { slip: ' ', kit: `KIT-${one.id}` });
    expect(empty.statusCode).toBe(400);
  });
});

describe('tracking numbers', () => {
  it("books the kit with the carrier: the label prints the tracking number, the owner's timeline shows it and its link", async () => {
    const owner = await signedInUser(t.app, { firstName: 'Trần', lastName: 'Ánh' });
    const kit = await ownedKit(t.app, [], owner);
    const activated = await t.app.inject({
      method: 'POST',
      url: `/api/kits/${kit.id}/activate`,
      headers: bearer(owner.accessToken),
      payload: {
        addressLine1: '12 Nguyễn Street',
        addressLine2: null,
        suburb: 'Cabramatta',
        state: 'NSW',
        postcode: '2166',
      },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const sent = await asStaff(t.app, tokens.LOGISTICS).post('/api/staff/kits/dispatch', {
      code: `KIT-${kit.id}`,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(dispatchBatchKits)
      .where(eq(dispatchBatchKits.kitId, kit.id));
    expect(row?.trackingNumber).toMatch(/^MBP\d{10}AU$/);

    const timeline = await t.app.inject({
      url: `/api/kits/${kit.id}/timeline`,
      headers: bearer(owner.accessToken),
    });
    expect(timeline.statusCode).toBe(200);
    const dispatchedEvent = (
      timeline.json() as { eventType: string; tracking?: { number: string; url: string } }[]
    ).find((e) => e.eventType === 'DISPATCHED_BY_LAB');
    expect(dispatchedEvent?.tracking).toEqual({
      carrier: 'Embedded carrier',
      number: row?.trackingNumber,
      url: expect.stringMatching(/\/kits$/),
    });
    // Another person's token reads no timeline of this kit.
    const stranger = await signedInUser(t.app);
    const theirs = await t.app.inject({
      url: `/api/kits/${kit.id}/timeline`,
      headers: bearer(stranger.accessToken),
    });
    expect(theirs.statusCode).toBe(404);

    const label = await asStaff(t.app, tokens.LOGISTICS).get(
      `/api/staff/kits/dispatch-documents.pdf?kind=label&ids=${kit.id}`,
    );
    const text = await pdfToText(label.rawPayload);
    expect(text).toContain(`Tracking ${row?.trackingNumber}`);
    expect(text).toContain('12 Nguyễn Street');
    expect(text).toContain('Trần Ánh');
  });
});

describe('who may use the dispatch batches', () => {
  const READERS = ['LOGISTICS', 'LAB', 'SUPPORT', 'ADMIN'] as const;
  it.each([
    ['GET', '/api/staff/kits/dispatch-batches', READERS],
    ['GET', '/api/staff/kits/dispatch-batches/2001-01-01', READERS],
    ['GET', '/api/staff/kits/dispatch-batches/2001-01-01/manifest.csv', ['LOGISTICS', 'ADMIN']],
    ['GET', '/api/staff/kits/dispatch-batches/2001-01-01/manifest.pdf', ['LOGISTICS', 'ADMIN']],
    ['POST', '/api/staff/kits/pack-verify', ['LOGISTICS', 'ADMIN']],
  ] as const)(
    '%s %s: only %j (and the operator key); a customer and nobody are refused',
    async (method, url, allowed) => {
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method,
          url,
          headers,
          ...(method === 'POST' ? { payload: { slip: 'x1', kit: 'x2' } } : {}),
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

  it("refuses a support view's token, and support's own token may read but not verify or print", async () => {
    const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const viewed = await signedInUser(t.app, { authorities: ['LOGISTICS'] });
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(support.accessToken),
      payload: { username: viewed.email },
    });
    expect(view.statusCode, view.body).toBe(200);
    const token = view.json().access_token as string;
    expect((await asStaff(t.app, token).get('/api/staff/kits/dispatch-batches')).statusCode).toBe(403);
    expect(
      (await asStaff(t.app, token).post('/api/staff/kits/pack-verify', { slip: 'a1', kit: 'a1' })).statusCode,
    ).toBe(403);
    const kit = await dispatched();
    const read = await asStaff(t.app, tokens.SUPPORT).get(`/api/staff/kits/dispatch-batches/${portalDay()}`);
    expect(read.statusCode).toBe(200);
    const write = await asStaff(t.app, tokens.SUPPORT).post('/api/staff/kits/pack-verify', {
      slip: `KIT-${kit.id}`,
      kit: `KIT-${kit.id}`,
    });
    expect(write.statusCode).toBe(403);
  });
});
