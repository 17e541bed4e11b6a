import { STAFF_MESSAGES } from '@portal/domain';
import { and, isNull, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembers, users } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, type TestApp } from '../../test/helpers.ts';
import { inviteStaff, signedInStaff, staffBeforeSecondFactor } from '../../test/staff.ts';

// Issue 32: two ADMINs who disabled each other at the same moment left none, and an invitation nobody
// accepted counted as "another admin". Run on PostgreSQL (TEST_DATABASE_URL) the two requests race for
// real; PGlite runs them one after the other, and the answer must be the same.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Disables every staff account but these, straight in the database: they are the only admins left. */
async function onlyAdmins(...ids: string[]) {
  await t.database.db
    .update(staffMembers)
    .set({ disabledAt: new Date() })
    .where(and(notInArray(staffMembers.userId, ids), isNull(staffMembers.disabledAt)));
}

/** Staff accounts that can act as ADMIN: holding it, enabled, accepted and enrolled. */
async function activeAdmins() {
  const rows = await t.database.db
    .select({ id: users.id })
    .from(staffMembers)
    .innerJoin(users, sql`${users.id} = ${staffMembers.userId}`)
    .where(
      sql`${staffMembers.disabledAt} is null and ${staffMembers.acceptedAt} is not null
        and ${staffMembers.totpConfirmedAt} is not null and 'ADMIN' = any(${users.authorities})`,
    );
  return rows.map((r) => r.id);
}

/** The version of a staff member's record: a roles change names it (issue 33 item 16). */
async function memberVersion(id: string) {
  const [row] = await t.database.db
    .select({ version: users.version })
    .from(users)
    .where(sql`${users.id} = ${id}`);
  return row?.version ?? 1;
}

const send = (method: 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('the last admin', () => {
  it('survives two admins disabling each other at the same moment: one succeeds, one is refused', async () => {
    const a = await signedInStaff(t.app, ['ADMIN']);
    const b = await signedInStaff(t.app, ['ADMIN']);
    await onlyAdmins(a.id, b.id);
    const answers = await Promise.all([
      send('POST', `/api/staff/members/${b.id}/disable`, a.accessToken),
      send('POST', `/api/staff/members/${a.id}/disable`, b.accessToken),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    // The loser is refused as the last admin (409), or its session ended with the disabling (401).
    expect(codes[0], answers.map((r) => r.body).join(' ')).toBe(204);
    expect([401, 409]).toContain(codes[1]);
    const refused = answers.find((r) => r.statusCode === 409);
    if (refused) expect(refused.json().message).toBe(STAFF_MESSAGES.lastAdmin);
    expect(await activeAdmins()).toHaveLength(1);
  });

  it('survives two admins taking ADMIN from each other at the same moment', async () => {
    const a = await signedInStaff(t.app, ['ADMIN', 'LAB']);
    const b = await signedInStaff(t.app, ['ADMIN', 'LAB']);
    await onlyAdmins(a.id, b.id);
    const [aVersion, bVersion] = [await memberVersion(a.id), await memberVersion(b.id)];
    const answers = await Promise.all([
      send('PUT', `/api/staff/members/${b.id}/roles`, a.accessToken, { roles: ['LAB'], version: bVersion }),
      send('PUT', `/api/staff/members/${a.id}/roles`, b.accessToken, { roles: ['LAB'], version: aVersion }),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    // The loser is refused as the last admin (409), or lost ADMIN before its guard read its roles (403).
    expect(codes[0], answers.map((r) => r.body).join(' ')).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    expect(await activeAdmins()).toHaveLength(1);
  });

  it('does not count an invitation nobody accepted, nor an admin without an authenticator app', async () => {
    const admin = await signedInStaff(t.app, ['ADMIN']);
    const invited = await inviteStaff(t.app, ['ADMIN']);
    const notEnrolled = await staffBeforeSecondFactor(t.app, ['ADMIN']);
    await onlyAdmins(admin.id, invited.id, notEnrolled.id);
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/members/${admin.id}/roles`,
      headers: ops,
      payload: { roles: ['SUPPORT'], version: await memberVersion(admin.id) },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(STAFF_MESSAGES.lastAdmin);
    const disable = await t.app.inject({
      method: 'POST',
      url: `/api/staff/members/${admin.id}/disable`,
      headers: ops,
    });
    expect(disable.statusCode).toBe(409);
    expect(await activeAdmins()).toEqual([admin.id]);
  });
});
