import { STAFF_ERROR_CODES, STAFF_MESSAGES, type StaffMember } from '@portal/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit, staffMembers, staffRecoveryCodes, users } from '../../db/schema/index.ts';
import {
  bearer,
  createTestApp,
  must,
  notificationsOfKind,
  ops,
  PASSWORD,
  signedInUser,
  signIn,
  type TestApp,
} from '../../test/helpers.ts';
import { inviteStaff, signedInStaff, staffBeforeSecondFactor, totpCode } from '../../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
/** The version of a staff member's record, as the console's list shows it. */
const memberVersion = async (id: string) =>
  must((await t.database.db.select({ version: users.version }).from(users).where(eq(users.id, id)))[0], id)
    .version;
const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const auditOf = (entityId: string) =>
  t.database.db
    .select()
    .from(staffAudit)
    .where(eq(staffAudit.entityId, entityId))
    .orderBy(desc(staffAudit.at));

describe('staff invitation', () => {
  it('gives the operator key the link, emails it, and audits the invitation as the operator key', async () => {
    const invited = await inviteStaff(t.app, ['ADMIN']);
    expect(invited.token).toMatch(/^[\w-]{40,}$/);
    const mail = (await t.app.inject({ url: `/api/admin/mail?to=${invited.email}`, headers: ops })).json();
    expect(mail[0].subject).toContain('staff account');
    expect(mail[0].links[0]).toContain(`/staff/invitation?token=${invited.token}`);
    // A notification with no inbox (decision 058): email only, and its token is not stored.
    const [notice, ...more] = await notificationsOfKind(
      t.database.db,
      { recipient: invited.email },
      'staff-invitation',
    );
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      userId: null,
      category: 'ACCOUNT',
      subject: mail[0].subject,
      link: '/staff/invitation',
      channels: ['EMAIL'],
      mail: { id: mail[0].id, kind: 'staff-invitation' },
    });
    expect(notice?.body + (notice?.link ?? '')).not.toContain(invited.token);
    const [entry] = await auditOf(invited.id);
    expect(entry).toMatchObject({ action: 'staff.invite', actorLabel: 'operator key', actorId: null });
    expect(entry?.after).toMatchObject({ roles: ['ADMIN'] });
  });

  it('sends a staff admin’s invitee the link by email only', async () => {
    const admin = await signedInStaff(t.app, ['ADMIN']);
    const res = await post('/api/staff/members', admin.accessToken, {
      email: 'new.tech@example.com',
      firstName: 'Lab',
      lastName: 'Tech',
      roles: ['LAB'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(Object.keys(res.json())).toEqual(['id']);
    const [entry] = await auditOf(res.json().id);
    expect(entry?.actorId).toBe(admin.id);
    expect(entry?.actorLabel).toContain(admin.email);
  });

  it('refuses an email that already has an account, and bad input, changing nothing', async () => {
    const customer = await signedInUser(t.app);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/staff/members',
      headers: ops,
      payload: { email: customer.email, firstName: 'A', lastName: 'B', roles: ['SUPPORT'] },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(STAFF_MESSAGES.emailTaken);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row?.authorities).toEqual([]);
    const noRoles = await t.app.inject({
      method: 'POST',
      url: '/api/staff/members',
      headers: ops,
      payload: { email: 'x@example.com', firstName: 'A', lastName: 'B', roles: [] },
    });
    expect(noRoles.statusCode).toBe(400);
    expect(noRoles.json().message).toContain(STAFF_MESSAGES.rolesRequired);
    const badRole = await t.app.inject({
      method: 'POST',
      url: '/api/staff/members',
      headers: ops,
      payload: { email: 'y@example.com', firstName: 'A', lastName: 'B', roles: ['OWNER'] },
    });
    expect(badRole.statusCode).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'x@example.com'))).toEqual([]);
  });

  it('sets the password once through the link; a used or unknown link is refused', async () => {
    const invited = await inviteStaff(t.app, ['LAB']);
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: invited.email, password: PASSWORD },
    });
    expect(early.statusCode).not.toBe(200);
    const accept = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/staff/invitations/accept',
        payload: { token, password: PASSWORD },
      });
    expect((await accept(invited.token)).json()).toEqual({ email: invited.email });
    for (const token of [invited.token, 'x'.repeat(43)]) {
      const again = await accept(token);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(STAFF_MESSAGES.invitationInvalid);
    }
    await signIn(t.app, invited.email);
  });
});

