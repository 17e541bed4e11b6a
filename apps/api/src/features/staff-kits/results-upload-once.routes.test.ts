import { REPORT_MESSAGES, UPLOAD_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kits, labResults, resultsUploads } from '../../db/schema/index.ts';
import { createTestApp, ops, reportProfile, type TestApp } from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';
import { asStaff, changeDigest, ownedKit, SEQUENCED } from './staff-kits.test-helpers.ts';

/**
 * Issue 34 item 10: the preview parses and scores each profile once and keeps it under an upload id;
 * the confirm stores from it by id (no profile sent again), once, for the person who previewed it.
 */

const PROFILE = reportProfile('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');
const OTHER = reportProfile('gmwi2/kefir/Subj003_time1_S3_metaphlan.txt');

let t: TestApp;
let lab: ReturnType<typeof asStaff>;
let other: ReturnType<typeof asStaff>;
beforeAll(async () => {
  t = await createTestApp();
  lab = asStaff(t.app, (await signedInStaff(t.app, ['LAB'])).accessToken);
  other = asStaff(t.app, (await signedInStaff(t.app, ['LAB'])).accessToken);
});
afterAll(() => t.close());

const preview = (profiles: { fileName: string; text: string }[], as = lab) =>
  as.post('/api/staff/results/preview', { profiles });

describe('one pass over each profile', () => {
  it('keeps the previewed upload under an id; the confirm stores it by id alone, once', async () => {
    const a = await ownedKit(t.app, SEQUENCED);
    const b = await ownedKit(t.app, SEQUENCED);
    const res = await preview([
      { fileName: `${a.sampleIdentifier}.txt`, text: PROFILE },
      { fileName: `${b.sampleIdentifier}.txt`, text: OTHER },
      { fileName: 'MBNOSUCH8.txt', text: PROFILE },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { uploadId, expiresAt, items } = res.json();
    expect(uploadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    expect(items.map((i: { refusal: string | null }) => i.refusal)).toEqual([
      null,
      null,
      REPORT_MESSAGES.noSample('MBNOSUCH8'),
    ]);
    // Kept server-side (any instance reads it), not yet a result.
    const [kept] = await t.database.db.select().from(resultsUploads).where(eq(resultsUploads.id, uploadId));
    expect(JSON.parse(kept?.items ?? '[]').map((j: { sample: string }) => j.sample)).toEqual([
      a.sampleIdentifier,
      b.sampleIdentifier,
    ]);
    expect(await t.database.db.select().from(labResults).where(eq(labResults.kitId, a.id))).toHaveLength(0);

    const stored = await lab.post('/api/staff/results', { uploadId });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().items).toEqual([
      { sampleIdentifier: a.sampleIdentifier, stored: true, refusal: null },
      { sampleIdentifier: b.sampleIdentifier, stored: true, refusal: null },
    ]);
    const [kit] = await t.database.db.select().from(kits).where(eq(kits.id, a.id));
    expect(kit?.sampleStatus).toBe('COMPLETED');
    const [result] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, a.id));
    expect(result?.profileText).toBe(PROFILE);

    // A second confirm finds it gone, and stores nothing.
    const before = await changeDigest(t.database);
    const again = await lab.post('/api/staff/results', { uploadId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(UPLOAD_MESSAGES.gone);
    expect(await changeDigest(t.database)).toEqual(before);
  });

  it("refuses another LAB member's confirm of someone's upload, an expired upload and an unknown id; nothing changes", async () => {
    const kit = await ownedKit(t.app, SEQUENCED);
    const { uploadId } = (await preview([{ fileName: `${kit.sampleIdentifier}.txt`, text: PROFILE }])).json();
    const before = await changeDigest(t.database);
    const theirs = await other.post('/api/staff/results', { uploadId });
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe(UPLOAD_MESSAGES.gone);
    const unknown = await lab.post('/api/staff/results', {
      uploadId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(409);
    const malformed = await lab.post('/api/staff/results', { uploadId: 'not-an-id' });
    expect(malformed.statusCode).toBe(400);
    const neither = await lab.post('/api/staff/results', {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toContain(UPLOAD_MESSAGES.nothingToStore);
    await t.database.db
      .update(resultsUploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(resultsUploads.id, uploadId));
    const expired = await lab.post('/api/staff/results', { uploadId });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(UPLOAD_MESSAGES.gone);
    expect(await changeDigest(t.database)).toEqual(before);
    // The next preview clears expired uploads away.
    await preview([{ fileName: 'MBNOSUCH9.txt', text: PROFILE }]);
    expect(
      await t.database.db.select().from(resultsUploads).where(eq(resultsUploads.id, uploadId)),
    ).toHaveLength(0);
  });

  it('judges each kit again under its lock at the confirm: a kit that moved since the preview is refused by the same rule', async () => {
    const moved = await ownedKit(t.app, SEQUENCED);
    const fine = await ownedKit(t.app, SEQUENCED);
    const { uploadId } = (
      await preview([
        { fileName: `${moved.sampleIdentifier}.txt`, text: PROFILE },
        { fileName: `${fine.sampleIdentifier}.txt`, text: OTHER },
      ])
    ).json();
    // Meanwhile the first sample failed at the lab.
    const failed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/kits/${moved.id}`,
      headers: ops,
      payload: { sampleStatus: 'FAILED_PROCESSING' },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    const res = await lab.post('/api/staff/results', { uploadId });
    expect(res.json().items).toEqual([
      {
        sampleIdentifier: moved.sampleIdentifier,
        stored: false,
        refusal: REPORT_MESSAGES.notAtLab(moved.sampleIdentifier, 'FAILED_PROCESSING'),
      },
      { sampleIdentifier: fine.sampleIdentifier, stored: true, refusal: null },
    ]);
    expect(await t.database.db.select().from(labResults).where(eq(labResults.kitId, moved.id))).toHaveLength(
      0,
    );
  });

  it('holds a copy of a profile stored since the preview (another part of the upload)', async () => {
    const first = await ownedKit(t.app, SEQUENCED);
    const copy = await ownedKit(t.app, SEQUENCED);
    const text = PROFILE.replace(
      /\nk__Bacteria\t2\t([0-9.]+)/,
      (_, v: string) => `\nk__Bacteria\t2\t${v}777`,
    );
    const one = (await preview([{ fileName: `${first.sampleIdentifier}.txt`, text }])).json();
    const two = (await preview([{ fileName: `${copy.sampleIdentifier}.txt`, text }])).json();
    expect(two.items[0].qc.duplicateOf).toBeNull();
    expect((await lab.post('/api/staff/results', { uploadId: one.uploadId })).json().items[0].stored).toBe(
      true,
    );
    expect((await lab.post('/api/staff/results', { uploadId: two.uploadId })).json().items[0].stored).toBe(
      true,
    );
    const [held] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, copy.id));
    expect(held?.qcState).toBe('HELD');
  });
});
