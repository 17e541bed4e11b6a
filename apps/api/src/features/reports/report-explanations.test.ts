import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labResults } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';

const MPA3 = fs.readFileSync(
  new URL('../../../../../packages/domain/test-data/report/gmwi2/SRR1761667_metaphlan.txt', import.meta.url),
  'utf8',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

async function importedReport(email: string) {
  const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: ops, payload });
  const [kit] = (await admin('POST', '/api/admin/kits', { count: 1, ownerEmail: email })).json();
  for (const step of [
    { kitStatus: 'REQUESTED' },
    { kitStatus: 'DISPATCHED_BY_LAB' },
    { sampleStatus: 'RECEIVED_BY_LAB' },
  ])
    await admin('PATCH', `/api/admin/kits/${kit.id}`, step);
  const imported = await admin('POST', '/api/admin/results', {
    sampleIdentifier: kit.sampleIdentifier,
    profile: MPA3,
    displayDate: '2026-05-01',
  });
  expect(imported.statusCode, imported.body).toBe(201);
  return kit as { id: number; sampleIdentifier: string };
}

describe('reports imported before the explanations were stored', () => {
  it('get them on the first read, saved so later reads only send them', async () => {
    const owner = await signedInUser(t.app);
    const kit = await importedReport(owner.email);
    await t.database.db
      .update(labResults)
      .set({
        report: sql`${labResults.report} - 'gmwi2Contributions' - 'gmhiExplanation' - 'reference'`,
        // The text beside it (decision 028) was written from the same report.
        reportText: sql`(${labResults.report} - 'gmwi2Contributions' - 'gmhiExplanation' - 'reference')::text`,
      })
      .where(eq(labResults.kitId, kit.id));

    const res = await t.app.inject({
      url: `/api/reports/${kit.sampleIdentifier}`,
      headers: bearer(owner.accessToken),
    });
    expect(res.statusCode).toBe(200);
    const { report } = res.json();
    expect(report.gmwi2Contributions.taxa).toHaveLength(22);
    expect(report.gmhiExplanation.score).toBe(report.indices.gmhi.value);
    expect(report.reference.size).toBe(2754);

    const [row] = await t.database.db.select().from(labResults).where(eq(labResults.kitId, kit.id));
    expect(row?.report).toEqual(report);
    expect(JSON.parse(row?.reportText ?? '')).toEqual(report);
  });
});
