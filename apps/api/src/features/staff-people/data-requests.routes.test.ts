import { CALLER_CHECK_IDS, PEOPLE_MESSAGES, type StaffRole } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closureRequests, dataExports, staffAudit } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, PASSWORD, signedInUser, type TestApp } from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';

/**
 * Support starts an export or a closure for a request by phone (issues 23 and 24): the portal's own
 * export and closure, audited, and refused for a staff account, a closed account and an export already
 * being prepared, with nothing changed.
 */
let t: TestApp;
let support: Awaited<ReturnType<typeof signedInStaff>>;

const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const callerChecks = [...CALLER_CHECK_IDS];
const exportFor = (id: string, token = support.accessToken, checks: unknown = callerChecks) =>
  post(`/api/staff/people/${id}/export`, token, { callerChecks: checks });
const closeFor = (
  id: string,
  scope: unknown = 'RESEARCH',
  token = support.accessToken,
  checks: unknown = callerChecks,
) => post(`/api/staff/people/${id}/closure`, token, { scope, callerChecks: checks });

const exportsOf = (userId: string) =>
  t.database.db.select().from(dataExports).where(eq(dataExports.userId, userId));
const auditOf = (subjectId: string, action: string) =>
  t.database.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.subjectId, subjectId), eq(staffAudit.action, action)));
const mailTo = async (email: string) =>
  (await t.app.inject({ url: `/api/admin/mail?to=${encodeURIComponent(email)}`, headers: ops })).json() as {
    subject: string;
  }[];
const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });

beforeAll(async () => {
  // The export and the closure run as real jobs of the queue, as in production.
  t = await createTestApp({}, { workJobs: true, jobTuning: { pollingIntervalSeconds: 0.5 } });
  support = await signedInStaff(t.app, ['SUPPORT']);
}, 60_000);
afterAll(() => t.close());

