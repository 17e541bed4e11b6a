import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
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
import { signedInStaff } from '../../test/staff.ts';

const SRR = reportProfile('gmwi2/SRR1761667_metaphlan.txt');
const KEFIR = reportProfile('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');
const READY = 'Your microbiome report is ready';

let t: TestApp;
beforeAll(async () => {
  // The data export runs as a real job of the queue, as in production.
  t = await createTestApp(
    { APP_TYPE: 'RESEARCH', VOUCHER_RATE_LIMIT: '1000' },
    { workJobs: true, jobTuning: { pollingIntervalSeconds: 0.5 } },
  );
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

/** The person's data export, built by the queue, as its files' text. */
async function exportedFiles(token: string) {
  const started = await t.app.inject({ method: 'POST', url: '/api/me/exports', headers: bearer(token) });
  expect(started.statusCode).toBe(202);
  const { id } = started.json() as { id: string };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const now = (await t.app.inject({ url: `/api/me/exports/${id}`, headers: bearer(token) })).json();
    if (now.state === 'READY') break;
    if (now.state === 'FAILED' || Date.now() > deadline) throw new Error(`export ${JSON.stringify(now)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const zip = await t.app.inject({ url: `/api/me/exports/${id}/download`, headers: bearer(token) });
  const files = unzipSync(new Uint8Array(zip.rawPayload));
  return (path: string) => strFromU8(files[path] ?? new Uint8Array());
}

const REPORT_STATES = ['RESULTS_AVAILABLE', 'MICROBIOME_COACH_SESSION_COMPLETED'];
type ShownKit = { id: number; kitStatus: string; sampleStatus: string | null; displayDate: string | null };

describe('a kit whose project keeps its results (issue 33 item 9)', () => {
  it('reads as processing complete to the participant everywhere, and as it is to staff', async () => {
    const person = await signedInUser(t.app, { dob: '1990-01-01', type: 'RESEARCH' });
    const delivered = await kitOfProject(person.email, 'PORTAL', KEFIR, '2026-01-10');
    const withheld = await kitOfProject(person.email, 'NO_DELIVERY', SRR, '2026-02-10');
    const get = (url: string) => t.app.inject({ url, headers: bearer(person.accessToken) });

    // The kits list and My Research: where the lab's processing ended, no report date.
    const kitsList = (await get('/api/kits')).json() as ShownKit[];
    const research = (await get('/api/research/kits')).json() as { kits: ShownKit[] }[];
    for (const list of [kitsList, research.flatMap((p) => p.kits)]) {
      const kept = list.find((k) => k.id === withheld.id);
      expect(kept).toMatchObject({ kitStatus: 'PROCESSING', sampleStatus: 'COMPLETED', displayDate: null });
      // A kit whose results are delivered still says so.
      expect(list.find((k) => k.id === delivered.id)).toMatchObject({ sampleStatus: 'RESULTS_AVAILABLE' });
    }

    // The timeline has no results step.
    const timeline = (await get(`/api/kits/${withheld.id}/timeline`)).json() as { eventType: string }[];
    expect(timeline.length).toBeGreaterThan(1);
    expect(timeline.map((e) => e.eventType)).not.toContain('RESULTS_AVAILABLE');
    const deliveredTimeline = (await get(`/api/kits/${delivered.id}/timeline`)).json() as {
      eventType: string;
    }[];
    expect(deliveredTimeline.map((e) => e.eventType)).toContain('RESULTS_AVAILABLE');

    // The data export's kits.json says the same.
    const text = await exportedFiles(person.accessToken);
    const exported = JSON.parse(text('kits.json')).kits as (ShownKit & { timeline: { event: string }[] })[];
    const keptExport = exported.find((k) => k.id === withheld.id);
    expect(keptExport).toMatchObject({
      kitStatus: 'PROCESSING',
      sampleStatus: 'COMPLETED',
      displayDate: null,
    });
    for (const state of REPORT_STATES) {
      expect(keptExport?.timeline.map((e) => e.event)).not.toContain(state);
      for (const list of [kitsList, exported])
        expect(list.find((k) => k.id === withheld.id)?.kitStatus).not.toBe(state);
    }
    expect(exported.find((k) => k.id === delivered.id)?.sampleStatus).toBe('RESULTS_AVAILABLE');

    // Staff see the truth: the results are in, with their step on the timeline.
    const lab = await signedInStaff(t.app, ['LAB']);
    const detail = await t.app.inject({
      url: `/api/staff/kits/${withheld.id}`,
      headers: bearer(lab.accessToken),
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      kitStatus: 'RESULTS_AVAILABLE',
      sampleStatus: 'RESULTS_AVAILABLE',
    });
    expect(detail.json().events.map((e: { eventType: string }) => e.eventType)).toContain(
      'RESULTS_AVAILABLE',
    );
  });
});
