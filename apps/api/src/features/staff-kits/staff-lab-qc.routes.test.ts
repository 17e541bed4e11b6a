import { REPORT_MESSAGES, RESULTS_QC_MESSAGES } from '@portal/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitEvents, kits, labResults, retractedResults, staffAudit } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  ops,
  reportProfile,
  signedInUser,
  signIn,
  type TestApp,
} from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';
import {
  AT_LAB,
  asStaff,
  changeDigest,
  mailTo,
  ownedKit,
  SEQUENCED,
  type Tokens,
  tokensOfEveryRole,
  uniqueProfile,
} from './staff-kits.test-helpers.ts';

// Quality control before release (issue 34 items 6 and 8): the required lab steps, each profile's QC in
// the preview, the four-eyes sign-off and the retraction of a released report.

const PROFILE = reportProfile('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');
const OTHER = reportProfile('gmwi2/kefir/Subj003_time1_S3_metaphlan.txt');
const THIRD = reportProfile('gmwi2/kefir/Subj011_time2_S9_metaphlan.txt');

let t: TestApp;
let tokens: Tokens;
let lab: ReturnType<typeof asStaff>;
let checker: ReturnType<typeof asStaff>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensOfEveryRole(t.app);
  lab = asStaff(t.app, tokens.LAB);
  checker = asStaff(t.app, (await signedInStaff(t.app, ['LAB'])).accessToken);
});
afterAll(() => t.close());

const kitRow = async (id: number) => (await t.database.db.select().from(kits).where(eq(kits.id, id)))[0];
const resultOf = async (id: number) =>
  (await t.database.db.select().from(labResults).where(eq(labResults.kitId, id)))[0];
const file = (sample: string, text: string) => ({ fileName: `${sample}.txt`, text });

describe('required lab steps', () => {
  it('refuses a sample that skipped a required step, in the status words, storing nothing', async () => {
    const skipped = await ownedKit(t.app, [
      ...AT_LAB,
      { sampleStatus: 'ACCESSIONING' },
      { sampleStatus: 'SEQUENCING' },
    ]);
    const required = ['ACCESSIONING', 'DNA_EXTRACTION', 'DNA_LIBRARY_PREP', 'SEQUENCING'];
    const expected = RESULTS_QC_MESSAGES.stepsMissing(skipped.sampleIdentifier, required, [
      'DNA_EXTRACTION',
      'DNA_LIBRARY_PREP',
    ]);
    expect(expected).toBe(
      `Sample ${skipped.sampleIdentifier} cannot have results stored yet: its project requires ACCESSIONING, DNA_EXTRACTION, DNA_LIBRARY_PREP and SEQUENCING, and it has not been through DNA_EXTRACTION and DNA_LIBRARY_PREP. Move it through those steps first. Nothing was stored.`,
    );
    const before = await changeDigest(t.database);
    const preview = await lab.post('/api/staff/results/preview', {
      profiles: [file(skipped.sampleIdentifier, uniqueProfile(PROFILE))],
    });
    expect(preview.json().items[0].refusal).toBe(expected);
    const stored = await lab.post('/api/staff/results', {
      profiles: [file(skipped.sampleIdentifier, uniqueProfile(PROFILE))],
    });
    expect(stored.json().items[0]).toMatchObject({ stored: false, refusal: expected });
    expect(await changeDigest(t.database)).toEqual(before);
  });

  it("follows the project's setting: LAB changes it (audited), and a sample then needs only those steps", async () => {
    const received = await ownedKit(t.app, AT_LAB);
    const projectId = (await kitRow(received.id))?.projectId ?? 0;
    const url = `/api/staff/lab/projects/${projectId}/settings`;
    expect((await lab.get(url)).json()).toMatchObject({
      projectId,
      requiredLabSteps: ['ACCESSIONING', 'DNA_EXTRACTION', 'DNA_LIBRARY_PREP', 'SEQUENCING'],
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(tokens.LAB),
      payload: { requiredLabSteps: ['COMPLETED'] },
    });
    expect(bad.statusCode).toBe(400);
    const put = (requiredLabSteps: string[]) =>
      t.app.inject({ method: 'PUT', url, headers: bearer(tokens.LAB), payload: { requiredLabSteps } });
    const changed = await put(['SEQUENCING', 'ACCESSIONING']);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().requiredLabSteps).toEqual(['ACCESSIONING', 'SEQUENCING']);
    try {
      const preview = await lab.post('/api/staff/results/preview', {
        profiles: [file(received.sampleIdentifier, uniqueProfile(PROFILE))],
      });
      expect(preview.json().items[0].refusal).toBe(
        RESULTS_QC_MESSAGES.stepsMissing(
          received.sampleIdentifier,
          ['ACCESSIONING', 'SEQUENCING'],
          ['ACCESSIONING', 'SEQUENCING'],
        ),
      );
      expect((await put([])).statusCode).toBe(200);
      const none = await lab.post('/api/staff/results/preview', {
        profiles: [file(received.sampleIdentifier, uniqueProfile(PROFILE))],
      });
      expect(none.json().items[0].refusal).toBeNull();
    } finally {
      await put(['ACCESSIONING', 'DNA_EXTRACTION', 'DNA_LIBRARY_PREP', 'SEQUENCING']);
    }
    const [entry] = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'project.lab_settings'), eq(staffAudit.entityId, String(projectId))));
    expect(entry?.after).toEqual({ requiredLabSteps: ['ACCESSIONING', 'SEQUENCING'] });
    expect((await lab.get('/api/staff/lab/projects/999999/settings')).statusCode).toBe(404);
  });
});

