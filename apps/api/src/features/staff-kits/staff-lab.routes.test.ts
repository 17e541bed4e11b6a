import { REPORT_MESSAGES, STAFF_KIT_MESSAGES } from '@portal/domain';
import { splitMergedProfiles } from '@portal/domain/report';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kits, labResults, staffAudit } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, reportProfile, signIn, type TestApp } from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';
import {
  AT_LAB,
  asStaff,
  changeDigest,
  DISPATCHED,
  mailTo,
  ownedKit,
  REQUESTED,
  receiptFor,
  SEQUENCED,
  type Tokens,
  tokensOfEveryRole,
} from './staff-kits.test-helpers.ts';

const PROFILE = reportProfile('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');
const OTHER = reportProfile('gmwi2/kefir/Subj003_time1_S3_metaphlan.txt');

// The ops steps that set a kit up are audited too (the operator key, no actor): these tests read the
// console's own entries.
let t: TestApp;
let tokens: Tokens;
let lab: ReturnType<typeof asStaff>;
/** A second LAB member: approves what `lab` stored (four eyes). */
let checker: ReturnType<typeof asStaff>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensOfEveryRole(t.app);
  lab = asStaff(t.app, tokens.LAB);
  checker = asStaff(t.app, (await signedInStaff(t.app, ['LAB'])).accessToken);
});
afterAll(() => t.close());

const kitRow = async (id: number) => (await t.database.db.select().from(kits).where(eq(kits.id, id)))[0];

describe('receiving at the lab', () => {
  it('marks a scanned sample RECEIVED_BY_LAB, kit too, emails the owner and audits it', async () => {
    const kit = await ownedKit(t.app, DISPATCHED);
    const res = await lab.post('/api/staff/lab/receive', receiptFor(kit.sampleIdentifier));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kitStatus: 'RECEIVED_BY_LAB', sampleStatus: 'RECEIVED_BY_LAB' });
    expect((await mailTo(t.app, kit.ownerEmail))[0]?.subject).toMatch(/received/i);
    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.entityId, String(kit.id)), isNotNull(staffAudit.actorId)));
    expect(audit.map((a) => a.action)).toEqual(['sample.receive']);
  });

  it('refuses a sample whose kit never left, one received twice and an unknown one; nothing changes', async () => {
    const early = await ownedKit(t.app);
    const done = await ownedKit(t.app, AT_LAB);
    const before = await changeDigest(t.database);
    const wrong = await lab.post('/api/staff/lab/receive', receiptFor(early.sampleIdentifier));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toMatch(
      new RegExp(
        `^KIT-${early.id} cannot move to RECEIVED_BY_LAB: the kit is UNASSIGNED \\(Kit Available\\), and a kit becomes RECEIVED_BY_LAB \\(Received by Microbiome Lab\\) only from `,
      ),
    );
    const twice = await lab.post('/api/staff/lab/receive', receiptFor(done.sampleIdentifier));
    expect(twice.json().message).toBe(`KIT-${done.id} is already RECEIVED_BY_LAB. Nothing was changed.`);
    const unknown = await lab.post('/api/staff/lab/receive', receiptFor('MBUNKNOWN9'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(STAFF_KIT_MESSAGES.unknownCode('MBUNKNOWN9'));
    expect(await changeDigest(t.database)).toEqual(before);
  });
});

