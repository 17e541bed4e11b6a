import { LAB_RUN_MESSAGES, PLATE_WELLS, STAFF_KIT_MESSAGES } from '@portal/domain';
import { brayCurtis, parseMetaphlanProfile } from '@portal/domain/report';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitEvents, kits, labMoves, labPlates, labPlateWells, staffAudit } from '../../db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestApp,
  ops,
  reportProfile,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';
import {
  AT_LAB,
  asStaff,
  changeDigest,
  ownedKit,
  SEQUENCED,
  type Tokens,
  tokensOfEveryRole,
  uniqueProfile,
} from './staff-kits.test-helpers.ts';

// Runs, plates and controls (issue 34 item 7) and the lab's batch work (item 9), through the API on a
// real database. The control profiles are real MetaPhlAn 3 profiles of the kefir cohort (the copies in
// packages/domain/test-data of /work/shared/data/ingest/gmwi2/kefir_gmwi2_conda_result).

const REFERENCE = reportProfile('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');
const FAR = reportProfile('gmwi2/kefir/Subj003_time1_S3_metaphlan.txt');
const SAMPLE = reportProfile('gmwi2/kefir/Subj011_time2_S9_metaphlan.txt');
/** A real profile said to come from 8.4 million reads: a blank like this is not near-empty. */
const withReads = (profile: string, reads: number) =>
  profile.replace(/^(#mpa_[^\n]*\n)/, `$1#${reads} reads processed\n`);
/** A blank MetaPhlAn found (almost) nothing in: 120 reads, all unknown. */
const CLEAN_BLANK = [
  '#mpa_v30_CHOCOPhlAn_201901',
  '#120 reads processed',
  '#SampleID\tBLANK-1',
  '#clade_name\tNCBI_tax_id\trelative_abundance\tadditional_species',
  'UNKNOWN\t-1\t100.0\t',
].join('\n');

/** The app's clock: the system's, moved on by `ahead` (the undo's minute is tested without waiting). */
let ahead = 0;
let t: TestApp;
let tokens: Tokens;
let lab: ReturnType<typeof asStaff>;
let checker: ReturnType<typeof asStaff>;
let projectId: number;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => new Date(Date.now() + ahead) });
  tokens = await tokensOfEveryRole(t.app);
  lab = asStaff(t.app, tokens.LAB);
  checker = asStaff(t.app, (await signedInStaff(t.app, ['LAB'])).accessToken);
  const kit = await createKit(t.app);
  projectId = (await kitRow(kit.id))?.projectId ?? 0;
}, 120_000);
afterAll(() => t.close());

const kitRow = async (id: number) => (await t.database.db.select().from(kits).where(eq(kits.id, id)))[0];
let runs = 0;
function uniqueName(prefix: string) {
  runs += 1;
  return `${prefix}-${Date.now().toString(36)}-${runs}`;
}

async function newRun(as = lab) {
  const res = await as.post('/api/staff/lab/runs', { name: uniqueName('RUN'), projectId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; name: string; state: string };
}
async function newPlate(runId: number) {
  const res = await lab.post(`/api/staff/lab/runs/${runId}/plates`, { name: uniqueName('PLATE') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; name: string };
}
const place = (plateId: number, code: string, well?: string) =>
  lab.post(`/api/staff/lab/plates/${plateId}/wells`, { code, ...(well ? { well } : {}) });
const placeControl = (plateId: number, payload: object, as = lab) =>
  as.post(`/api/staff/lab/plates/${plateId}/controls`, payload);
const removeControl = (plateId: number, well: string, token = tokens.LAB) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/staff/lab/plates/${plateId}/controls/${well}`,
    headers: bearer(token),
  });
/** Every row of every well of a plate (the change digest leaves plate maps out). */
const wellRows = (plateId: number) =>
  t.database.db
    .select()
    .from(labPlateWells)
    .where(eq(labPlateWells.plateId, plateId))
    .orderBy(labPlateWells.well);
const control = (runId: number, kind: 'BLANK' | 'POSITIVE', text: string, as = lab) =>
  as.post(`/api/staff/lab/runs/${runId}/controls`, { kind, fileName: `${kind.toLowerCase()}.txt`, text });
const setReference = (reference: string | null, positiveMaxDistance = 0.3) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/staff/lab/projects/${projectId}/controls`,
    headers: bearer(tokens.LAB),
    payload: {
      blankMaxReads: 10_000,
      positiveMaxDistance,
      positiveName: 'NIST RM 8048',
      positiveReference: reference,
    },
  });

