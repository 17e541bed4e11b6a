import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kits, labResults, outbox } from '../../db/schema/index.ts';
import {
  bearer,
  createProject,
  createTestApp,
  kitWithResults,
  reportProfile,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';

const SRR = reportProfile('gmwi2/SRR1761667_metaphlan.txt');
const KEFIR = reportProfile('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');
const READY = 'Your microbiome report is ready';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_TYPE: 'RESEARCH', VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

/** A kit of a new project delivering results this way, owned by `email`, with results imported. */
async function kitOfProject(email: string, resultDeliveryType: string, profile: string, displayDate: string) {
  const project = await createProject(t.app, { name: `Study ${resultDeliveryType}`, resultDeliveryType });
  return kitWithResults(t.app, email, profile, { displayDate, projectId: project.id });
}

describe('results of a project that delivers none (NO_DELIVERY)', () => {
  it('stores them for staff but never shows, sends or emails them to the participant', async () => {
    const person = await signedInUser(t.app, { dob: '1990-01-01', type: 'RESEARCH' });
    const delivered = await kitOfProject(person.email, 'PORTAL', KEFIR, '2026-01-10');
    const withheld = await kitOfProject(person.email, 'NO_DELIVERY', SRR, '2026-02-10');

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
