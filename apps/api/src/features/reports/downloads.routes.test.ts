import fs from 'node:fs';
import { REPORT_MESSAGES, REPORT_NOT_PERMITTED } from '@portal/domain';
import { parseMetaphlanProfile, TAXA_CSV_HEADER } from '@portal/domain/report';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonationAudit, labResults } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';

const data = new URL('../../../../../packages/domain/test-data/report/', import.meta.url);
const read = (path: string) => fs.readFileSync(new URL(path, data), 'utf8');
const MPA3 = read('gmwi2/SRR1761667_metaphlan.txt');
const MPA4 = read('edge/metaphlan4-voct22-gmhi.txt');
const MPA4_JAN21 = read('edge/metaphlan4-vjan21.txt');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_TYPE: 'RESEARCH', VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: ops, payload });

/** A kit owned by `email` (in a project delivering results this way when given) with `profile` imported. */
async function kitWithResults(email: string, profile: string, resultDeliveryType?: string) {
  const project = resultDeliveryType
    ? (
        await admin('POST', '/api/admin/projects', {
          name: `Study ${resultDeliveryType}`,
          logisticType: 'LAB_MANAGED',
          resultDeliveryType,
        })
      ).json()
    : null;
  const [kit] = (
    await admin('POST', '/api/admin/kits', {
      count: 1,
      ownerEmail: email,
      ...(project ? { projectId: project.id } : {}),
    })
  ).json();
  for (const step of [
    { kitStatus: 'REQUESTED' },
    { kitStatus: 'DISPATCHED_BY_LAB' },
    { sampleStatus: 'RECEIVED_BY_LAB' },
  ])
    await admin('PATCH', `/api/admin/kits/${kit.id}`, step);
  const imported = await admin('POST', '/api/admin/results', {
    sampleIdentifier: kit.sampleIdentifier,
    profile,
    displayDate: '2026-05-01',
  });
  expect(imported.statusCode, imported.body).toBe(201);
  return kit as { id: number; sampleIdentifier: string };
}

const person = () => signedInUser(t.app, { dob: '1990-01-01', type: 'RESEARCH' });
const get = (url: string, token?: string) =>
  t.app.inject({ url, ...(token ? { headers: bearer(token) } : {}) });

describe.each([
  ['MetaPhlAn 3 (mpa_v30)', MPA3],
  ['MetaPhlAn 4 (mpa_vOct22)', MPA4],
])('downloads of a %s report', (_name, profile) => {
  it("gives the owner the lab's original profile and the taxa CSV as attachments", async () => {
    const owner = await person();
    const kit = await kitWithResults(owner.email, profile);
    const sample = kit.sampleIdentifier;

    const original = await get(`/api/reports/${sample.toLowerCase()}/metaphlan.txt`, owner.accessToken);
    expect(original.statusCode, original.body).toBe(200);
    expect(original.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(original.headers['content-disposition']).toBe(`attachment; filename="${sample}_metaphlan.txt"`);
    expect(original.body).toBe(profile);

    const csv = await get(`/api/reports/${sample}/taxa.csv`, owner.accessToken);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${sample}_taxa.csv"`);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(TAXA_CSV_HEADER.join(','));
    expect(lines).toHaveLength(parseMetaphlanProfile(profile).taxa.length + 1);
    expect(lines.filter((l) => /^species,.*,\d+(\.\d)?$/.test(l)).length).toBeGreaterThan(0);
  });

  it('refuses everyone else: another person 404, no token 401, nothing of a NO_DELIVERY project', async () => {
    const owner = await person();
    const kit = await kitWithResults(owner.email, profile);
    const stranger = await person();
    for (const file of ['metaphlan.txt', 'taxa.csv']) {
      const url = `/api/reports/${kit.sampleIdentifier}/${file}`;
      const other = await get(url, stranger.accessToken);
      expect(other.statusCode).toBe(404);
      expect(other.body).not.toContain('k__Bacteria');
      expect((await get(url)).statusCode).toBe(401);
    }
    const withheld = await kitWithResults(owner.email, profile, 'NO_DELIVERY');
    for (const file of ['metaphlan.txt', 'taxa.csv']) {
      const res = await get(`/api/reports/${withheld.sampleIdentifier}/${file}`, owner.accessToken);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(REPORT_MESSAGES.notFound);
    }
  });

  it("lets a support view read them (read-only), audited in the person's list of who viewed their data", async () => {
    const owner = await person();
    const kit = await kitWithResults(owner.email, profile);
    const support = await signedInUser(t.app, {
      authorities: ['IMPERSONATE'],
      firstName: 'Sam',
      lastName: 'Helper',
    });
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(support.accessToken),
      payload: { username: owner.email },
    });
    const token = view.json().access_token as string;
    const res = await get(`/api/reports/${kit.sampleIdentifier}/taxa.csv`, token);
    expect(res.statusCode, res.body).toBe(200);
    const audited = await t.database.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.subjectId, owner.id));
    expect(audited.map((a) => a.route)).toContain('/api/reports/:sample/taxa.csv');
    const views = (await get('/api/users/me/support-views', owner.accessToken)).json();
    expect(views.views[0]).toMatchObject({
      supportName: 'Sam Helper',
      what: 'A report’s table of taxa (download)',
    });
  });
});

