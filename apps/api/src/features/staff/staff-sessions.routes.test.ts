import { STAFF_ERROR_CODES, STAFF_MESSAGES, type StaffActiveSession } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit, staffSessions } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, PASSWORD, signedInUser, type TestApp } from '../../test/helpers.ts';
import { signedInStaff, totpCode } from '../../test/staff.ts';

/** Issue 34 item 15: an ADMIN sees the live console sessions and signs one, or all of a member's, out. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const get = (url: string, token = admin.accessToken) => t.app.inject({ url, headers: bearer(token) });
const post = (url: string, token = admin.accessToken) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token) });
const sessionsOf = async (member: string) =>
  (await get(`/api/staff/sessions?member=${member}`)).json().sessions as StaffActiveSession[];

/** Another sign-in of a staff member, from a given browser and address, past the second factor. */
async function signInFrom(
  member: { email: string; secret: string },
  userAgent: string,
  ip: string,
  code?: string,
) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: member.email, password: PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  const { access_token: token, refresh_token: refresh } = login.json() as {
    access_token: string;
    refresh_token: string;
  };
  const passed = await t.app.inject({
    method: 'POST',
    url: '/api/staff/second-factor/verify',
    headers: { ...bearer(token), 'user-agent': userAgent },
    remoteAddress: ip,
    payload: { code: code ?? (await totpCode(member.secret, 1)) },
  });
  expect(passed.statusCode, passed.body).toBe(204);
  return { token, refresh };
}

const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: token } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, ['ADMIN']);
}, 60_000);
afterAll(() => t.close());

