import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kits, labResults, outbox } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';

const data = new URL('../../../../../packages/domain/test-data/report/gmwi2/', import.meta.url);
const SRR = fs.readFileSync(new URL('SRR1761667_metaphlan.txt', data), 'utf8');
const KEFIR = fs.readFileSync(new URL('kefir/Subj001_time1_S1_metaphlan.txt', data), 'utf8');
const READY = 'Your microbiome report is ready';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_TYPE: 'RESEARCH', VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: ops, payload });

/** A kit of a new project delivering results this way, owned by `email`, with results imported. */
async function kitWithResults(email: string, resultDeliveryType: string, profile: string, date: string) {
  const project = (
    await admin('POST', '/api/admin/projects', {
      name: `Study ${resultDeliveryType}`,
      logisticType: 'LAB_MANAGED',
      resultDeliveryType,
    })
  ).json();
  const [kit] = (
    await admin('POST', '/api/admin/kits', { count: 1, ownerEmail: email, projectId: project.id })
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
    displayDate: date,
  });
  expect(imported.statusCode, imported.body).toBe(201);
  return kit as { id: number; sampleIdentifier: string };
}

describe('results of a project that delivers none (NO_DELIVERY)', () => {
  it('stores them for staff but never shows, sends or emails them to the participant', async () => {
    const person = await signedInUser(t.app, { dob: '1990-01-01', type: 'RESEARCH' });
    const delivered = await kitWithResults(person.email, 'PORTAL', KEFIR, '2026-01-10');
    const withheld = await kitWithResults(person.email, 'NO_DELIVERY', SRR, '2026-02-10');

    // Staff keep the results: stored, and the sample's status says so.
    const [row] = await t.database.db.select().from(kits).where(eq(kits.id, withheld.id));
    expect(row?.sampleStatus).toBe('RESULTS_AVAILABLE');
    expect(
      await t.database.db.select().from(labResults).where(eq(labResults.kitId, withheld.id)),
    ).toHaveLength(1);

    // No 'report is ready' email for the withheld kit; the delivered one still gets its email.
    const ready = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, person.email), eq(outbox.subject, READY)));
    expect(ready).toHaveLength(1);
    expect(ready[0]?.text).toContain(delivered.sampleIdentifier);
    expect(ready[0]?.text).not.toContain(withheld.sampleIdentifier);

    // Nor is a report promised when the sample reaches the lab.
    const received = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, person.email), eq(outbox.subject, 'We have received your sample')));
    const promise = 'We will email you as soon as it is ready.';
    const about = (sample: string) => received.find((m) => m.text.includes(sample))?.text;
    expect(about(delivered.sampleIdentifier)).toContain(promise);
    expect(about(withheld.sampleIdentifier)).not.toContain(promise);

    const get = (url: string) => t.app.inject({ url, headers: bearer(person.accessToken) });
    const list = await get('/api/reports');
    expect(list.json().map((r: { kitId: number }) => r.kitId)).toEqual([delivered.id]);
    for (const url of [
      `/api/reports/${withheld.sampleIdentifier}`,
      `/api/reports/${withheld.sampleIdentifier}/pdf`,
      `/api/reports/compare?primary=${delivered.sampleIdentifier}&secondary=${withheld.sampleIdentifier}`,
      `/api/reports/compare?primary=${withheld.sampleIdentifier}&secondary=${delivered.sampleIdentifier}`,
      `/api/reports/compare.pdf?primary=${delivered.sampleIdentifier}&secondary=${withheld.sampleIdentifier}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('%PDF');
    }
    expect((await get(`/api/reports/${delivered.sampleIdentifier}`)).statusCode).toBe(200);
  });
});