describe('downloads of a minor', () => {
  it('are refused without parental consent, with the report-permission text, and given after it', async () => {
    const minor = await signedInUser(t.app, { underAge: true, dob: '2012-01-01', type: 'RESEARCH' });
    const kit = await kitWithResults(minor.email, MPA3);
    const url = `/api/reports/${kit.sampleIdentifier}/taxa.csv`;
    const refused = await get(url, minor.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REPORT_NOT_PERMITTED);
    expect(
      (await get(`/api/reports/${kit.sampleIdentifier}/metaphlan.txt`, minor.accessToken)).statusCode,
    ).toBe(403);
    await admin('POST', '/api/admin/consent-review', { email: minor.email, approve: true });
    expect((await get(url, minor.accessToken)).statusCode).toBe(200);
  });
});

describe('the report carries its explanations', () => {
  it('stores the GMWI2 contributions, the GMHI explanation and the reference set at import', async () => {
    const owner = await person();
    const kit = await kitWithResults(owner.email, MPA3);
    const [row] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, kit.id));
    const stored = row?.report as Record<string, { taxa?: unknown[]; score?: number } | null>;
    expect(stored.gmwi2Contributions?.taxa).toHaveLength(22);

    const res = await get(`/api/reports/${kit.sampleIdentifier}`, owner.accessToken);
    expect(res.statusCode).toBe(200);
    const { report } = res.json();
    expect(report.gmwi2Contributions.score).toBeCloseTo(1.4017773651306447, 12);
    expect(report.gmwi2Contributions.groups.map((g: { title: string }) => g.title)).toEqual([
      'Linked with health',
      'Linked with disease',
    ]);
    expect(report.gmhiExplanation.score).toBe(report.indices.gmhi.value);
    // What a percentile means is looked up where shown (percentileExplanation), not stored (decision 027).
    expect(report.reference).toEqual({ name: expect.any(String), size: 2754 });
  });

  it('says why a MetaPhlAn 4 (mpa_vJan21) report has no GMWI2, and explains its GMHI', async () => {
    const owner = await person();
    const kit = await kitWithResults(owner.email, MPA4_JAN21);
    const { report } = (await get(`/api/reports/${kit.sampleIdentifier}`, owner.accessToken)).json();
    expect(report.version).toBe('v4');
    expect(report.gmwi2Contributions).toBeNull();
    expect(report.indices.gmwi2.reading).toMatch(/^GMWI2 is not computed for this lab version: .*mpa_vJan21/);
    expect(report.gmhiExplanation.healthScarce.species.map((s: { name: string }) => s.name)).toContain(
      'Clostridium_bolteae',
    );
  });
});