describe('plate map', () => {
  it('fills wells in order by scan, one kit per well, a kit in one well, only A1–H12', async () => {
    const run = await newRun();
    const plate = await newPlate(run.id);
    const [a, b, c] = [
      await ownedKit(t.app, AT_LAB),
      await ownedKit(t.app, AT_LAB),
      await ownedKit(t.app, AT_LAB),
    ];
    const first = await place(plate.id, a.sampleIdentifier);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      well: 'A1',
      message: LAB_RUN_MESSAGES.placed(`KIT-${a.id}`, plate.name, 'A1'),
    });
    expect((await place(plate.id, `KIT-${b.id}`)).json().well).toBe('B1');
    expect((await place(plate.id, c.sampleIdentifier, 'h12')).json().well).toBe('H12');

    const d = await ownedKit(t.app, AT_LAB);
    const notReceived = await ownedKit(t.app, [{ kitStatus: 'REQUESTED' }]);
    const before = await changeDigest(t.database);
    const again = await place(plate.id, a.sampleIdentifier, 'C1');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LAB_RUN_MESSAGES.alreadyPlaced(`KIT-${a.id}`, plate.name, 'A1'));
    const taken = await place(plate.id, d.sampleIdentifier, 'B1');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(LAB_RUN_MESSAGES.wellTaken(plate.name, 'B1', `KIT-${b.id}`));
    for (const bad of ['I1', 'A13', 'A0', 'Z']) {
      const res = await place(plate.id, d.sampleIdentifier, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(LAB_RUN_MESSAGES.badWell(bad));
    }
    const unknown = await place(plate.id, 'NOSUCHSAMPLE');
    expect(unknown.statusCode).toBe(404);
    const refused = await place(plate.id, notReceived.sampleIdentifier);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LAB_RUN_MESSAGES.notAtLab(`KIT-${notReceived.id}`, null));
    expect(await changeDigest(t.database)).toEqual(before);

    const map = (await lab.get(`/api/staff/lab/plates/${plate.id}`)).json();
    expect(map.wells.map((w: { well: string; kit: { id: number } }) => [w.well, w.kit.id])).toEqual([
      ['A1', a.id],
      ['B1', b.id],
      ['H12', c.id],
    ]);
    // A tube in the wrong well comes out (audited) and goes in again.
    const emptied = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/lab/plates/${plate.id}/wells/B1`,
      headers: bearer(tokens.LAB),
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect((await place(plate.id, b.sampleIdentifier, 'D4')).json().well).toBe('D4');
    const byName = await lab.get(`/api/staff/lab/plates/by-name/${plate.name.toLowerCase()}`);
    expect(byName.json().wells).toHaveLength(3);
  });

  it('holds 96 tubes and refuses the 97th', async () => {
    const run = await newRun();
    const plate = await newPlate(run.id);
    // 95 wells filled directly (kits made without the lab's steps), the 96th and 97th by scan.
    const filler = [];
    for (let i = 0; i < 95; i++) filler.push(await createKit(t.app));
    await t.database.db.insert(labPlateWells).values(
      filler.map((k, i) => ({
        plateId: plate.id,
        well: PLATE_WELLS[i] as string,
        kitId: k.id,
        placedBy: 'test',
      })),
    );
    const last = await ownedKit(t.app, AT_LAB);
    const ninetySixth = await place(plate.id, last.sampleIdentifier);
    expect(ninetySixth.json().well).toBe('H12');
    const extra = await ownedKit(t.app, AT_LAB);
    const full = await place(plate.id, extra.sampleIdentifier);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(LAB_RUN_MESSAGES.plateFull(plate.name));
  });

  it('refuses a second run or plate of the same name, and names that are not ids', async () => {
    const run = await newRun();
    const twin = await lab.post('/api/staff/lab/runs', { name: run.name, projectId });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe(LAB_RUN_MESSAGES.runNameTaken(run.name));
    const bad = await lab.post('/api/staff/lab/runs', { name: 'run one; drop', projectId });
    expect(bad.statusCode).toBe(400);
    const noProject = await lab.post('/api/staff/lab/runs', { name: uniqueName('RUN'), projectId: 999999 });
    expect(noProject.statusCode).toBe(404);
  });
});

describe('controls', () => {
  it('fails a blank with reads and passes a near-empty one, by the project threshold', async () => {
    const run = await newRun();
    const dirty = await control(run.id, 'BLANK', withReads(REFERENCE, 8_412_334));
    expect(dirty.statusCode, dirty.body).toBe(200);
    expect(dirty.json().state).toBe('FAILED');
    expect(dirty.json().controls[0]).toMatchObject({
      kind: 'BLANK',
      passed: false,
      reads: 8_412_334,
      finding: LAB_RUN_MESSAGES.blankTooManyReads(8_412_334, 10_000),
    });
    // A real profile that does not say its reads cannot be shown to be near-empty.
    const unjudged = await control(run.id, 'BLANK', REFERENCE);
    expect(unjudged.json().controls[0].passed).toBe(false);
    expect(unjudged.json().controls[0].finding).toMatch(/^Failed: the blank has \d+ classified taxa/);
    const clean = await control(run.id, 'BLANK', CLEAN_BLANK);
    expect(clean.json().controls[0]).toMatchObject({ passed: true, reads: 120 });
    expect(clean.json().state).toBe('PENDING');
  });

  it('passes a positive control near its reference and fails one far from it (Bray–Curtis)', async () => {
    expect((await setReference(REFERENCE)).statusCode).toBe(200);
    const run = await newRun();
    const near = await control(run.id, 'POSITIVE', uniqueProfile(REFERENCE));
    expect(near.json().controls[0]).toMatchObject({ kind: 'POSITIVE', passed: true });
    expect(near.json().controls[0].distance).toBeLessThan(0.01);
    await control(run.id, 'BLANK', CLEAN_BLANK);
    expect((await lab.get(`/api/staff/lab/runs/${run.id}`)).json().state).toBe('PASSED');

    const species = (text: string) =>
      Object.fromEntries(
        parseMetaphlanProfile(text)
          .taxa.filter((x) => x.rank === 's')
          .map((x) => [x.lineage, x.abundance]),
      );
    const expected = brayCurtis(species(FAR), species(REFERENCE));
    expect(expected).toBeGreaterThan(0.3);
    const far = await control(run.id, 'POSITIVE', FAR);
    expect(far.json().state).toBe('FAILED');
    const positive = far.json().controls.find((c: { kind: string }) => c.kind === 'POSITIVE');
    expect(positive.passed).toBe(false);
    expect(positive.distance).toBeCloseTo(
      brayCurtis(
        Object.fromEntries(Object.entries(species(FAR)).map(([k, v]) => [k, v / sum(species(FAR))])),
        Object.fromEntries(
          Object.entries(species(REFERENCE)).map(([k, v]) => [k, v / sum(species(REFERENCE))]),
        ),
      ),
      10,
    );
    expect(positive.finding).toBe(LAB_RUN_MESSAGES.positiveFar(positive.distance, 0.3, 'NIST RM 8048'));
    // A wider distance set for the project lets the same profile pass on re-check.
    expect((await setReference(REFERENCE, 0.99)).statusCode).toBe(200);
    expect((await control(run.id, 'POSITIVE', FAR)).json().state).toBe('PASSED');
    expect((await setReference(REFERENCE)).statusCode).toBe(200);
  });

  it('fails a positive control without a reference, and refuses a file that is no profile', async () => {
    expect((await setReference(null)).statusCode).toBe(200);
    const run = await newRun();
    const none = await control(run.id, 'POSITIVE', REFERENCE);
    expect(none.json().controls[0].finding).toBe(LAB_RUN_MESSAGES.noReference('NIST RM 8048'));
    const before = await changeDigest(t.database);
    const garbage = await control(run.id, 'POSITIVE', 'k__Bacteria\tnot a number\n');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toMatch(/^The positive control's file is not a MetaPhlAn profile: /);
    const badReference = await setReference('hello');
    expect(badReference.statusCode).toBe(400);
    expect(await changeDigest(t.database)).toEqual(before);
    expect((await setReference(REFERENCE)).statusCode).toBe(200);
  });
});

const sum = (values: Record<string, number>) => Object.values(values).reduce((s, v) => s + v, 0);

describe('a run holds its samples until its controls pass or are overridden', () => {
  it('refuses approval and release on a held run, in words, and lets them through after the override', async () => {
    expect((await setReference(REFERENCE)).statusCode).toBe(200);
    const run = await newRun();
    const plate = await newPlate(run.id);
    const kit = await ownedKit(t.app, SEQUENCED);
    const approvedFirst = await ownedKit(t.app, SEQUENCED);
    // One sample approved before it went on the plate: its release is held too.
    for (const k of [kit, approvedFirst]) {
      const stored = await lab.post('/api/staff/results', {
        profiles: [{ fileName: `${k.sampleIdentifier}.txt`, text: uniqueProfile(SAMPLE) }],
      });
      expect(stored.json().items[0].stored, stored.body).toBe(true);
    }
    const preApproved = await checker.post('/api/staff/results/review', {
      samples: [approvedFirst.sampleIdentifier],
      decision: 'APPROVE',
    });
    expect(preApproved.statusCode, preApproved.body).toBe(200);
    expect((await place(plate.id, kit.sampleIdentifier)).statusCode).toBe(200);
    expect((await place(plate.id, approvedFirst.sampleIdentifier)).statusCode).toBe(200);

    const approve = () =>
      checker.post('/api/staff/results/review', { samples: [kit.sampleIdentifier], decision: 'APPROVE' });
    const pending = await approve();
    expect(pending.statusCode).toBe(409);
    expect(pending.json().fields[kit.sampleIdentifier]).toBe(
      LAB_RUN_MESSAGES.runHeld(kit.sampleIdentifier, run.name, 'PENDING'),
    );
    const release = () =>
      lab.post('/api/staff/results/release', { samples: [approvedFirst.sampleIdentifier] });
    expect((await release()).json().fields[approvedFirst.sampleIdentifier]).toBe(
      LAB_RUN_MESSAGES.runHeld(approvedFirst.sampleIdentifier, run.name, 'PENDING'),
    );
    const waiting = (await lab.get('/api/staff/results/awaiting-release')).json().items;
    expect(waiting.find((i: { kitId: number }) => i.kitId === kit.id).runHold).toBe(
      LAB_RUN_MESSAGES.runHeld(kit.sampleIdentifier, run.name, 'PENDING'),
    );
    // Holding is still allowed on a held run.
    const hold = await checker.post('/api/staff/results/review', {
      samples: [kit.sampleIdentifier],
      decision: 'HOLD',
      note: 'waiting for the controls',
    });
    expect(hold.statusCode).toBe(200);

    await control(run.id, 'POSITIVE', uniqueProfile(REFERENCE));
    expect((await control(run.id, 'BLANK', withReads(REFERENCE, 50_000))).json().state).toBe('FAILED');
    expect((await approve()).json().fields[kit.sampleIdentifier]).toBe(
      LAB_RUN_MESSAGES.runHeld(kit.sampleIdentifier, run.name, 'FAILED'),
    );
    expect((await release()).statusCode).toBe(409);

    // The override needs a reason, is refused to other roles, and is audited.
    const noReason = await lab.post(`/api/staff/lab/runs/${run.id}/override`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const asSupport = await asStaff(t.app, tokens.SUPPORT).post(`/api/staff/lab/runs/${run.id}/override`, {
      reason: 'x',
    });
    expect(asSupport.statusCode).toBe(403);
    const overridden = await lab.post(`/api/staff/lab/runs/${run.id}/override`, {
      reason: 'Blank reads are adapter dimers: checked with the sequencing core',
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json()).toMatchObject({
      state: 'OVERRIDDEN',
      override: { reason: 'Blank reads are adapter dimers: checked with the sequencing core' },
    });
    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'lab.run.override'), eq(staffAudit.entityId, String(run.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ state: 'OVERRIDDEN' });
    expect((await lab.post(`/api/staff/lab/runs/${run.id}/override`, { reason: 'again' })).statusCode).toBe(
      409,
    );

    expect((await approve()).statusCode).toBe(200);
    const released = await release();
    expect(released.statusCode, released.body).toBe(200);
    expect((await kitRow(approvedFirst.id))?.sampleStatus).toBe('RESULTS_AVAILABLE');

    // A re-check replaces the override: a blank failing again holds the run again.
    expect((await control(run.id, 'BLANK', withReads(REFERENCE, 50_000))).json().state).toBe('FAILED');
    // The operator key (a tool, no person) may override too, and is named as no one.
    const byOperator = await t.app.inject({
      method: 'POST',
      url: `/api/staff/lab/runs/${run.id}/override`,
      headers: ops,
      payload: { reason: 'Overridden by the nightly tool after review' },
    });
    expect(byOperator.statusCode, byOperator.body).toBe(200);
    expect(byOperator.json().override).toMatchObject({ by: null });
  });
});

describe('moving a plate or a run', () => {
  it('applies the step rules to each tube and names each refused tube in the status words', async () => {
    const run = await newRun();
    const [p1, p2] = [await newPlate(run.id), await newPlate(run.id)];
    const a = await ownedKit(t.app, AT_LAB);
    const b = await ownedKit(t.app, AT_LAB);
    const ahead1 = await ownedKit(t.app, [...AT_LAB, { sampleStatus: 'ACCESSIONING' }]);
    const other = await ownedKit(t.app, AT_LAB);
    for (const k of [a, b, ahead1]) expect((await place(p1.id, k.sampleIdentifier)).statusCode).toBe(200);
    expect((await place(p2.id, other.sampleIdentifier)).statusCode).toBe(200);
    // A tube found broken after plating: it stays in its well, and no step takes it.
    const broken = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/kits/${other.id}`,
      headers: ops,
      payload: { sampleStatus: 'FAILED_TUBE_NOT_INTACT' },
    });
    expect(broken.statusCode, broken.body).toBe(200);

    const res = await lab.post(`/api/staff/lab/plates/${p1.id}/step`, { sampleStatus: 'ACCESSIONING' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.moved.map((k: { id: number }) => k.id)).toEqual([a.id, b.id]);
    expect(body.refused).toEqual([
      expect.objectContaining({
        kit: expect.objectContaining({ id: ahead1.id }),
        refusal: `KIT-${ahead1.id} is already ACCESSIONING. ${STAFF_KIT_MESSAGES.nothingChanged}`,
      }),
    ]);
    expect((await kitRow(a.id))?.sampleStatus).toBe('ACCESSIONING');
    expect((await kitRow(other.id))?.sampleStatus).toBe('FAILED_TUBE_NOT_INTACT');

    // The whole run: every tube of both plates.
    const whole = await lab.post(`/api/staff/lab/runs/${run.id}/step`, { sampleStatus: 'DNA_EXTRACTION' });
    expect(
      whole
        .json()
        .moved.map((k: { id: number }) => k.id)
        .sort(),
    ).toEqual([a.id, b.id, ahead1.id].sort());
    expect(whole.json().refused.map((r: { kit: { id: number } }) => r.kit.id)).toEqual([other.id]);
    expect(whole.json().refused[0].refusal).toMatch(
      /cannot move to DNA_EXTRACTION: its sample is FAILED_TUBE_NOT_INTACT/,
    );
    // The required steps (item 6) read the timeline the plate move wrote.
    const events = await t.database.db
      .select({ type: kitEvents.eventType })
      .from(kitEvents)
      .where(eq(kitEvents.kitId, a.id));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['ACCESSIONING', 'DNA_EXTRACTION']));

    const failure = await lab.post(`/api/staff/lab/plates/${p2.id}/step`, {
      sampleStatus: 'FAILED_PROCESSING',
    });
    expect(failure.statusCode).toBe(400);
    const empty = await newPlate(run.id);
    const nothing = await lab.post(`/api/staff/lab/plates/${empty.id}/step`, {
      sampleStatus: 'ACCESSIONING',
    });
    expect(nothing.statusCode).toBe(409);
    expect(
      (await lab.post('/api/staff/lab/plates/999999/step', { sampleStatus: 'ACCESSIONING' })).statusCode,
    ).toBe(404);
  });
});