describe('per-sample QC in the preview', () => {
  it('shows reads, % unknown, the #SampleID inside and the database, flags copies and refuses a file naming another sample', async () => {
    const [a, b, c, d] = [
      await ownedKit(t.app, SEQUENCED),
      await ownedKit(t.app, SEQUENCED),
      await ownedKit(t.app, SEQUENCED),
      await ownedKit(t.app, SEQUENCED),
    ];
    if (!a || !b || !c || !d) throw new Error('kits');
    const measured = uniqueProfile(OTHER)
      .replace('#SampleID\tMetaphlan_Analysis', `#SampleID\t${a.sampleIdentifier}_metaphlan`)
      .replace(/^(#mpa_[^\n]*\n)/, '$1#8412334 reads processed\n');
    const copy = uniqueProfile(THIRD);
    const wrongName = uniqueProfile(PROFILE).replace(
      '#SampleID\tMetaphlan_Analysis',
      `#SampleID\t${a.sampleIdentifier}`,
    );
    const before = await changeDigest(t.database);
    const res = await lab.post('/api/staff/results/preview', {
      profiles: [
        file(a.sampleIdentifier, measured),
        file(b.sampleIdentifier, copy),
        file(c.sampleIdentifier, copy.replace('#mpa_', '#another header\n#mpa_')),
        file(d.sampleIdentifier, wrongName),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first, original, duplicate, misnamed] = res.json().items;
    expect(first.qc).toEqual({
      reads: 8412334,
      unknownPercent: 53.36721,
      fileSampleId: `${a.sampleIdentifier}_metaphlan`,
      database: 'mpa_v30_CHOCOPhlAn_201901',
      duplicateOf: null,
    });
    expect(first.refusal).toBeNull();
    expect(original.qc).toMatchObject({ reads: null, fileSampleId: null, duplicateOf: null });
    expect(original.qc.unknownPercent).toBeGreaterThan(0);
    expect(duplicate.qc.duplicateOf).toBe(b.sampleIdentifier);
    expect(duplicate.refusal).toBeNull();
    expect(misnamed.refusal).toBe(
      RESULTS_QC_MESSAGES.namesAnotherSample(d.sampleIdentifier, a.sampleIdentifier),
    );
    expect(await changeDigest(t.database)).toEqual(before);

    // Stored: the copy is HELD with the sample it copies; the misnamed file is refused again.
    const stored = await lab.post('/api/staff/results', {
      profiles: [
        file(b.sampleIdentifier, copy),
        file(c.sampleIdentifier, copy),
        file(d.sampleIdentifier, wrongName),
      ],
    });
    expect(stored.json().items.map((i: { stored: boolean }) => i.stored)).toEqual([true, true, false]);
    expect(await resultOf(b.id)).toMatchObject({ qcState: 'PENDING' });
    expect(await resultOf(c.id)).toMatchObject({
      qcState: 'HELD',
      qcNote: RESULTS_QC_MESSAGES.heldAsDuplicate(b.sampleIdentifier),
    });
    // A later upload of the same abundances is a copy of a stored result.
    const later = await lab.post('/api/staff/results/preview', {
      profiles: [file(a.sampleIdentifier, copy)],
    });
    expect(later.json().items[0].qc.duplicateOf).toBe(b.sampleIdentifier);
  });
});

describe('sign-off and release', () => {
  it('needs a second LAB member to approve (four eyes) and releases only approved samples', async () => {
    const kit = await ownedKit(t.app, SEQUENCED);
    const other = await ownedKit(t.app, SEQUENCED);
    const stored = await lab.post('/api/staff/results', {
      profiles: [
        file(kit.sampleIdentifier, uniqueProfile(PROFILE)),
        file(other.sampleIdentifier, uniqueProfile(OTHER)),
      ],
    });
    expect(stored.json().items.every((i: { stored: boolean }) => i.stored)).toBe(true);
    const samples = [kit.sampleIdentifier, other.sampleIdentifier];
    const waiting = (await lab.get('/api/staff/results/awaiting-release')).json();
    const mine = waiting.items.find((i: { kitId: number }) => i.kitId === kit.id);
    expect(mine).toMatchObject({ qcState: 'PENDING', storedByYou: true, amendment: 0 });
    expect((await checker.get('/api/staff/results/awaiting-release')).json().items).toContainEqual(
      expect.objectContaining({ kitId: kit.id, storedByYou: false }),
    );

    const before = await changeDigest(t.database);
    const early = await lab.post('/api/staff/results/release', { samples });
    expect(early.statusCode).toBe(409);
    expect(early.json().fields[kit.sampleIdentifier]).toBe(
      RESULTS_QC_MESSAGES.notApproved(kit.sampleIdentifier, 'PENDING'),
    );
    const own = await lab.post('/api/staff/results/review', { samples, decision: 'APPROVE' });
    expect(own.statusCode).toBe(409);
    expect(own.json().fields[kit.sampleIdentifier]).toBe(RESULTS_QC_MESSAGES.fourEyes(kit.sampleIdentifier));
    const noNote = await checker.post('/api/staff/results/review', { samples, decision: 'HOLD' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toContain(RESULTS_QC_MESSAGES.noteRequired);
    expect(await changeDigest(t.database)).toEqual(before);

    // The one who stored may hold; another approves one sample; only it may be released.
    const held = await lab.post('/api/staff/results/review', {
      samples: [other.sampleIdentifier],
      decision: 'HOLD',
      note: 'Low read depth, rerun',
    });
    expect(held.statusCode, held.body).toBe(200);
    const approved = await checker.post('/api/staff/results/review', {
      samples: [kit.sampleIdentifier],
      decision: 'APPROVE',
    });
    expect(approved.json()).toEqual({ reviewed: [kit.sampleIdentifier], qcState: 'APPROVED' });
    const mixed = await lab.post('/api/staff/results/release', { samples });
    expect(Object.keys(mixed.json().fields)).toEqual([other.sampleIdentifier]);
    expect(mixed.json().fields[other.sampleIdentifier]).toBe(
      RESULTS_QC_MESSAGES.notApproved(other.sampleIdentifier, 'HELD'),
    );
    const released = await lab.post('/api/staff/results/release', { samples: [kit.sampleIdentifier] });
    expect(released.statusCode, released.body).toBe(200);
    expect(await kitRow(kit.id)).toMatchObject({ sampleStatus: 'RESULTS_AVAILABLE' });
    expect(await resultOf(other.id)).toMatchObject({ qcState: 'HELD', qcNote: 'Low read depth, rerun' });
    const actions = await t.database.db
      .select({ action: staffAudit.action })
      .from(staffAudit)
      .where(and(eq(staffAudit.entityId, String(kit.id)), isNotNull(staffAudit.actorId)));
    expect(actions.map((a) => a.action)).toEqual(['results.store', 'results.approve', 'results.release']);
    const notStored = await checker.post('/api/staff/results/review', {
      samples: [kit.sampleIdentifier],
      decision: 'APPROVE',
    });
    expect(notStored.json().fields[kit.sampleIdentifier]).toBe(
      RESULTS_QC_MESSAGES.notReviewable(kit.sampleIdentifier),
    );
  });
});

describe('retraction', () => {
  it('takes a released report from the portal with a notice, and the correction is the amended report', async () => {
    const kit = await ownedKit(t.app, SEQUENCED);
    await lab.post('/api/staff/results', { profiles: [file(kit.sampleIdentifier, uniqueProfile(PROFILE))] });
    await checker.post('/api/staff/results/review', { samples: [kit.sampleIdentifier], decision: 'APPROVE' });
    await lab.post('/api/staff/results/release', { samples: [kit.sampleIdentifier] });
    const owner = await signIn(t.app, kit.ownerEmail);
    const read = () =>
      t.app.inject({ url: `/api/reports/${kit.sampleIdentifier}`, headers: bearer(owner.accessToken) });
    expect((await read()).statusCode).toBe(200);

    const noReason = await lab.post('/api/staff/results/retract', {
      sample: kit.sampleIdentifier,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const res = await lab.post('/api/staff/results/retract', {
      sample: kit.sampleIdentifier,
      reason: 'Plate swap found in run 42',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sample: kit.sampleIdentifier, amendment: 1 });
    const gone = await read();
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(REPORT_MESSAGES.notFound);
    const list = await t.app.inject({ url: '/api/reports', headers: bearer(owner.accessToken) });
    expect(list.json()).toEqual([]);
    expect((await mailTo(t.app, kit.ownerEmail))[0]?.subject).toBe(
      'Your microbiome report is being corrected',
    );
    expect(await kitRow(kit.id)).toMatchObject({ kitStatus: 'PROCESSING', sampleStatus: 'COMPLETED' });
    const events = await t.database.db.select().from(kitEvents).where(eq(kitEvents.kitId, kit.id));
    expect(events.map((e) => e.eventType)).toContain('RESULTS_RETRACTED');
    const kept = await t.database.db
      .select()
      .from(retractedResults)
      .where(eq(retractedResults.kitId, kit.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ reason: 'Plate swap found in run 42', amendment: 0 });
    const mine = await t.app.inject({ url: '/api/me/audit', headers: bearer(owner.accessToken) });
    expect(JSON.stringify(mine.json())).toContain(
      `The lab withdrew the report of your kit KIT-${kit.id} to correct it`,
    );

    const again = await lab.post('/api/staff/results/retract', { sample: kit.sampleIdentifier, reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RESULTS_QC_MESSAGES.notReleased(kit.sampleIdentifier));

    // The corrected profile: stored, approved by another, released as the amended report.
    const corrected = await lab.post('/api/staff/results', {
      profiles: [file(kit.sampleIdentifier, uniqueProfile(OTHER))],
    });
    expect(corrected.json().items[0], corrected.body).toMatchObject({ stored: true });
    const waiting = (await checker.get('/api/staff/results/awaiting-release')).json();
    expect(waiting.items).toContainEqual(expect.objectContaining({ kitId: kit.id, amendment: 1 }));
    await checker.post('/api/staff/results/review', { samples: [kit.sampleIdentifier], decision: 'APPROVE' });
    expect(
      (await lab.post('/api/staff/results/release', { samples: [kit.sampleIdentifier] })).statusCode,
    ).toBe(200);
    const amended = await read();
    expect(amended.statusCode, amended.body).toBe(200);
    expect(amended.json().report.protocol.amendment).toBe(1);
  });

  it('refuses to retract results that are not released, or an unknown sample', async () => {
    const kit = await ownedKit(t.app, SEQUENCED);
    await lab.post('/api/staff/results', { profiles: [file(kit.sampleIdentifier, uniqueProfile(THIRD))] });
    const before = await changeDigest(t.database);
    const waiting = await lab.post('/api/staff/results/retract', {
      sample: kit.sampleIdentifier,
      reason: 'x',
    });
    expect(waiting.statusCode).toBe(409);
    const unknown = await lab.post('/api/staff/results/retract', { sample: 'MBNOSUCH9', reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(await changeDigest(t.database)).toEqual(before);
  });
});

describe('who may sign off, retract and set the steps', () => {
  it.each([
    ['POST', '/api/staff/results/review', { samples: ['MBNOSUCH3'], decision: 'APPROVE' }],
    ['POST', '/api/staff/results/retract', { sample: 'MBNOSUCH3', reason: 'x' }],
    ['GET', '/api/staff/lab/projects/999999/settings', undefined],
    ['PUT', '/api/staff/lab/projects/999999/settings', { requiredLabSteps: [] }],
  ] as const)('%s %s: only LAB, ADMIN and the operator key', async (method, url, payload) => {
    const call = (headers: Record<string, string>) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    for (const role of ['LOGISTICS', 'LAB', 'SUPPORT', 'STUDY', 'ADMIN', 'CUSTOMER'] as const) {
      const res = await call(bearer(tokens[role]));
      if (role === 'LAB' || role === 'ADMIN')
        expect([200, 404, 409], `${role}: ${res.body}`).toContain(res.statusCode);
      else expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
    }
    expect([200, 404, 409]).toContain((await call(ops)).statusCode);
    expect((await call({})).statusCode).toBe(401);
  });

  it("refuses a support view's token (read-only) on every sign-off route", async () => {
    const kit = await ownedKit(t.app, SEQUENCED);
    const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(support.accessToken),
      payload: { username: kit.ownerEmail },
    });
    expect(view.statusCode, view.body).toBe(200);
    const token = view.json().access_token as string;
    for (const [url, payload] of [
      ['/api/staff/results/review', { samples: [kit.sampleIdentifier], decision: 'APPROVE' }],
      ['/api/staff/results/retract', { sample: kit.sampleIdentifier, reason: 'x' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
      expect(res.statusCode, res.body).toBe(403);
    }
  });
});