describe('lab steps', () => {
  it('moves a batch step by step to SEQUENCING, each move audited', async () => {
    const batch = [await ownedKit(t.app, AT_LAB), await ownedKit(t.app, AT_LAB)];
    const codes = batch.map((k) => k.sampleIdentifier);
    for (const step of ['ACCESSIONING', 'DNA_EXTRACTION', 'DNA_LIBRARY_PREP', 'SEQUENCING']) {
      const res = await lab.post('/api/staff/lab/steps', { codes, sampleStatus: step });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().moved.map((k: { sampleStatus: string }) => k.sampleStatus)).toEqual([step, step]);
    }
    expect(await kitRow(batch[0]?.id ?? 0)).toMatchObject({
      kitStatus: 'PROCESSING',
      sampleStatus: 'SEQUENCING',
    });
    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.entityId, String(batch[1]?.id)), isNotNull(staffAudit.actorId)));
    expect(audit).toHaveLength(4);
  });

  it('moves no kit when one of the batch is refused, naming each refused code', async () => {
    const ready = await ownedKit(t.app, AT_LAB);
    const travelling = await ownedKit(t.app, REQUESTED);
    const before = await changeDigest(t.database);
    const res = await lab.post('/api/staff/lab/steps', {
      codes: [ready.sampleIdentifier, travelling.sampleIdentifier, 'MBNOSUCH1', ready.sampleIdentifier],
      sampleStatus: 'ACCESSIONING',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STAFF_KIT_MESSAGES.batchRefused(3));
    expect(Object.keys(res.json().fields)).toEqual([
      travelling.sampleIdentifier,
      'MBNOSUCH1',
      ready.sampleIdentifier,
    ]);
    expect(res.json().fields[travelling.sampleIdentifier]).toMatch(/cannot move to ACCESSIONING/);
    expect(await changeDigest(t.database)).toEqual(before);
  });

  it('fails a sample only with a reason, keeps the reason in the audit and emails the owner', async () => {
    const kit = await ownedKit(t.app, AT_LAB);
    const before = await changeDigest(t.database);
    const noReason = await lab.post('/api/staff/lab/steps', {
      codes: [kit.sampleIdentifier],
      sampleStatus: 'FAILED_UNDERLOADED',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(STAFF_KIT_MESSAGES.reasonRequired);
    expect(await changeDigest(t.database)).toEqual(before);
    const res = await lab.post('/api/staff/lab/steps', {
      codes: [kit.sampleIdentifier],
      sampleStatus: 'FAILED_UNDERLOADED',
      reason: 'Swab almost dry',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await kitRow(kit.id)).toMatchObject({ kitStatus: 'FAILED_UNDERLOADED' });
    const [entry] = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.entityId, String(kit.id)), isNotNull(staffAudit.actorId)));
    expect(entry?.after).toMatchObject({ sampleStatus: 'FAILED_UNDERLOADED', reason: 'Swab almost dry' });
    expect((await mailTo(t.app, kit.ownerEmail))[0]?.subject).toMatch(/sample/i);
  });
});

