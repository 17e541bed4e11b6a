import { encodeParticipantCode, STUDY_MESSAGES } from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kits, projects, staffAudit, studyKits } from '../../db/schema/index.ts';
import { bearer, createTestApp, signedInUser, type TestApp, uniqueEmail } from '../../test/helpers.ts';
import { readPdf } from '../../test/pdf-text.ts';
import { signedInStaff } from '../../test/staff.ts';

let t: TestApp;
let study: Awaited<ReturnType<typeof signedInStaff>>;

const get = (url: string, token = study.accessToken) => t.app.inject({ url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT', url: string, payload: object, token = study.accessToken) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const post = (url: string, payload: object, token?: string) => send('POST', url, payload, token);
const auditOf = async (entity: string, entityId: string) =>
  t.database.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.entity, entity), eq(staffAudit.entityId, entityId)))
    .orderBy(desc(staffAudit.at));

beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000' });
  study = await signedInStaff(t.app, ['STUDY']);
}, 60_000);
afterAll(() => t.close());

async function newProject(name = `Gut study ${Date.now().toString(36)}`) {
  const res = await post('/api/staff/projects', {
    name,
    logisticType: 'CLIENT_MANAGED',
    surveys: ['food', 'sampling'],
    contactName: 'Dr Who',
    email: 'study@example.com',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; participantCode: string; surveys: string[] };
}

describe('projects', () => {
  it('creates a project with its participant code and questionnaires, audited', async () => {
    const project = await newProject('Soup study');
    expect(project).toMatchObject({
      participantCode: encodeParticipantCode(project.id),
      surveys: ['food', 'sampling'],
      resultDeliveryType: 'PORTAL',
      kits: 0,
    });
    expect((await auditOf('project', String(project.id)))[0]).toMatchObject({
      action: 'project.create',
      actorId: study.id,
    });
    const listed = (await get('/api/staff/projects')).json();
    expect(listed.projects[0].id).toBe(project.id);
    expect(listed.projects.map((p: { id: number }) => p.id)).not.toContain(1);
    expect((await get('/api/staff/projects/1')).statusCode).toBe(404);
  });

  it('refuses a project without a name, with a bad email or an unknown questionnaire, creating nothing', async () => {
    const before = (await t.database.db.select().from(projects)).length;
    const cases: [object, string][] = [
      [{ name: ' ', logisticType: 'LAB_MANAGED' }, STUDY_MESSAGES.nameRequired],
      [
        { name: 'X', logisticType: 'LAB_MANAGED', email: 'not-an-email' },
        'Please enter a valid email address.',
      ],
      [{ name: 'X', logisticType: 'LAB_MANAGED', surveys: ['yoga'] }, 'Choose questionnaires from the list.'],
      [{ name: 'X', logisticType: 'BY_PIGEON' }, 'Choose who hands out the kits.'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/staff/projects', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message.toLowerCase()).toContain(message.toLowerCase());
    }
    expect((await t.database.db.select().from(projects)).length).toBe(before);
  });

  it('refuses a questionnaire change from a window that loaded an older version with 409 (issue 33 item 16)', async () => {
    const project = await newProject();
    const loaded = (await get(`/api/staff/projects/${project.id}`)).json().version as number;
    const first = await send('PUT', `/api/staff/projects/${project.id}/surveys`, {
      surveys: ['exercise'],
      version: loaded,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(loaded + 1);
    const [saved] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
    const stale = await send('PUT', `/api/staff/projects/${project.id}/surveys`, {
      surveys: ['food'],
      version: loaded,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STUDY_MESSAGES.staleProject);
    const [after] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
    expect(after).toEqual(saved);
    expect(await auditOf('project', String(project.id))).toHaveLength(2);
  });

  it('changes the questionnaires, audited with before and after', async () => {
    const project = await newProject();
    const { version } = (await get(`/api/staff/projects/${project.id}`)).json() as { version: number };
    // A change that does not name the version it loaded is refused as bad input, changing nothing.
    const unversioned = await send('PUT', `/api/staff/projects/${project.id}/surveys`, {
      surveys: ['exercise'],
    });
    expect(unversioned.statusCode).toBe(400);
    const res = await send('PUT', `/api/staff/projects/${project.id}/surveys`, {
      surveys: ['exercise', 'infant-medical-history'],
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().surveys).toEqual(['exercise', 'infant-medical-history']);
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({
      foodSurveyEnabled: false,
      exerciseSurveyEnabled: true,
      infantMedicalHistoryEnabled: true,
    });
    expect((await auditOf('project', String(project.id)))[0]).toMatchObject({
      action: 'project.surveys.change',
      before: { surveys: ['food', 'sampling'] },
      after: { surveys: ['exercise', 'infant-medical-history'] },
    });
    const bad = await send('PUT', `/api/staff/projects/${project.id}/surveys`, {
      surveys: ['nope'],
      version: version + 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await send('PUT', '/api/staff/projects/999999/surveys', { surveys: [], version: 1 })).statusCode,
    ).toBe(404);
  });

  it('makes a batch of vouchers and exports the list as CSV', async () => {
    const project = await newProject();
    const tooMany = await post(`/api/staff/projects/${project.id}/vouchers`, { count: 1001 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(STUDY_MESSAGES.voucherCount);
    const made = await post(`/api/staff/projects/${project.id}/vouchers`, { count: 3 });
    expect(made.statusCode, made.body).toBe(201);
    const { vouchers } = made.json() as { vouchers: { kitId: number; voucherCode: string }[] };
    expect(vouchers).toHaveLength(3);
    expect(vouchers[0]?.voucherCode).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{1,4})+$/);
    expect((await get(`/api/staff/projects/${project.id}`)).json()).toMatchObject({
      kits: 3,
      redeemedKits: 0,
    });

    const csv = await get(`/api/staff/projects/${project.id}/vouchers.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`vouchers-project-${project.id}.csv`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('kit_id,voucher,sample_id,kit_status,redeemed_at');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2))).toEqual(
      vouchers.map((v) => [String(v.kitId), v.voucherCode]),
    );
    expect(lines[1]).toMatch(/,UNASSIGNED,$/);
    const actions = (await auditOf('project', String(project.id))).map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['project.vouchers.export', 'project.vouchers.create']);
    const theirs = await t.database.db.select().from(kits).where(eq(kits.projectId, project.id));
    expect(theirs).toHaveLength(3);
  });

  it('issues a participant code for one email, lists it without the code, and keeps the code out of the log', async () => {
    const project = await newProject();
    const email = uniqueEmail('participant');
    const bad = await post(`/api/staff/projects/${project.id}/participant-codes`, { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    const res = await post(`/api/staff/projects/${project.id}/participant-codes`, { email });
    expect(res.statusCode, res.body).toBe(201);
    const { participantCode } = res.json();
    expect(participantCode).toMatch(/^[A-Z0-9]{6}$/i);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/research/register-check',
      payload: { participantIdentifier: participantCode, username: email },
    });
    expect(check.statusCode, check.body).toBe(200);
    const listed = (await get(`/api/staff/projects/${project.id}/participant-codes`)).json();
    expect(listed.codes).toEqual([expect.objectContaining({ email, usedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(participantCode);
    const [read, entry] = await auditOf('project', String(project.id));
    // The list shows emails, so reading it is audited too (issue 32).
    expect(read?.action).toBe('project.participant_codes.list');
    expect(entry).toMatchObject({ action: 'project.participant_code.issue', after: { email } });
    expect(JSON.stringify(entry)).not.toContain(participantCode);
  });

  it('pages projects by keyset', async () => {
    await t.database.db
      .insert(projects)
      .values(Array.from({ length: 30 }, (_, i) => ({ name: `Paged ${i}`, logisticType: 'LAB_MANAGED' })));
    const first = (await get('/api/staff/projects')).json();
    expect(first.projects).toHaveLength(25);
    const second = (await get(`/api/staff/projects?after=${first.next}`)).json();
    const ids = [...first.projects, ...second.projects].map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await get('/api/staff/projects?after=x')).json().message).toBe(STUDY_MESSAGES.badCursor);
  });
});

describe('sites and study kits', () => {
  it('creates a site in a time zone, refusing an unknown zone and a duplicate name', async () => {
    const name = `Site ${Date.now().toString(36)}`;
    const wrong = await post('/api/staff/study/sites', { name, timezone: 'Mars/Olympus_Mons' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('is not a time zone');
    const res = await post('/api/staff/study/sites', { name, timezone: 'Australia/Perth' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name, timezone: 'Australia/Perth', kits: 0 });
    expect((await auditOf('study_site', String(res.json().id)))[0]?.action).toBe('study_site.create');
    expect((await post('/api/staff/study/sites', { name, timezone: 'Australia/Perth' })).statusCode).toBe(
      409,
    );
    const sites = (await get('/api/staff/study/sites')).json();
    expect(sites.sites[0]).toMatchObject({ name });
  });

  it('makes a batch of kits, prints their labels with the form links, and shows a submitted requisition', async () => {
    const site = (
      await post('/api/staff/study/sites', { name: `Lab ${Date.now()}`, timezone: 'Australia/Sydney' })
    ).json();
    const tooMany = await post(`/api/staff/study/sites/${site.id}/kits`, {
      kitType: 'ORBITM_B_KIT',
      count: 501,
    });
    expect(tooMany.json().message).toBe(STUDY_MESSAGES.studyKitCount);
    expect(
      (await post('/api/staff/study/sites/999999/kits', { kitType: 'ORBITM_B_KIT', count: 1 })).statusCode,
    ).toBe(404);
    const res = await post(`/api/staff/study/sites/${site.id}/kits`, { kitType: 'ORBITM_B_KIT', count: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json().kits as { id: number; hashedId: string; formLink: string; tubes: string[] }[];
    expect(batch).toHaveLength(2);
    expect(batch[0]?.formLink).toBe(`http://localhost:3000/requisition/${batch[0]?.hashedId}`);
    expect(batch[0]?.tubes).toHaveLength(4);
    expect((await auditOf('study_site', String(site.id)))[0]).toMatchObject({ action: 'study_kits.create' });

    const ids = batch.map((k) => k.id).join(',');
    const pdf = await get(`/api/staff/study/kits/labels.pdf?kits=${ids}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { pages } = await readPdf(pdf.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Blood Kit');
    expect(pages[0]?.replace(/\s/g, '')).toContain(batch[0]?.formLink);
    expect(pages[1]).toContain(batch[1]?.tubes[0]);
    expect((await get('/api/staff/study/kits/labels.pdf?kits=1,x')).statusCode).toBe(400);
    expect((await get('/api/staff/study/kits/labels.pdf?kits=999999')).statusCode).toBe(404);

    const [kit] = batch;
    if (!kit) throw new Error('no kit');
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/requisition/kits',
      payload: {
        formType: 'requisition-form',
        kitHashedId: kit.hashedId,
        visitor: { externalReference: 'SUBJ-77', yearOfBirth: 1975, gender: 'FEMALE' },
        studyVisit: 'SV1',
        collections: [
          {
            kitHashedId: kit.hashedId,
            collectionDateAtSiteTimezone: '2026-03-01',
            collectionTimeAtSiteTimezone: '09:30',
          },
        ],
        note: 'Fasted',
        sampleReplacements: [],
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const detail = (await get(`/api/staff/study/kits/${kit.id}`)).json();
    expect(detail.kit.submittedAt).not.toBeNull();
    expect(detail.form).toMatchObject({
      visitor: { externalReference: 'SUBJ-77', yearOfBirth: 1975, gender: 'FEMALE' },
      studyVisit: 'SV1',
      note: 'Fasted',
      site: { timezone: 'Australia/Sydney' },
      surveyResults: [],
    });
    expect(detail.form.collections[0]).toMatchObject({ collectionTimeAtSiteTimezone: '09:30' });
    const listed = (await get(`/api/staff/study/sites/${site.id}/kits`)).json();
    expect(listed.kits.find((k: { id: number }) => k.id === kit.id)?.submittedAt).not.toBeNull();
    expect(listed.kits.find((k: { id: number }) => k.id !== kit.id)?.submittedAt).toBeNull();
    expect(
      (await get('/api/staff/study/sites')).json().sites.find((s: { id: number }) => s.id === site.id),
    ).toMatchObject({
      kits: 2,
      requisitions: 1,
    });
    expect((await get('/api/staff/study/kits/999999')).statusCode).toBe(404);
    const [stored] = await t.database.db.select().from(studyKits).where(eq(studyKits.id, kit.id));
    expect(stored?.siteId).toBe(site.id);
  });
});

describe('who may', () => {
  it('is for STUDY (and ADMIN): support and a customer are refused and nothing is created', async () => {
    const support = await signedInStaff(t.app, ['SUPPORT']);
    const customer = await signedInUser(t.app);
    const before = (await t.database.db.select().from(projects)).length;
    for (const token of [support.accessToken, customer.accessToken]) {
      const res = await post('/api/staff/projects', { name: 'Nope', logisticType: 'LAB_MANAGED' }, token);
      expect(res.statusCode).toBe(403);
    }
    expect((await t.database.db.select().from(projects)).length).toBe(before);
    const admin = await signedInStaff(t.app, ['ADMIN']);
    expect((await get('/api/staff/projects', admin.accessToken)).statusCode).toBe(200);
  });
});