describe('support starts an export for a request by phone', () => {
  it('builds it as when the person asks: they get the email and download it signed in', async () => {
    const person = await signedInUser(t.app);
    const res = await exportFor(person.id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ message: PEOPLE_MESSAGES.exportStarted, export: { state: 'QUEUED' } });
    const id = res.json().export.id as string;
    expect(await auditOf(person.id, 'person.export.start')).toMatchObject([
      { actorId: support.id, entity: 'data_export', entityId: id, after: { callerChecks } },
    ]);

    const deadline = Date.now() + 30_000;
    let state = '';
    while (state !== 'READY' && Date.now() < deadline) {
      state = (
        await t.app.inject({ url: `/api/me/exports/${id}`, headers: bearer(person.accessToken) })
      ).json().state;
      if (state !== 'READY') await new Promise((r) => setTimeout(r, 200));
    }
    expect(state).toBe('READY');
    const subjects = (await mailTo(person.email)).map((m) => m.subject);
    expect(subjects.some((s) => s.includes('ready to download'))).toBe(true);
    const file = await t.app.inject({
      url: `/api/me/exports/${id}/download`,
      headers: bearer(person.accessToken),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/zip');

    // "Start an export" clicked again: the same export, no second email (issue 34 item 13).
    const twice = await exportFor(person.id);
    expect(twice.statusCode, twice.body).toBe(202);
    expect(twice.json()).toMatchObject({ message: PEOPLE_MESSAGES.exportAlreadyStarted, export: { id } });
    expect(await exportsOf(person.id)).toHaveLength(1);
    expect(await auditOf(person.id, 'person.export.start')).toHaveLength(1);
    const readyMails = (await mailTo(person.email)).filter((m) => m.subject.includes('ready to download'));
    expect(readyMails).toHaveLength(1);

    // The person reads it in plain words.
    const mine = (await t.app.inject({ url: '/api/me/audit', headers: bearer(person.accessToken) })).json();
    expect(mine.entries[0]).toMatchObject({
      who: 'Sam',
      what: 'Started an export of your data, as you asked',
    });
  });

  it('answers the export already being prepared instead of a second one, and changes nothing', async () => {
    const person = await signedInUser(t.app);
    // Being prepared, with no job to finish it during the test.
    await t.database.db.insert(dataExports).values({ userId: person.id });
    const [a, b] = await Promise.all([exportFor(person.id), exportFor(person.id)]);
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe(PEOPLE_MESSAGES.exportInProgress);
    }
    expect(await exportsOf(person.id)).toHaveLength(1);
    expect(await auditOf(person.id, 'person.export.start')).toEqual([]);
  });

  it('needs every item of the caller-identity checklist, for an export and a closure; nothing starts without', async () => {
    const person = await signedInUser(t.app);
    for (const checks of [null, [], ['NAME', 'EMAIL'], [...callerChecks, 'SHOE_SIZE']]) {
      const exported = await exportFor(person.id, support.accessToken, checks);
      expect(exported.statusCode).toBe(400);
      expect(exported.json().message).toBe(PEOPLE_MESSAGES.callerChecksRequired);
      const closed = await closeFor(person.id, 'RESEARCH', support.accessToken, checks);
      expect(closed.statusCode).toBe(400);
    }
    expect(await exportsOf(person.id)).toEqual([]);
    expect((await login(person.email)).statusCode).toBe(200);
  });

  it('refuses a staff account, and an unknown or malformed id', async () => {
    const colleague = await signedInStaff(t.app, ['LAB']);
    const res = await exportFor(colleague.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PEOPLE_MESSAGES.staffAccount);
    expect(await exportsOf(colleague.id)).toEqual([]);
    expect((await exportFor('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await exportFor('not-an-id')).statusCode).toBe(400);
  });
});

describe('support closes an account for a request by phone', () => {
  it('closes it with the scope the person chose, without a password; they cannot sign in', async () => {
    const person = await signedInUser(t.app);
    const res = await closeFor(person.id, 'EVERYTHING');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      message: PEOPLE_MESSAGES.closureStarted,
      closure: { scope: 'EVERYTHING', state: 'RECEIVED' },
    });
    expect((await login(person.email)).statusCode).toBe(401);
    const [request] = await t.database.db
      .select()
      .from(closureRequests)
      .where(eq(closureRequests.userId, person.id));
    expect(request).toMatchObject({ scope: 'EVERYTHING', requestedBy: 'OPERATOR' });
    const [entry] = await auditOf(person.id, 'person.close');
    expect(entry).toMatchObject({
      actorId: support.id,
      entity: 'closure_request',
      entityId: request?.id,
      after: { callerChecks },
    });
    // The entry outlives the closure: it names no one.
    expect(JSON.stringify(entry)).not.toContain(person.email);

    // Closed: a second closure and an export are refused, and nothing changes.
    const again = await closeFor(person.id, 'RESEARCH');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PEOPLE_MESSAGES.alreadyClosed);
    const exported = await exportFor(person.id);
    expect(exported.statusCode).toBe(409);
    expect(exported.json().message).toBe(PEOPLE_MESSAGES.alreadyClosed);
    expect(await exportsOf(person.id)).toEqual([]);
    expect(await auditOf(person.id, 'person.close')).toHaveLength(1);
    const [still] = await t.database.db
      .select()
      .from(closureRequests)
      .where(eq(closureRequests.userId, person.id));
    expect(still?.scope).toBe('EVERYTHING');
  });

  it('needs a scope, and refuses a staff account', async () => {
    const person = await signedInUser(t.app);
    const none = await post(`/api/staff/people/${person.id}/closure`, support.accessToken, { callerChecks });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('Please choose what we should do.');
    expect((await login(person.email)).statusCode).toBe(200);
    const colleague = await signedInStaff(t.app, ['STUDY']);
    const staffRes = await closeFor(colleague.id);
    expect(staffRes.statusCode).toBe(400);
    expect(staffRes.json().message).toBe(PEOPLE_MESSAGES.staffAccount);
    expect((await login(colleague.email)).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(closureRequests).where(eq(closureRequests.userId, colleague.id)),
    ).toEqual([]);
  });
});

describe('who may start them', () => {
  it('ADMIN may; a customer and every other staff role are refused, and nothing changes', async () => {
    const person = await signedInUser(t.app);
    const refused: string[] = [];
    for (const role of ['LOGISTICS', 'LAB', 'STUDY'] satisfies StaffRole[]) {
      const staff = await signedInStaff(t.app, [role]);
      refused.push(staff.accessToken);
    }
    refused.push(person.accessToken, (await signedInUser(t.app)).accessToken);
    for (const token of refused) {
      expect((await exportFor(person.id, token)).statusCode).toBe(403);
      expect((await closeFor(person.id, 'RESEARCH', token)).statusCode).toBe(403);
    }
    expect(await exportsOf(person.id)).toEqual([]);
    expect((await login(person.email)).statusCode).toBe(200);

    const admin = await signedInStaff(t.app, ['ADMIN']);
    const started = await exportFor(person.id, admin.accessToken);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().message).toBe(PEOPLE_MESSAGES.exportStarted);
    expect((await closeFor(person.id, 'RESEARCH', admin.accessToken)).statusCode).toBe(202);
  });
});