describe('active staff sessions', () => {
  it('lists who, signed in when, last seen, and the device and network, never a token or a full address', async () => {
    const lab = await signedInStaff(t.app, ['LAB']);
    const laptop = await signInFrom(lab, CHROME_MAC, '203.0.113.77');
    const sessions = await sessionsOf(lab.id);
    // The first sign-in (the helper's) and the laptop's.
    expect(sessions).toHaveLength(2);
    const seen = sessions.find((s) => s.device === 'Chrome 131 on macOS');
    expect(seen).toMatchObject({
      memberId: lab.id,
      email: lab.email,
      method: 'TOTP',
      network: '203.0.113.0/24',
      current: false,
    });
    expect(Date.parse(seen?.signedInAt ?? '')).not.toBeNaN();
    expect(Date.parse(seen?.lastSeenAt ?? '')).not.toBeNaN();
    const body = JSON.stringify(sessions);
    expect(body).not.toContain('203.0.113.77');
    expect(body).not.toContain(laptop.refresh);
    expect(body).not.toContain(laptop.token);
    // Each console request keeps "last seen" (written at most once a minute).
    await t.database.db
      .update(staffSessions)
      .set({ lastSeenAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(staffSessions.userId, lab.id));
    expect((await get('/api/staff/session', laptop.token)).statusCode).toBe(200);
    const after = await sessionsOf(lab.id);
    expect(after[0]?.device).toBe('Chrome 131 on macOS');
    expect(Date.parse(after[0]?.lastSeenAt ?? '')).toBeGreaterThan(Date.parse('2026-01-02T00:00:00Z'));
    expect(after[1]?.lastSeenAt).toBe('2026-01-01T00:00:00.000Z');
    // The asking admin's own session is marked as theirs.
    const mine = (await get('/api/staff/sessions')).json().sessions as StaffActiveSession[];
    expect(mine.filter((s) => s.current).map((s) => s.memberId)).toEqual([admin.id]);
  });

  it("signs one session out: that session's next request is refused and told why, the other goes on; audited", async () => {
    const support = await signedInStaff(t.app, ['SUPPORT']);
    const laptop = await signInFrom(support, FIREFOX_LINUX, '198.51.100.4');
    const target = (await sessionsOf(support.id)).find((s) => s.device === 'Firefox 128 on Linux');
    expect(target).toBeDefined();
    const ended = await post(`/api/staff/sessions/${target?.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });

    const refused = await get('/api/staff/session', laptop.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: STAFF_ERROR_CODES.sessionEnded,
      message: STAFF_MESSAGES.signedOutByAdmin,
    });
    expect((await refresh(laptop.refresh)).statusCode).toBe(401);
    // The member's other session is untouched.
    expect((await get('/api/staff/session', support.accessToken)).statusCode).toBe(200);
    expect((await sessionsOf(support.id)).map((s) => s.device)).not.toContain('Firefox 128 on Linux');

    const [entry] = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.subjectId, support.id), eq(staffAudit.action, 'staff.session.end')));
    expect(entry).toMatchObject({
      actorId: admin.id,
      after: { session: target?.id, status: 'SIGNED_OUT_BY_ADMIN' },
    });

    // Ending it again, or a session that never was, changes nothing.
    const again = await post(`/api/staff/sessions/${target?.id}/end`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(STAFF_MESSAGES.sessionNotFound);
    expect((await post('/api/staff/sessions/not-a-session/end')).statusCode).toBe(400);
  });

  it("signs all of a member's sessions out; not the admin's own session", async () => {
    const study = await signedInStaff(t.app, ['STUDY']);
    const laptop = await signInFrom(study, CHROME_MAC, '192.0.2.10');
    const ended = await post(`/api/staff/members/${study.id}/sessions/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    for (const token of [study.accessToken, laptop.token]) {
      const refused = await get('/api/staff/session', token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe(STAFF_ERROR_CODES.sessionEnded);
    }
    expect(await sessionsOf(study.id)).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.subjectId, study.id), eq(staffAudit.action, 'staff.session.end_all')));
    expect(entry?.after).toMatchObject({ status: 'SIGNED_OUT_BY_ADMIN' });
    // They sign in again as before (this half-minute's codes are spent: a recovery code).
    await signInFrom(study, CHROME_MAC, '192.0.2.10', study.recoveryCodes[0]);
    expect((await sessionsOf(study.id)).map((s) => s.method)).toEqual(['RECOVERY_CODE']);

    const own = (await get('/api/staff/sessions')).json().sessions.find((s: StaffActiveSession) => s.current);
    const refusedOwn = await post(`/api/staff/sessions/${own.id}/end`);
    expect(refusedOwn.statusCode).toBe(400);
    expect(refusedOwn.json().message).toBe(STAFF_MESSAGES.ownSession);
    expect((await post(`/api/staff/members/${admin.id}/sessions/end`)).statusCode).toBe(400);
    expect((await get('/api/staff/session')).statusCode).toBe(200);
    expect(
      (await post('/api/staff/members/00000000-0000-4000-8000-000000000000/sessions/end')).statusCode,
    ).toBe(404);
  });

  it('disabling a member ends every session at once, says so, and they cannot sign in again', async () => {
    const logistics = await signedInStaff(t.app, ['LOGISTICS']);
    const laptop = await signInFrom(logistics, FIREFOX_LINUX, '192.0.2.99');
    expect((await post(`/api/staff/members/${logistics.id}/disable`)).statusCode).toBe(204);
    for (const token of [logistics.accessToken, laptop.token]) {
      const refused = await get('/api/staff/session', token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({
        code: STAFF_ERROR_CODES.sessionEnded,
        message: STAFF_MESSAGES.disabled,
      });
    }
    expect((await refresh(logistics.refreshToken)).statusCode).toBe(401);
    expect((await refresh(laptop.refresh)).statusCode).toBe(401);
    expect(await sessionsOf(logistics.id)).toEqual([]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: logistics.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(STAFF_MESSAGES.disabled);
  });

  it('is for ADMIN only: other roles, a customer and a support view are refused, nothing ends', async () => {
    const lab = await signedInStaff(t.app, ['LAB']);
    const support = await signedInStaff(t.app, ['SUPPORT']);
    const customer = await signedInUser(t.app);
    const helper = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const view = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(helper.accessToken),
      payload: { username: customer.email },
    });
    expect(view.statusCode, view.body).toBe(200);
    const viewToken = view.json().access_token as string;
    const target = (await sessionsOf(lab.id))[0];
    for (const token of [lab.accessToken, support.accessToken, customer.accessToken, viewToken]) {
      expect((await get('/api/staff/sessions', token)).statusCode).toBe(403);
      expect((await post(`/api/staff/sessions/${target?.id}/end`, token)).statusCode).toBe(403);
      expect((await post(`/api/staff/members/${lab.id}/sessions/end`, token)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/staff/sessions' })).statusCode).toBe(401);
    expect((await get('/api/staff/session', lab.accessToken)).statusCode).toBe(200);
    expect(await sessionsOf(lab.id)).toHaveLength(1);
    // The operator key reads the list (ops automation counts as ADMIN).
    expect((await t.app.inject({ url: '/api/staff/sessions', headers: ops })).statusCode).toBe(200);
  });
});
