import { AUDIT_MESSAGES, STAFF_MESSAGES } from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, staffAudit } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  notificationsOfKind,
  ops,
  PASSWORD,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';
import { signedInStaff, totpCode } from '../../test/staff.ts';

/** Issue 34 items 15 and 16: staff accounts enabled again, members told of changes, the audit log's filters. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;

const get = (url: string, token = admin.accessToken) => t.app.inject({ url, headers: bearer(token) });
const post = (url: string, payload?: object, token = admin.accessToken) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
const mailsTo = (to: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, ['ADMIN']);
}, 60_000);
afterAll(() => t.close());

describe('a disabled staff account', () => {
  it('cannot sign in, cannot be re-invited, and is enabled again with roles: it signs in as before, emailed', async () => {
    const lab = await signedInStaff(t.app, ['LAB']);
    expect((await post(`/api/staff/members/${lab.id}/disable`)).statusCode).toBe(204);
    const refused = await login(lab.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_MESSAGES.disabled);

    const reinvite = await t.app.inject({
      method: 'POST',
      url: '/api/staff/members',
      headers: bearer(admin.accessToken),
      payload: { email: lab.email, firstName: 'Sam', lastName: 'Again', roles: ['LAB'] },
    });
    expect(reinvite.statusCode).toBe(409);
    expect(reinvite.json().message).toBe(STAFF_MESSAGES.disabledInvite);

    const noRoles = await post(`/api/staff/members/${lab.id}/enable`, { roles: [] });
    expect(noRoles.statusCode).toBe(400);
    expect(noRoles.json().message).toBe(STAFF_MESSAGES.rolesRequired);
    expect((await login(lab.email)).statusCode).toBe(403);

    const enabled = await post(`/api/staff/members/${lab.id}/enable`, { roles: ['LAB', 'SUPPORT'] });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({ roles: ['LAB', 'SUPPORT'] });
    const list = (await get('/api/staff/members')).json().staff as { id: string; status: string }[];
    expect(list.find((m) => m.id === lab.id)).toMatchObject({ status: 'ACTIVE', roles: ['LAB', 'SUPPORT'] });
    const [mail] = await mailsTo(lab.email);
    expect(mail).toMatchObject({ kind: 'staff-account' });
    expect(mail?.subject).toContain('staff account is enabled again');
    expect(mail?.text).toContain('Your roles are now: Lab, Support.');
    const enabledNotices = await notificationsOfKind(
      t.database.db,
      { recipient: lab.email },
      'staff-enabled',
    );
    expect(enabledNotices).toHaveLength(1);
    expect(enabledNotices[0]).toMatchObject({
      userId: null,
      category: 'ACCOUNT',
      link: '/staff',
      channels: ['EMAIL'],
      mail: { id: mail?.id },
    });
    const [entry] = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.subjectId, lab.id), eq(staffAudit.action, 'staff.enable')));
    expect(entry).toMatchObject({
      actorId: admin.id,
      after: { roles: ['LAB', 'SUPPORT'], status: 'ACTIVE' },
    });

    // Signs in with the same password and authenticator app, into the console.
    const back = await login(lab.email);
    expect(back.statusCode, back.body).toBe(200);
    const token = back.json().access_token as string;
    const verified = await post(
      '/api/staff/second-factor/verify',
      { code: await totpCode(lab.secret, 1) },
      token,
    );
    expect(verified.statusCode, verified.body).toBeLessThan(300);
    expect((await get('/api/staff/session', token)).json()).toMatchObject({ secondFactorPassed: true });

    const again = await post(`/api/staff/members/${lab.id}/enable`, { roles: ['LAB'] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STAFF_MESSAGES.notDisabled);
  });

  it('is enabled by ADMIN only: another role and a customer are refused, nothing changes', async () => {
    const study = await signedInStaff(t.app, ['STUDY']);
    expect((await post(`/api/staff/members/${study.id}/disable`)).statusCode).toBe(204);
    const support = await signedInStaff(t.app, ['SUPPORT']);
    const customer = await signedInUser(t.app);
    for (const token of [support.accessToken, customer.accessToken])
      expect(
        (await post(`/api/staff/members/${study.id}/enable`, { roles: ['ADMIN'] }, token)).statusCode,
      ).toBe(403);
    expect((await login(study.email)).statusCode).toBe(403);
  });
});

describe('a role change', () => {
  it('emails the member their roles before and after; the same roles again send nothing', async () => {
    const member = await signedInStaff(t.app, ['LAB']);
    // Each change names the version it was made on (issue 33 item 16): the first is the member's own.
    let version = ((await get('/api/staff/members')).json().staff as { id: string; version: number }[]).find(
      (m) => m.id === member.id,
    )?.version;
    const put = async (roles: string[]) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/staff/members/${member.id}/roles`,
        headers: bearer(admin.accessToken),
        payload: { roles, version },
      });
      if (res.statusCode === 200) version = res.json().version;
      return res;
    };
    expect((await put(['LAB', 'LOGISTICS'])).statusCode).toBe(200);
    const [mail] = await mailsTo(member.email);
    expect(mail?.subject).toContain('staff roles have changed');
    expect(mail?.text).toContain('Your roles are now: Logistics, Lab.');
    expect(mail?.text).toContain('Before, they were: Lab.');
    const [rolesNotice] = await notificationsOfKind(
      t.database.db,
      { recipient: member.email },
      'staff-roles',
    );
    expect(rolesNotice).toMatchObject({
      category: 'ACCOUNT',
      subject: mail?.subject,
      link: '/staff',
      channels: ['EMAIL'],
      mail: { id: mail?.id, kind: 'staff-account' },
    });
    const count = (await mailsTo(member.email)).length;
    expect((await put(['LOGISTICS', 'LAB'])).statusCode).toBe(200);
    expect((await mailsTo(member.email)).length).toBe(count);
    expect(await notificationsOfKind(t.database.db, { recipient: member.email }, 'staff-roles')).toHaveLength(
      1,
    );
  });
});

describe('the audit log', () => {
  it("filters by action (or its start) and by the person an entry is about, whatever the record's kind", async () => {
    const person = await signedInUser(t.app, { firstName: 'Audrey', lastName: 'Subject' });
    const support = await signedInStaff(t.app, ['SUPPORT']);
    // An entry on their user record, and one under another record kind with them as subject.
    await post(`/api/staff/people/${person.id}/notes`, { body: 'Called.' }, support.accessToken);
    const closed = await post(
      `/api/staff/people/${person.id}/closure`,
      { scope: 'RESEARCH', callerChecks: ['NAME', 'DATE_OF_BIRTH', 'EMAIL', 'PHONE_OR_ADDRESS'] },
      support.accessToken,
    );
    expect(closed.statusCode, closed.body).toBe(202);

    const actions = async (query: string) =>
      ((await get(`/api/staff/audit?${query}`)).json().entries as { action: string }[]).map((e) => e.action);
    const aboutThem = await actions(`subject=${person.id}`);
    expect(aboutThem).toEqual(expect.arrayContaining(['person.close', 'person.note.add']));
    // Before: the user record alone missed the closure.
    expect(await actions(`entity=user&entityId=${person.id}`)).not.toContain('person.close');
    expect(await actions(`subject=${person.id}&action=person.close`)).toEqual(['person.close']);
    expect(await actions(`subject=${person.id}&action=person`)).toEqual(
      expect.arrayContaining(['person.close', 'person.note.add']),
    );
    expect(await actions(`subject=${person.id}&action=person.clo`)).toEqual([]);
    // By email too (an open account's: this one is closed, so its email is gone).
    expect(await actions(`subject=${encodeURIComponent(support.email)}`)).toEqual(
      expect.arrayContaining(['staff.invite']),
    );
    expect(await actions(`subject=${encodeURIComponent('nobody@example.com')}`)).toEqual([]);

    for (const [query, message] of [
      ['subject=not%20a%20person', AUDIT_MESSAGES.badSubject],
      ['action=DROP%20TABLE', AUDIT_MESSAGES.badAction],
    ]) {
      const bad = await get(`/api/staff/audit?${query}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(message);
    }
  });

  it('exports the filtered entries as CSV, defusing formulas, and audits the export; ADMIN only', async () => {
    const person = await signedInUser(t.app);
    const support = await signedInStaff(t.app, ['SUPPORT']);
    await post(`/api/staff/people/${person.id}/notes`, { body: 'x' }, support.accessToken);
    const res = await get(`/api/staff/audit.csv?subject=${person.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-truncated']).toBe('false');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('at,actor_id,actor,action,entity,entity_id,subject_id,before,after');
    expect(lines.slice(1).some((line) => line.includes('"person.note.add"'))).toBe(true);
    expect(lines.slice(1).every((line) => line.includes(person.id))).toBe(true);
    const [exported] = await t.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.action, 'audit.export'))
      .orderBy(desc(staffAudit.at));
    expect(exported).toMatchObject({
      actorId: admin.id,
      after: { rows: lines.length - 1, truncated: false },
    });

    // A label that looks like a formula is written as text.
    await t.database.db.insert(staffAudit).values({
      actorLabel: '=HYPERLINK("http://evil")',
      action: 'test.formula',
      entity: 'user',
      entityId: person.id,
      subjectId: person.id,
    });
    const csv = (await get(`/api/staff/audit.csv?action=test.formula`)).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);

    for (const token of [support.accessToken, person.accessToken])
      expect((await get('/api/staff/audit.csv', token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/staff/audit.csv', headers: ops })).statusCode).toBe(200);
  });
});