describe('undo the last move', () => {
  it('puts each kit back within a minute, audited, and removes the steps from its timeline', async () => {
    const a = await ownedKit(t.app, AT_LAB);
    const b = await ownedKit(t.app, AT_LAB);
    const moved = await lab.post('/api/staff/lab/steps', {
      codes: [a.sampleIdentifier, b.sampleIdentifier],
      sampleStatus: 'ACCESSIONING',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    ahead = 59_000;
    try {
      const undone = await lab.post('/api/staff/lab/moves/undo', {});
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json()).toEqual({
        target: 'ACCESSIONING',
        kits: [`KIT-${a.id}`, `KIT-${b.id}`],
        message: LAB_RUN_MESSAGES.undone(2, 'ACCESSIONING'),
      });
    } finally {
      ahead = 0;
    }
    for (const k of [a, b]) expect((await kitRow(k.id))?.sampleStatus).toBe('RECEIVED_BY_LAB');
    const events = await t.database.db
      .select()
      .from(kitEvents)
      .where(and(inArray(kitEvents.kitId, [a.id, b.id]), eq(kitEvents.eventType, 'ACCESSIONING')));
    expect(events).toHaveLength(0);
    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'sample.lab-step.undo'), eq(staffAudit.entityId, String(a.id))));
    expect(audit[0]?.before).toMatchObject({ sampleStatus: 'ACCESSIONING' });
    // Once undone, there is nothing more to undo.
    const twice = await lab.post('/api/staff/lab/moves/undo', {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(LAB_RUN_MESSAGES.noMove);
  });

  it('refuses after a minute with a clear message, and changes nothing', async () => {
    const a = await ownedKit(t.app, AT_LAB);
    expect(
      (await lab.post('/api/staff/lab/steps', { codes: [a.sampleIdentifier], sampleStatus: 'ACCESSIONING' }))
        .statusCode,
    ).toBe(200);
    const before = await changeDigest(t.database);
    ahead = 61_000;
    try {
      const late = await lab.post('/api/staff/lab/moves/undo', {});
      expect(late.statusCode).toBe(409);
      // The spec's words, naming the move and the time it was made (its row's, in UTC).
      const moves = await t.database.db.select().from(labMoves).orderBy(desc(labMoves.id));
      const move = moves.find((m) => m.items.some((item) => item.kitId === a.id));
      expect(move).toBeDefined();
      expect(late.json().message).toBe(
        LAB_RUN_MESSAGES.undoTooLate(1, 'ACCESSIONING', move?.at ?? new Date(0)),
      );
      expect(late.json().message).toMatch(
        /^Your last move \(1 kit to ACCESSIONING at \d\d:\d\d:\d\d UTC\) was made more than a minute ago, so it can no longer be undone\. Nothing was changed\.$/,
      );
    } finally {
      ahead = 0;
    }
    expect(await changeDigest(t.database)).toEqual(before);
    expect((await kitRow(a.id))?.sampleStatus).toBe('ACCESSIONING');
  });

  it('undoes a plate move; refuses a failure, a kit moved on since, and another member’s move', async () => {
    const run = await newRun();
    const plate = await newPlate(run.id);
    const a = await ownedKit(t.app, AT_LAB);
    await place(plate.id, a.sampleIdentifier);
    await lab.post(`/api/staff/lab/plates/${plate.id}/step`, { sampleStatus: 'ACCESSIONING' });
    // Another LAB member's move is theirs to undo: mine is still the plate's.
    const mine = await ownedKit(t.app, AT_LAB);
    await checker.post('/api/staff/lab/steps', {
      codes: [mine.sampleIdentifier],
      sampleStatus: 'ACCESSIONING',
    });
    expect((await lab.post('/api/staff/lab/moves/undo', {})).json().kits).toEqual([`KIT-${a.id}`]);
    expect((await kitRow(mine.id))?.sampleStatus).toBe('ACCESSIONING');

    // Moved on since (by the other member): refused by name.
    await lab.post('/api/staff/lab/steps', { codes: [a.sampleIdentifier], sampleStatus: 'ACCESSIONING' });
    await checker.post('/api/staff/lab/steps', {
      codes: [a.sampleIdentifier],
      sampleStatus: 'DNA_EXTRACTION',
    });
    const changed = await lab.post('/api/staff/lab/moves/undo', {});
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(LAB_RUN_MESSAGES.undoChanged(`KIT-${a.id}`, 'DNA_EXTRACTION'));

    const failing = await ownedKit(t.app, AT_LAB);
    await lab.post('/api/staff/lab/steps', {
      codes: [failing.sampleIdentifier],
      sampleStatus: 'FAILED_UNDERLOADED',
      reason: 'Too little material',
    });
    const failure = await lab.post('/api/staff/lab/moves/undo', {});
    expect(failure.statusCode).toBe(409);
    expect(failure.json().message).toBe(LAB_RUN_MESSAGES.undoFailure('FAILED_UNDERLOADED'));
  });
});