describe('results upload', () => {
  it('previews scores and every refusal with its reason, storing nothing', async () => {
    const ready = await ownedKit(t.app, SEQUENCED);
    const early = await ownedKit(t.app, REQUESTED);
    const before = await changeDigest(t.database);
    const res = await lab.post('/api/staff/results/preview', {
      profiles: [
        { fileName: `${ready.sampleIdentifier.toLowerCase()}_metaphlan.txt`, text: PROFILE },
        { fileName: `${early.sampleIdentifier}.txt`, text: PROFILE },
        { fileName: 'MBNOSUCH2.txt', text: PROFILE },
        { fileName: `${ready.sampleIdentifier}.tsv`, text: PROFILE },
        { fileName: 'notes (1).txt', text: PROFILE },
        { fileName: 'x.txt', sampleIdentifier: 'MBMALFORMD', text: 'k__Bacteria\t2\tlots\n' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [ok, notAtLab, unknown, duplicate, unnamed] = res.json().items;
    expect(ok).toMatchObject({ sampleIdentifier: ready.sampleIdentifier, kitId: ready.id, refusal: null });
    expect(ok.scores.gmwi2).toBeCloseTo(-0.4, 0);
    expect(ok.scores.database).toBe('mpa_v30_CHOCOPhlAn_201901');
    expect(notAtLab.refusal).toBe(REPORT_MESSAGES.notAtLab(early.sampleIdentifier, null));
    expect(notAtLab.scores).not.toBeNull();
    expect(unknown.refusal).toBe(REPORT_MESSAGES.noSample('MBNOSUCH2'));
    expect(duplicate.refusal).toBe(
      STAFF_KIT_MESSAGES.duplicateInUpload(
        ready.sampleIdentifier,
        `${ready.sampleIdentifier.toLowerCase()}_metaphlan.txt`,
      ),
    );
    expect(unnamed.refusal).toBe(STAFF_KIT_MESSAGES.noSampleInName('notes (1).txt'));
    expect(res.json().items[5].refusal).toMatch(
      /^The profile was refused: Line 1: Relative abundance of k__Bacteria "lots" is not a number\./,
    );
    expect(await changeDigest(t.database)).toEqual(before);
  });

  it("names a sample that already has results, and judges every other sample by its own kit's results", async () => {
    const done = await ownedKit(t.app, SEQUENCED);
    const stored = await lab.post('/api/staff/results', {
      profiles: [{ fileName: `${done.sampleIdentifier}.txt`, text: PROFILE }],
    });
    expect(stored.json().items[0].stored).toBe(true);
    // A results row whose own id equals its kit's id: a query comparing "kit_id" with an unqualified "id"
    // inside the results table's subquery then found results for every kit (seen in a full journey run).
    await t.database.db.execute(sql`update lab_results set id = kit_id where kit_id = ${done.id}`);
    const fresh = await ownedKit(t.app, SEQUENCED);
    const res = await lab.post('/api/staff/results/preview', {
      profiles: [
        { fileName: `${done.sampleIdentifier}.txt`, text: PROFILE },
        { fileName: `${fresh.sampleIdentifier}.txt`, text: PROFILE },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [again, ready] = res.json().items;
    expect(again.refusal).toBe(REPORT_MESSAGES.alreadyImported(done.sampleIdentifier));
    expect(ready).toMatchObject({ sampleIdentifier: fresh.sampleIdentifier, refusal: null });
    // Released, so the list of results waiting for release starts empty for the next test.
    await approve([done.sampleIdentifier]);
    const released = await lab.post('/api/staff/results/release', { samples: [done.sampleIdentifier] });
    expect(released.statusCode, released.body).toBe(200);
  });

  it('stores each sample in its own transaction, lists them for release, releases them; the owner sees the report', async () => {
    const first = await ownedKit(t.app, SEQUENCED);
    const second = await ownedKit(t.app, SEQUENCED);
    const merged = splitMergedProfiles(mergedTable({ [second.sampleIdentifier]: OTHER }));
    const stored = await lab.post('/api/staff/results', {
      profiles: [
        { fileName: `${first.sampleIdentifier}.txt`, text: PROFILE },
        { fileName: 'broken.txt', sampleIdentifier: 'MBBROKEN1', text: 'not a profile' },
        { fileName: 'merged.tsv', sampleIdentifier: second.sampleIdentifier, text: merged[0]?.text ?? '' },
      ],
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().items.map((i: { stored: boolean }) => i.stored)).toEqual([true, false, true]);
    expect(stored.json().items[1].refusal).toMatch(/^The profile was refused/);
    expect(await kitRow(first.id)).toMatchObject({ kitStatus: 'PROCESSING', sampleStatus: 'COMPLETED' });
    expect(await t.database.db.select().from(labResults).where(eq(labResults.kitId, second.id))).toHaveLength(
      1,
    );

    const waiting = (await lab.get('/api/staff/results/awaiting-release')).json();
    expect(waiting.items.map((i: { sampleIdentifier: string }) => i.sampleIdentifier)).toEqual([
      first.sampleIdentifier,
      second.sampleIdentifier,
    ]);
    const again = await lab.post('/api/staff/results', {
      profiles: [{ fileName: `${first.sampleIdentifier}.txt`, text: PROFILE }],
    });
    expect(again.json().items[0].refusal).toBe(REPORT_MESSAGES.alreadyImported(first.sampleIdentifier));

    const samples = [first.sampleIdentifier, second.sampleIdentifier];
    await approve(samples);
    const released = await lab.post('/api/staff/results/release', { samples });
    expect(released.statusCode, released.body).toBe(200);
    expect(await kitRow(first.id)).toMatchObject({ sampleStatus: 'RESULTS_AVAILABLE' });
    expect((await mailTo(t.app, first.ownerEmail))[0]?.subject).toMatch(/report/i);
    const twice = await lab.post('/api/staff/results/release', { samples: [first.sampleIdentifier] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields[first.sampleIdentifier]).toBe(
      STAFF_KIT_MESSAGES.alreadyReleased(first.sampleIdentifier),
    );

    const owner = await signIn(t.app, first.ownerEmail);
    const report = await t.app.inject({
      url: `/api/reports/${first.sampleIdentifier}`,
      headers: bearer(owner.accessToken),
    });
    expect(report.statusCode, report.body).toBe(200);
  });

  it('refuses to release a sample without stored results, releasing none', async () => {
    const stored = await ownedKit(t.app, SEQUENCED);
    await lab.post('/api/staff/results', {
      profiles: [{ fileName: `${stored.sampleIdentifier}.txt`, text: PROFILE }],
    });
    await approve([stored.sampleIdentifier]);
    const bare = await ownedKit(t.app, SEQUENCED);
    const before = await changeDigest(t.database);
    const res = await lab.post('/api/staff/results/release', {
      samples: [stored.sampleIdentifier, bare.sampleIdentifier],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({
      [bare.sampleIdentifier]: STAFF_KIT_MESSAGES.noStoredResults(bare.sampleIdentifier),
    });
    expect(await changeDigest(t.database)).toEqual(before);
  });
});

describe('who may use the lab pages', () => {
  it.each([
    ['POST', '/api/staff/lab/receive', receiptFor('MBNOSUCH3')],
    ['GET', '/api/staff/lab/quarantine', undefined],
    ['POST', '/api/staff/lab/quarantine/decide', { code: 'MBNOSUCH3', decision: 'RELEASE' }],
    ['POST', '/api/staff/lab/steps', { codes: ['MBNOSUCH3'], sampleStatus: 'ACCESSIONING' }],
    ['POST', '/api/staff/results/preview', { profiles: [{ fileName: 'MBNOSUCH3.txt', text: 'x' }] }],
    ['POST', '/api/staff/results', { profiles: [{ fileName: 'MBNOSUCH3.txt', text: 'x' }] }],
    ['GET', '/api/staff/results/awaiting-release', undefined],
    ['POST', '/api/staff/results/release', { samples: ['MBNOSUCH3'] }],
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
});

/** The second LAB member approves stored results. */
async function approve(samples: string[]) {
  const res = await checker.post('/api/staff/results/review', { samples, decision: 'APPROVE' });
  expect(res.statusCode, res.body).toBe(200);
}

/** A table as merge_metaphlan_tables.py writes it: every clade, a column per sample. */
function mergedTable(profiles: Record<string, string>): string {
  const samples = Object.keys(profiles);
  const rows = new Map<string, string[]>();
  let database = '';
  samples.forEach((sample, c) => {
    for (const line of (profiles[sample] ?? '').split('\n')) {
      if (line.startsWith('#mpa_')) database = line;
      if (line.startsWith('#') || !line.trim()) continue;
      const [clade = '', taxId = '', value = ''] = line.split('\t');
      const row = rows.get(clade) ?? [taxId, ...samples.map(() => '0.0')];
      row[c + 1] = value;
      rows.set(clade, row);
    }
  });
  return [
    database,
    ['clade_name', 'NCBI_tax_id', ...samples].join('\t'),
    ...[...rows].map(([k, v]) => [k, ...v].join('\t')),
  ].join('\n');
}
