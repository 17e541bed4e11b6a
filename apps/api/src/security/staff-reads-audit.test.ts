import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentFormPdf } from '../adapters/pdf/consent-form.ts';
import { staffAudit } from '../db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestApp,
  ops,
  putProfile,
  signedInUser,
  TEST_PROFILE,
  type TestApp,
} from '../test/helpers.ts';
import { signedInStaff, staffBeforeSecondFactor } from '../test/staff.ts';
import { AUTHORIZATION_MATRIX } from './authorization-matrix.ts';

// Issue 32: every staff read of personal data is written to the staff audit log. This suite walks every
// GET route of the console in the OpenAPI document as an ADMIN (who passes them all), on data that names
// one person throughout. A route in PERSONAL must write an audit entry by the reader; any other route
// must answer without that person's email or name. So a new route that shows personal data without
// writing its audit entry fails here, whichever list it is left out of.

/** The console's GET routes whose answer holds a person's data, each with the URL the walk asks. */
const PERSONAL: Record<string, (f: Fixture) => string> = {
  'GET /api/staff/audit': () => '/api/staff/audit',
  'GET /api/staff/audit.csv': () => '/api/staff/audit.csv',
  'GET /api/staff/people/{id}/notes': (f) => `/api/staff/people/${f.personId}/notes`,
  'GET /api/staff/people': (f) => `/api/staff/people?q=${encodeURIComponent(f.email)}`,
  'GET /api/staff/people/{id}': (f) => `/api/staff/people/${f.personId}`,
  'GET /api/staff/people/{id}/consent-form': (f) => `/api/staff/people/${f.minorId}/consent-form`,
  'GET /api/staff/kits': (f) => `/api/staff/kits?q=${encodeURIComponent(f.email)}`,
  'GET /api/staff/kits/by-code/{code}': (f) => `/api/staff/kits/by-code/KIT-${f.kitId}`,
  'GET /api/staff/kits/{kitId}': (f) => `/api/staff/kits/${f.kitId}`,
  'GET /api/staff/kits/dispatch-documents.pdf': (f) =>
    `/api/staff/kits/dispatch-documents.pdf?kind=slip&ids=${f.kitId}`,
  'GET /api/staff/results/awaiting-release': () => '/api/staff/results/awaiting-release',
  'GET /api/staff/lab/quarantine': () => '/api/staff/lab/quarantine',
  'GET /api/staff/queues': () => '/api/staff/queues',
  'GET /api/staff/orders': (f) => `/api/staff/orders?q=${encodeURIComponent(f.email)}`,
  'GET /api/staff/subscriptions': (f) => `/api/staff/subscriptions?q=${encodeURIComponent(f.email)}`,
  'GET /api/staff/projects/{projectId}/participant-codes': (f) =>
    `/api/staff/projects/${f.projectId}/participant-codes`,
  'GET /api/staff/recruitments/{recruitmentId}/candidates': (f) =>
    `/api/staff/recruitments/${f.recruitmentId}/candidates`,
  'GET /api/staff/study/kits/{kitId}': (f) => `/api/staff/study/kits/${f.studyKitId}`,
};

type Fixture = {
  personId: string;
  email: string;
  minorId: string;
  kitId: number;
  projectId: number;
  recruitmentId: number;
  siteId: number;
  studyKitId: number;
};

/** The person's name and email, which only PERSONAL routes may answer with. */
const FIRST = 'Zenobia';
const LAST = 'Quillfeather';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let f: Fixture;
let gets: string[];

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin.accessToken), ...(payload ? { payload } : {}) });

/** A URL for a route that is not in PERSONAL: its path parameters filled from the fixture. */
function concrete(path: string) {
  const values: Record<string, string | number> = {
    id: f.personId,
    kitId: f.kitId,
    projectId: f.projectId,
    recruitmentId: f.recruitmentId,
    siteId: f.siteId,
    code: `KIT-${f.kitId}`,
  };
  const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? 'X'));
  if (path === '/api/staff/study/kits/labels.pdf') return `${url}?kits=${f.studyKitId}`;
  return url;
}

beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000' });
  admin = await signedInStaff(t.app, ['ADMIN']);
  const person = await signedInUser(t.app, { firstName: FIRST, lastName: LAST });
  const saved = await putProfile(t.app, person.accessToken, {
    ...TEST_PROFILE,
    firstName: FIRST,
    lastName: LAST,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const minor = await signedInUser(t.app, { underAge: true, firstName: FIRST, lastName: LAST });
  const boundary = '----auditwalk';
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/users/me/parental-consent/form',
    headers: { ...bearer(minor.accessToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="form.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      await consentFormPdf('Microbiome Lab', 'info@microbiome.example'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
  const kit = await createKit(t.app, { ownerEmail: person.email });
  await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/kits/${kit.id}`,
    headers: ops,
    payload: { kitStatus: 'REQUESTED' },
  });
  const project = await asAdmin('POST', '/api/staff/projects', {
    name: 'Audit walk study',
    logisticType: 'CLIENT_MANAGED',
    surveys: ['food'],
    contactName: 'Dr Who',
    email: 'study@example.com',
  });
  const projectId = project.json().id as number;
  await asAdmin('POST', `/api/staff/projects/${projectId}/participant-codes`, { email: person.email });
  const recruitment = await asAdmin('POST', '/api/staff/recruitments', {
    title: 'Audit walk recruitment',
    consents: [{ title: 'Study', htmlContent: '<p>Study</p>', agreeLabel: 'Yes', disagreeLabel: 'No' }],
  });
  const recruitmentId = recruitment.json().id as number;
  await asAdmin('POST', `/api/staff/recruitments/${recruitmentId}/candidates`, {
    email: person.email,
    firstName: FIRST,
    lastName: LAST,
  });
  const site = await asAdmin('POST', '/api/staff/study/sites', {
    name: 'Audit site',
    timezone: 'Australia/Perth',
  });
  const siteId = site.json().id as number;
  const studyKits = await asAdmin('POST', `/api/staff/study/sites/${siteId}/kits`, {
    kitType: 'ORBITM_B_KIT',
    count: 1,
  });
  f = {
    personId: person.id,
    email: person.email,
    minorId: minor.id,
    kitId: kit.id,
    projectId,
    recruitmentId,
    siteId,
    studyKitId: studyKits.json().kits[0].id,
  };
  for (const res of [project, recruitment, site, studyKits]) expect(res.statusCode, res.body).toBe(201);
  const spec = (await t.app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  gets = Object.entries(spec.paths).flatMap(([path, methods]) =>
    'get' in methods && AUTHORIZATION_MATRIX[`GET ${path}`]?.kind === 'staff' ? [`GET ${path}`] : [],
  );
}, 120_000);
afterAll(() => t.close());

/** Audit entries written by the admin after `since` (the database's clock). */
const writtenSince = (since: string) =>
  t.database.db
    .select({ action: staffAudit.action })
    .from(staffAudit)
    .where(and(eq(staffAudit.actorId, admin.id), gt(staffAudit.at, sql`${since}::timestamptz`)));

const now = async () =>
  (
    (await t.database.db.execute(sql`select clock_timestamp()::text as at`)) as unknown as {
      rows: { at: string }[];
    }
  ).rows[0]?.at ?? '';

describe('staff reads of personal data', () => {
  it('lists only console GET routes that exist', () => {
    expect(gets.length).toBeGreaterThan(20);
    for (const key of Object.keys(PERSONAL)) expect(gets, key).toContain(key);
  });

  it('writes an audit entry for every read of personal data', async () => {
    for (const key of Object.keys(PERSONAL)) {
      const since = await now();
      const res = await asAdmin('GET', PERSONAL[key]?.(f) ?? '');
      expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(await writtenSince(since), `${key} wrote no audit entry`).not.toEqual([]);
    }
  });

  it('answers every other console GET route without the person’s email or name', async () => {
    for (const key of gets.filter((k) => !(k in PERSONAL))) {
      const res = await asAdmin('GET', concrete(key.slice(4)));
      expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      for (const secret of [f.email, FIRST, LAST])
        expect(res.body.includes(secret), `${key} shows personal data without an audit entry`).toBe(false);
    }
  });

  it('audits the start of an authenticator set-up, which shows the secret', async () => {
    const staff = await staffBeforeSecondFactor(t.app, ['LAB']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/second-factor/totp',
      headers: bearer(staff.accessToken),
    });
    expect(res.statusCode).toBe(200);
    const entries = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.actorId, staff.id), eq(staffAudit.action, 'staff.second_factor.begin')));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(res.json().secret);
  });
});
