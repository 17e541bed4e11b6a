import { REPORT_NOT_PERMITTED } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kits, labResults, outbox } from '../../db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestApp,
  importResults,
  kitAtLab,
  ops,
  reportProfile,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';

const read = reportProfile;
const SRR = read('gmwi2/SRR1761667_metaphlan.txt');
const KEFIR_1 = read('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');
const KEFIR_2 = read('gmwi2/kefir/Subj001_time2_S2_metaphlan.txt');
const MPA4 = read('edge/metaphlan4-sgb.txt');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const importProfile = (sampleIdentifier: string, profile: string, displayDate?: string) =>
  importResults(t.app, sampleIdentifier, profile, displayDate);

describe('lab ingest', () => {
  it('imports a real MetaPhlAn 3 profile: report stored, sample RESULTS_AVAILABLE, owner emailed', async () => {
    const user = await signedInUser(t.app);
    const kit = await kitAtLab(t.app, user.email);
    const res = await importProfile(kit.sampleIdentifier.toLowerCase(), SRR, '2026-03-01');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      sample: kit.sampleIdentifier,
      version: 'v3',
      database: 'mpa_v30_CHOCOPhlAn_201901',
    });
    expect(res.json().gmwi2).toBeCloseTo(1.4017773651306447, 9);
    const [row] = await t.database.db.select().from(kits).where(eq(kits.id, kit.id));
    expect(row).toMatchObject({
      sampleStatus: 'RESULTS_AVAILABLE',
      kitStatus: 'RESULTS_AVAILABLE',
      displayDate: '2026-03-01',
    });
    const subjects = (await t.database.db.select().from(outbox).where(eq(outbox.to, user.email))).map(
      (m) => m.subject,
    );
    expect(subjects).toContain('Your microbiome report is ready');

    const list = (await t.app.inject({ url: '/api/reports', headers: bearer(user.accessToken) })).json();
    expect(list).toEqual([
      {
        kitId: kit.id,
        sampleIdentifier: kit.sampleIdentifier,
        name: `KIT-${kit.id}`,
        displayDate: '2026-03-01',
        version: 'v3',
      },
    ]);
    const report = (
      await t.app.inject({ url: `/api/reports/${kit.sampleIdentifier}`, headers: bearer(user.accessToken) })
    ).json();
    expect(report.report.indices.gmwi2.value).toBeCloseTo(1.4017773651306447, 9);
    expect(report.report.composition.phylum.length).toBeGreaterThan(1);

    const pdf = await t.app.inject({
      url: `/api/reports/${kit.sampleIdentifier}/pdf`,
      headers: bearer(user.accessToken),
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(
      `GMWI2 ${report.report.indices.gmwi2.value.toFixed(3)}`,
    );
  });

  it.each([
    ['a malformed file', 'this is not a profile\n', 400, 'The profile was refused'],
    ['abundances that do not add up', read('edge/not-100.txt'), 400, 'The profile was refused'],
  ])('refuses %s with a clear message and stores nothing', async (_what, profile, status, message) => {
    const user = await signedInUser(t.app);
    const kit = await kitAtLab(t.app, user.email);
    const res = await importProfile(kit.sampleIdentifier, profile);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
    expect(await t.database.db.select().from(labResults).where(eq(labResults.kitId, kit.id))).toEqual([]);
    const [row] = await t.database.db.select().from(kits).where(eq(kits.id, kit.id));
    expect(row?.sampleStatus).toBe('RECEIVED_BY_LAB');
  });

  it('refuses an unknown sample, a sample not at the lab, and a second import', async () => {
    expect((await importProfile('MBNOPE0000', SRR)).json().message).toBe('There is no sample MBNOPE0000.');
    const user = await signedInUser(t.app);
    const kit = await createKit(t.app, { ownerEmail: user.email });
    const early = await importProfile(kit.sampleIdentifier, SRR);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('is not at the lab');
    const atLab = await kitAtLab(t.app, user.email);
    expect((await importProfile(atLab.sampleIdentifier, SRR)).statusCode).toBe(201);
    expect((await importProfile(atLab.sampleIdentifier, SRR)).json().message).toBe(
      `Sample ${atLab.sampleIdentifier} already has results.`,
    );
  });

  it('needs the LAB_RESULTS authority', async () => {
    const user = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/results',
      headers: bearer(user.accessToken),
      payload: { sampleIdentifier: 'X', profile: SRR },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('reading and comparing reports', () => {
  it('compares two MetaPhlAn 3 reports and refuses a MetaPhlAn 3 against a 4 with code V12V2', async () => {
    const user = await signedInUser(t.app);
    const [a, b, c] = [
      await kitAtLab(t.app, user.email),
      await kitAtLab(t.app, user.email),
      await kitAtLab(t.app, user.email),
    ];
    await importProfile(a.sampleIdentifier, KEFIR_1, '2026-01-10');
    await importProfile(b.sampleIdentifier, KEFIR_2, '2026-04-10');
    expect((await importProfile(c.sampleIdentifier, MPA4, '2026-07-10')).json().version).toBe('v4');
    const compared = (
      await t.app.inject({
        url: `/api/reports/compare?primary=${a.sampleIdentifier}&secondary=${b.sampleIdentifier}`,
        headers: bearer(user.accessToken),
      })
    ).json();
    expect(compared.comparable).toBe(true);
    expect(compared.brayCurtis).toBeGreaterThan(0);
    expect(compared.brayCurtis).toBeLessThan(1);
    const incompatible = (
      await t.app.inject({
        url: `/api/reports/compare?primary=${a.sampleIdentifier}&secondary=${c.sampleIdentifier}`,
        headers: bearer(user.accessToken),
      })
    ).json();
    expect(incompatible).toEqual({ comparable: false, code: 'V12V2' });
    const pdf = await t.app.inject({
      url: `/api/reports/compare.pdf?primary=${a.sampleIdentifier}&secondary=${b.sampleIdentifier}`,
      headers: bearer(user.accessToken),
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("refuses another person's report", async () => {
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const kit = await kitAtLab(t.app, owner.email);
    await importProfile(kit.sampleIdentifier, SRR);
    for (const url of [`/api/reports/${kit.sampleIdentifier}`, `/api/reports/${kit.sampleIdentifier}/pdf`]) {
      const res = await t.app.inject({ url, headers: bearer(stranger.accessToken) });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ url: '/api/reports', headers: bearer(stranger.accessToken) })).json(),
    ).toEqual([]);
  });

  it('refuses a minor without parental consent with the report-permission text', async () => {
    const minor = await signedInUser(t.app, { underAge: true, dob: '2012-01-01' });
    const kit = await kitAtLab(t.app, minor.email);
    await importProfile(kit.sampleIdentifier, SRR);
    const res = await t.app.inject({
      url: `/api/reports/${kit.sampleIdentifier}`,
      headers: bearer(minor.accessToken),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(REPORT_NOT_PERMITTED);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/consent-review',
      headers: ops,
      payload: { email: minor.email, approve: true },
    });
    const allowed = await t.app.inject({
      url: `/api/reports/${kit.sampleIdentifier}`,
      headers: bearer(minor.accessToken),
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('answers 503 while the report service is down', async () => {
    const down = await createTestApp({ REPORTS_UNAVAILABLE: 'true' });
    try {
      const user = await signedInUser(down.app);
      const res = await down.app.inject({ url: '/api/reports', headers: bearer(user.accessToken) });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await down.close();
    }
  });
});