describe('scan a range', () => {
  it('gives the kits from the first code to the last, in kit order, whichever is scanned first', async () => {
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await ownedKit(t.app, AT_LAB));
    const first = made[0] as (typeof made)[number];
    const last = made[3] as (typeof made)[number];
    const res = await lab.get(
      `/api/staff/lab/range?first=${last.sampleIdentifier}&last=${encodeURIComponent(`KIT-${first.id}`)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().kits.map((k: { id: number }) => k.id);
    expect(ids[0]).toBe(first.id);
    expect(ids.at(-1)).toBe(last.id);
    expect(ids).toEqual(expect.arrayContaining(made.map((k) => k.id)));
    const unknown = await lab.get(`/api/staff/lab/range?first=NOSUCH&last=${last.sampleIdentifier}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(STAFF_KIT_MESSAGES.unknownCode('NOSUCH'));
  });
});

describe('controls in wells of the plate map', () => {
  it('places each control in a free well, refuses a taken well or a bad kind, and removes it, audited', async () => {
    const run = await newRun();
    const plate = await newPlate(run.id);
    const a = await ownedKit(t.app, AT_LAB);
    expect((await place(plate.id, a.sampleIdentifier)).json().well).toBe('A1');

    const blank = await placeControl(plate.id, { kind: 'BLANK', well: 'H12' });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().message).toBe(LAB_RUN_MESSAGES.controlPlaced('BLANK', plate.name, 'H12'));
    expect(blank.json().message).toBe(`Extraction blank placed in well H12 of plate ${plate.name}.`);
    const positive = await placeControl(plate.id, { kind: 'POSITIVE', well: 'g12' });
    expect(positive.json().message).toBe(`Positive control placed in well G12 of plate ${plate.name}.`);
    expect(positive.json().plate.controls).toEqual([
      { well: 'G12', kind: 'POSITIVE' },
      { well: 'H12', kind: 'BLANK' },
    ]);
    // The kits' wells are the tubes, as before: a control is not a tube and is never moved.
    expect(positive.json().plate.wells.map((w: { well: string }) => w.well)).toEqual(['A1']);
    const detail = (await lab.get(`/api/staff/lab/runs/${run.id}`)).json();
    expect(detail.tubes).toBe(1);
    expect(detail.plateMaps[0].controls).toHaveLength(2);
    const listed = (await lab.get('/api/staff/lab/runs'))
      .json()
      .runs.find((r: { id: number }) => r.id === run.id);
    expect(listed).toMatchObject({ plates: 1, tubes: 1 });

    // Refused, changing nothing: a well already holding a kit or a control, a kind or well that is not one.
    const b = await ownedKit(t.app, AT_LAB);
    const before = await changeDigest(t.database);
    const wellsBefore = await wellRows(plate.id);
    const onKit = await placeControl(plate.id, { kind: 'POSITIVE', well: 'A1' });
    expect(onKit.statusCode).toBe(409);
    expect(onKit.json().message).toBe(LAB_RUN_MESSAGES.wellTaken(plate.name, 'A1', `KIT-${a.id}`));
    const onControl = await placeControl(plate.id, { kind: 'POSITIVE', well: 'H12' });
    expect(onControl.statusCode).toBe(409);
    expect(onControl.json().message).toBe(
      `Well H12 of plate ${plate.name} already holds the extraction blank: choose an empty well. Nothing was placed.`,
    );
    const tubeOnControl = await place(plate.id, b.sampleIdentifier, 'G12');
    expect(tubeOnControl.statusCode).toBe(409);
    expect(tubeOnControl.json().message).toBe(
      LAB_RUN_MESSAGES.wellTaken(plate.name, 'G12', 'the positive control'),
    );
    for (const kind of ['WATER', 'blank', '', null]) {
      const res = await placeControl(plate.id, { kind, well: 'C1' });
      expect(res.statusCode, String(kind)).toBe(400);
      expect(res.json().message).toBe(LAB_RUN_MESSAGES.controlRequired);
    }
    expect((await placeControl(plate.id, { well: 'C1' })).json().message).toBe(
      LAB_RUN_MESSAGES.controlRequired,
    );
    for (const well of ['I1', 'A13', 'Z']) {
      const res = await placeControl(plate.id, { kind: 'BLANK', well });
      expect(res.statusCode, well).toBe(400);
      expect(res.json().message).toBe(LAB_RUN_MESSAGES.badWell(well));
    }
    const noWell = await placeControl(plate.id, { kind: 'BLANK', well: ' ' });
    expect(noWell.statusCode).toBe(400);
    expect(noWell.json().message).toBe(LAB_RUN_MESSAGES.controlWellRequired);
    expect((await placeControl(plate.id, { kind: 'BLANK' })).statusCode).toBe(400);
    expect((await placeControl(999_999, { kind: 'BLANK', well: 'C1' })).statusCode).toBe(404);
    // Taking a control out of a well holding a kit's tube, an empty well, or no well at all.
    const kitWell = await removeControl(plate.id, 'A1');
    expect(kitWell.statusCode).toBe(409);
    expect(kitWell.json().message).toBe(LAB_RUN_MESSAGES.notAControl(plate.name, 'A1', `KIT-${a.id}`));
    const emptyWell = await removeControl(plate.id, 'C1');
    expect(emptyWell.statusCode).toBe(409);
    expect(emptyWell.json().message).toBe(LAB_RUN_MESSAGES.noControlThere(plate.name, 'C1'));
    const notAWell = await removeControl(plate.id, 'Z9');
    expect(notAWell.statusCode).toBe(400);
    expect(notAWell.json().message).toBe(LAB_RUN_MESSAGES.badWellToEmpty('Z9'));
    expect(await changeDigest(t.database)).toEqual(before);
    expect(await wellRows(plate.id)).toEqual(wellsBefore);

    // The next scanned tube passes over the controls' wells; a plate move takes only the tubes.
    const placedB = await place(plate.id, b.sampleIdentifier);
    expect(placedB.json().well).toBe('B1');
    const moved = await lab.post(`/api/staff/lab/plates/${plate.id}/step`, { sampleStatus: 'ACCESSIONING' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().moved.map((k: { id: number }) => k.id)).toEqual([a.id, b.id]);
    expect(moved.json().refused).toEqual([]);

    // Removed: the well is free again, and the log says who placed and took out which control where.
    const removed = await removeControl(plate.id, 'h12');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(`Extraction blank removed from well H12 of plate ${plate.name}.`);
    expect(removed.json().plate.controls).toEqual([{ well: 'G12', kind: 'POSITIVE' }]);
    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.entity, 'plate'), eq(staffAudit.entityId, String(plate.id))))
      .orderBy(staffAudit.at);
    expect(audit.map((e) => [e.action, e.before, e.after])).toEqual([
      ['lab.plate.create', null, expect.anything()],
      ['lab.plate.control.place', null, { plate: plate.name, well: 'H12', control: 'BLANK' }],
      ['lab.plate.control.place', null, { plate: plate.name, well: 'G12', control: 'POSITIVE' }],
      ['lab.plate.control.remove', { plate: plate.name, well: 'H12', control: 'BLANK' }, null],
    ]);
    expect((await placeControl(plate.id, { kind: 'POSITIVE', well: 'H12' })).statusCode).toBe(200);
    // Emptying a control's well by the plate's own "empty a well" is logged as the control's removal.
    const emptied = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/lab/plates/${plate.id}/wells/H12`,
      headers: bearer(tokens.LAB),
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json().controls).toEqual([{ well: 'G12', kind: 'POSITIVE' }]);
    const [last] = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.entity, 'plate'), eq(staffAudit.entityId, String(plate.id))))
      .orderBy(desc(staffAudit.at))
      .limit(1);
    expect(last).toMatchObject({
      action: 'lab.plate.control.remove',
      before: { plate: plate.name, well: 'H12', control: 'POSITIVE' },
    });
  });

  it('the database holds each well to one kit or one known control', async () => {
    const run = await newRun();
    const plate = await newPlate(run.id);
    const kit = await createKit(t.app);
    const insert = (row: { well: string; kitId?: number | null; control?: string | null }) =>
      t.database.db.insert(labPlateWells).values({ plateId: plate.id, placedBy: 'test', ...row });
    await expect(insert({ well: 'A1', kitId: kit.id, control: 'BLANK' })).rejects.toThrow();
    await expect(insert({ well: 'A1' })).rejects.toThrow();
    await expect(insert({ well: 'A1', control: 'WATER' })).rejects.toThrow();
    await insert({ well: 'A1', control: 'BLANK' });
    await expect(insert({ well: 'A1', kitId: kit.id })).rejects.toThrow();
    expect(await wellRows(plate.id)).toEqual([
      expect.objectContaining({ well: 'A1', kitId: null, control: 'BLANK' }),
    ]);
    await t.database.db.delete(labPlates).where(eq(labPlates.id, plate.id));
    expect(await wellRows(plate.id)).toEqual([]);
  });
});

describe('authorization', () => {
  it('lets support read runs and plates but change nothing; other roles and customers are refused', async () => {
    const run = await newRun();
    const plate = await newPlate(run.id);
    expect((await placeControl(plate.id, { kind: 'BLANK', well: 'H12' })).statusCode).toBe(200);
    const support = asStaff(t.app, tokens.SUPPORT);
    expect((await support.get(`/api/staff/lab/runs/${run.id}`)).statusCode).toBe(200);
    expect((await support.get('/api/staff/lab/runs')).statusCode).toBe(200);
    expect((await support.get(`/api/staff/lab/plates/${plate.id}`)).statusCode).toBe(200);
    const kit = await ownedKit(t.app, AT_LAB);
    const before = await changeDigest(t.database);
    const writes: [string, object][] = [
      ['/api/staff/lab/runs', { name: uniqueName('RUN'), projectId }],
      [`/api/staff/lab/runs/${run.id}/plates`, { name: uniqueName('PLATE') }],
      [`/api/staff/lab/plates/${plate.id}/wells`, { code: kit.sampleIdentifier }],
      [`/api/staff/lab/plates/${plate.id}/controls`, { kind: 'POSITIVE', well: 'G12' }],
      [`/api/staff/lab/plates/${plate.id}/step`, { sampleStatus: 'ACCESSIONING' }],
      [`/api/staff/lab/runs/${run.id}/step`, { sampleStatus: 'ACCESSIONING' }],
      [`/api/staff/lab/runs/${run.id}/controls`, { kind: 'BLANK', fileName: 'b.txt', text: CLEAN_BLANK }],
      ['/api/staff/lab/moves/undo', {}],
    ];
    const wellsBefore = await wellRows(plate.id);
    for (const role of ['SUPPORT', 'LOGISTICS', 'STUDY', 'CUSTOMER'] as const) {
      for (const [url, payload] of writes) {
        const res = await asStaff(t.app, tokens[role]).post(url, payload);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
      }
      expect((await removeControl(plate.id, 'H12', tokens[role])).statusCode, `${role} remove`).toBe(403);
    }
    expect(await wellRows(plate.id)).toEqual(wellsBefore);
    // Support reads where the controls sit.
    expect((await support.get(`/api/staff/lab/runs/${run.id}`)).json().plateMaps[0].controls).toEqual([
      { well: 'H12', kind: 'BLANK' },
    ]);
    for (const role of ['LOGISTICS', 'STUDY', 'CUSTOMER'] as const)
      expect((await asStaff(t.app, tokens[role]).get(`/api/staff/lab/runs/${run.id}`)).statusCode, role).toBe(
        403,
      );
    expect(await changeDigest(t.database)).toEqual(before);
    expect((await t.app.inject({ url: `/api/staff/lab/runs/${run.id}` })).statusCode).toBe(401);
  });

  it("refuses a support view's token (read-only) on every run, plate and move route", async () => {
    const run = await newRun();
    const plate = await newPlate(run.id);
    expect((await placeControl(plate.id, { kind: 'BLANK', well: 'H12' })).statusCode).toBe(200);
    const kit = await ownedKit(t.app, AT_LAB);
    const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(support.accessToken),
      payload: { username: kit.ownerEmail },
    });
    expect(view.statusCode, view.body).toBe(200);
    const token = view.json().access_token as string;
    const before = await changeDigest(t.database);
    for (const [method, url, payload] of [
      ['GET', `/api/staff/lab/runs/${run.id}`, undefined],
      ['GET', `/api/staff/lab/plates/${plate.id}`, undefined],
      ['POST', `/api/staff/lab/plates/${plate.id}/wells`, { code: kit.sampleIdentifier }],
      ['POST', `/api/staff/lab/plates/${plate.id}/controls`, { kind: 'POSITIVE', well: 'G12' }],
      ['DELETE', `/api/staff/lab/plates/${plate.id}/controls/H12`, undefined],
      ['POST', `/api/staff/lab/plates/${plate.id}/step`, { sampleStatus: 'ACCESSIONING' }],
      ['POST', `/api/staff/lab/runs/${run.id}/override`, { reason: 'x' }],
      ['POST', '/api/staff/lab/moves/undo', {}],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    expect(await changeDigest(t.database)).toEqual(before);
    expect(await wellRows(plate.id)).toEqual([expect.objectContaining({ well: 'H12', control: 'BLANK' })]);
  });
});