describe('second factor', () => {
  it('opens nothing but the set-up until an authenticator app is confirmed', async () => {
    const staff = await staffBeforeSecondFactor(t.app, ['ADMIN']);
    expect((await get('/api/staff/session', staff.accessToken)).json()).toMatchObject({
      roles: ['ADMIN'],
      enrolled: false,
      secondFactorPassed: false,
    });
    const members = await get('/api/staff/members', staff.accessToken);
    expect(members.statusCode).toBe(403);
    expect(members.json().code).toBe(STAFF_ERROR_CODES.enrolmentRequired);
    // ADMIN opens the operator routes too, but not on a password alone.
    expect((await get('/api/admin/jobs', staff.accessToken)).statusCode).toBe(403);

    const setup = (await post('/api/staff/second-factor/totp', staff.accessToken)).json();
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await post('/api/staff/second-factor/totp/confirm', staff.accessToken, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(STAFF_MESSAGES.codeWrong);
    const malformed = await post('/api/staff/second-factor/totp/confirm', staff.accessToken, { code: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect((await get('/api/staff/session', staff.accessToken)).json().enrolled).toBe(false);

    const confirmed = await post('/api/staff/second-factor/totp/confirm', staff.accessToken, {
      code: await totpCode(setup.secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    const stored = await t.database.db
      .select({ hash: staffRecoveryCodes.codeHash })
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.userId, staff.id));
    expect(stored.map((r) => r.hash)).not.toContain(recoveryCodes[0]);
    expect((await get('/api/staff/members', staff.accessToken)).statusCode).toBe(200);
    expect((await get('/api/admin/jobs', staff.accessToken)).statusCode).toBe(200);
    expect((await post('/api/staff/second-factor/totp', staff.accessToken)).statusCode).toBe(409);
  });

  it('asks every new sign-in for a code, each code works once, and a recovery code works once', async () => {
    const staff = await signedInStaff(t.app, ['LAB']);
    const again = await signIn(t.app, staff.email);
    const refused = await get('/api/staff/members', again.accessToken);
    expect(refused.json().code).toBe(STAFF_ERROR_CODES.secondFactorRequired);
    expect((await get('/api/staff/session', again.accessToken)).json().secondFactorPassed).toBe(false);
    // The code the set-up spent cannot open a second session.
    const replay = await post('/api/staff/second-factor/verify', again.accessToken, {
      code: await totpCode(staff.secret),
    });
    expect(replay.statusCode).toBe(400);
    const next = await post('/api/staff/second-factor/verify', again.accessToken, {
      code: await totpCode(staff.secret, 1),
    });
    expect(next.statusCode, next.body).toBe(204);
    expect((await get('/api/staff/session', again.accessToken)).json().secondFactorPassed).toBe(true);

    const third = await signIn(t.app, staff.email);
    const code = staff.recoveryCodes[3] ?? '';
    expect(
      (await post('/api/staff/second-factor/verify', third.accessToken, { code: code.toLowerCase() }))
        .statusCode,
    ).toBe(204);
    const fourth = await signIn(t.app, staff.email);
    const reused = await post('/api/staff/second-factor/verify', fourth.accessToken, { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(STAFF_MESSAGES.recoveryCodeWrong);
    expect((await get('/api/staff/session', fourth.accessToken)).json().recoveryCodesLeft).toBe(9);
    expect((await auditOf(staff.id)).map((e) => e.action)).toContain('staff.recovery_code.use');
  });

  it('locks the code after five wrong ones from one address, without touching password sign-in', async () => {
    const staff = await signedInStaff(t.app, ['STUDY']);
    const again = await signIn(t.app, staff.email);
    for (let i = 0; i < 5; i += 1)
      await post('/api/staff/second-factor/verify', again.accessToken, { code: '000000' });
    const locked = await post('/api/staff/second-factor/verify', again.accessToken, {
      code: await totpCode(staff.secret, 1),
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(STAFF_MESSAGES.codeLocked);
    expect((await get('/api/staff/session', again.accessToken)).json().secondFactorPassed).toBe(false);
    await signIn(t.app, staff.email);
  });

  it('refuses a customer, and the console before the code, with a reason', async () => {
    const customer = await signedInUser(t.app);
    const res = await get('/api/staff/session', customer.accessToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: STAFF_MESSAGES.notStaff, code: STAFF_ERROR_CODES.notStaff });
    expect((await t.app.inject({ url: '/api/staff/session', headers: ops })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/staff/session' })).statusCode).toBe(401);
  });
});

describe('staff accounts', () => {
  it('changes roles at once, keeps one admin, and disabling ends every session', async () => {
    const admin = await signedInStaff(t.app, ['ADMIN']);
    const lab = await signedInStaff(t.app, ['LAB']);
    expect((await get('/api/staff/members', lab.accessToken)).statusCode).toBe(403);
    const versionOf = async (id: string) =>
      ((await get('/api/staff/members', admin.accessToken)).json().staff as StaffMember[]).find(
        (m) => m.id === id,
      )?.version ?? 0;
    const put = async (id: string, roles: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/staff/members/${id}/roles`,
        headers: bearer(admin.accessToken),
        payload: { roles, version: (await versionOf(id)) || 1 },
      });
    const loaded = await versionOf(lab.id);
    expect((await put(lab.id, ['LAB', 'ADMIN'])).json()).toEqual({
      roles: ['LAB', 'ADMIN'],
      version: loaded + 1,
    });
    // The same token: the guard reads the roles as they are now.
    expect((await get('/api/staff/members', lab.accessToken)).statusCode).toBe(200);
    expect((await put(lab.id, ['LAB'])).statusCode).toBe(200);
    expect((await get('/api/staff/members', lab.accessToken)).statusCode).toBe(403);
    const [change] = await auditOf(lab.id);
    expect(change).toMatchObject({
      action: 'staff.roles.change',
      before: { roles: ['LAB', 'ADMIN'] },
      after: { roles: ['LAB'] },
    });

    expect((await put('00000000-0000-4000-8000-000000000000', ['LAB'])).statusCode).toBe(404);
    expect((await put('not-an-id', ['LAB'])).statusCode).toBe(400);
    expect((await post(`/api/staff/members/${admin.id}/disable`, admin.accessToken)).statusCode).toBe(400);

    const disabled = await post(`/api/staff/members/${lab.id}/disable`, admin.accessToken);
    expect(disabled.statusCode, disabled.body).toBe(204);
    expect((await get('/api/staff/session', lab.accessToken)).statusCode).toBe(401);
    // A disabled account signs in nowhere (issue 34 item 15).
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: lab.email, password: PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_MESSAGES.disabled);
    const list = (await get('/api/staff/members', admin.accessToken)).json().staff;
    expect(list.find((m: { id: string }) => m.id === lab.id)).toMatchObject({
      status: 'DISABLED',
      roles: [],
    });
  });

  it('refuses a roles change from an older version (another admin saved since), changing nothing', async () => {
    const admin = await signedInStaff(t.app, ['ADMIN']);
    const member = await signedInStaff(t.app, ['LAB']);
    const list = (await get('/api/staff/members', admin.accessToken)).json().staff as StaffMember[];
    const loaded = must(
      list.find((m) => m.id === member.id),
      'the member in the list',
    ).version;
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/staff/members/${member.id}/roles`,
        headers: bearer(admin.accessToken),
        payload,
      });
    // Two console windows loaded the same version; the first saves.
    expect((await put({ roles: ['LAB', 'SUPPORT'], version: loaded })).statusCode).toBe(200);
    const stale = await put({ roles: ['STUDY'], version: loaded });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STAFF_MESSAGES.staleMember);
    // Without the version it loaded, a change is refused as bad input.
    expect((await put({ roles: ['STUDY'] })).statusCode).toBe(400);
    const after = (await get('/api/staff/members', admin.accessToken)).json().staff as StaffMember[];
    expect(after.find((m) => m.id === member.id)).toMatchObject({
      roles: ['LAB', 'SUPPORT'],
      version: loaded + 1,
    });
  });

  it('keeps the last active admin', async () => {
    // Everyone else's ADMIN goes first, so this one is the last.
    const admin = await signedInStaff(t.app, ['ADMIN']);
    const others = await t.database.db.select({ id: staffMembers.userId }).from(staffMembers);
    for (const { id } of others)
      if (id !== admin.id)
        await t.database.db
          .update(staffMembers)
          .set({ disabledAt: new Date() })
          .where(eq(staffMembers.userId, id));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/members/${admin.id}/roles`,
      headers: ops,
      payload: { roles: ['SUPPORT'], version: await memberVersion(admin.id) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STAFF_MESSAGES.lastAdmin);
  });

  it('resets a lost authenticator app: the next sign-in sets up a new one', async () => {
    const lab = await signedInStaff(t.app, ['LAB']);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/staff/members/${lab.id}/second-factor/reset`,
      headers: ops,
    });
    expect(reset.statusCode).toBe(204);
    const res = await get('/api/staff/session', lab.accessToken);
    expect(res.json()).toMatchObject({ enrolled: false, secondFactorPassed: false, recoveryCodesLeft: 0 });
  });
});
