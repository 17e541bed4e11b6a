import { STAFF_ERROR_CODES, STAFF_MESSAGES } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAudit } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signIn, type TestApp } from '../../test/helpers.ts';
import { signedInStaff, totpCode } from '../../test/staff.ts';
import { FACTOR_LOCK_AFTER } from './second-factor-lock.ts';

// Issue 32: from nine addresses, 53 wrong codes were tried and the account was neither locked nor
// slowed. Now the tenth wrong code from anywhere locks the authenticator codes of the account.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
/** A second-factor attempt, each from an address of its own unless `from` is given. */
const verify = (
  token: string,
  code: string,
  from = `10.32.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/staff/second-factor/verify',
    headers: bearer(token),
    remoteAddress: from,
    payload: { code },
  });
const session = async (token: string) =>
  (await t.app.inject({ url: '/api/staff/session', headers: bearer(token) })).json();
const actions = async (userId: string, action: string) =>
  t.database.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.entityId, userId), eq(staffAudit.action, action)));

/** A staff member signed in again (needing the code), and their factor locked by ten wrong codes. */
async function lockedStaff() {
  const staff = await signedInStaff(t.app, ['LAB']);
  const again = await signIn(t.app, staff.email);
  // A code of a step far ahead: wrong now, whatever the clock.
  const wrong = await totpCode(staff.secret, 10);
  for (let i = 1; i <= FACTOR_LOCK_AFTER; i++) {
    const res = await verify(again.accessToken, wrong);
    if (i < FACTOR_LOCK_AFTER) expect(res.statusCode, `wrong code ${i}: ${res.body}`).toBe(400);
    else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        message: STAFF_MESSAGES.factorLocked,
        code: STAFF_ERROR_CODES.secondFactorLocked,
      });
    }
  }
  return { ...staff, token: again.accessToken };
}

describe('the second factor lock', () => {
  it('locks after ten wrong codes from ten addresses, refuses the right code, mails and audits', async () => {
    const staff = await lockedStaff();
    const right = await verify(staff.token, await totpCode(staff.secret, 1));
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(STAFF_MESSAGES.factorLocked);
    expect((await session(staff.token)).secondFactorPassed).toBe(false);

    const fails = await actions(staff.id, 'staff.second_factor.fail');
    expect(fails).toHaveLength(FACTOR_LOCK_AFTER + 1);
    for (const entry of fails) expect(entry.actorId).toBe(staff.id);
    expect(new Set(fails.map((e) => (e.after as { address: string }).address)).size).toBe(
      FACTOR_LOCK_AFTER + 1,
    );
    expect(await actions(staff.id, 'staff.second_factor.lock')).toHaveLength(1);

    const mail = await t.app.inject({
      url: `/api/admin/mail?to=${encodeURIComponent(staff.email)}`,
      headers: ops,
    });
    const locked = (mail.json() as { subject: string; text: string }[]).filter((m) =>
      m.subject.includes('locked'),
    );
    expect(locked).toHaveLength(1);
    expect(locked[0]?.text).toContain('recovery codes');
  });

  it('is unlocked by a recovery code, which is spent, and the codes of the app work again', async () => {
    const staff = await lockedStaff();
    const recovery = staff.recoveryCodes[0] ?? '';
    const res = await verify(staff.token, recovery);
    expect(res.statusCode, res.body).toBe(204);
    expect(await session(staff.token)).toMatchObject({ secondFactorPassed: true, recoveryCodesLeft: 9 });
    const [unlock] = await actions(staff.id, 'staff.second_factor.unlock');
    expect(unlock).toMatchObject({ actorId: staff.id, after: { by: 'RECOVERY_CODE' } });
    const next = await signIn(t.app, staff.email);
    expect((await verify(next.accessToken, await totpCode(staff.secret, 1))).statusCode).toBe(204);
    const reused = await signIn(t.app, staff.email);
    expect((await verify(reused.accessToken, recovery)).statusCode).toBe(400);
  });

  it('is unlocked by an ADMIN from the console, audited as theirs', async () => {
    const staff = await lockedStaff();
    const admin = await signedInStaff(t.app, ['ADMIN']);
    const members = await t.app.inject({ url: '/api/staff/members', headers: bearer(admin.accessToken) });
    const row = members.json().staff.find((m: { id: string }) => m.id === staff.id);
    expect(row.secondFactorLocked).toBe(true);
    const unlock = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/members/${staff.id}/second-factor/unlock`,
        headers: bearer(admin.accessToken),
      });
    expect((await unlock()).statusCode).toBe(204);
    const again = await unlock();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STAFF_MESSAGES.factorNotLocked);
    const [entry] = await actions(staff.id, 'staff.second_factor.unlock');
    expect(entry).toMatchObject({ actorId: admin.id, after: { by: 'ADMIN' } });
    expect((await verify(staff.token, await totpCode(staff.secret, 1))).statusCode).toBe(204);
  });

  it('starts the count again after a right code', async () => {
    const staff = await signedInStaff(t.app, ['STUDY']);
    const first = await signIn(t.app, staff.email);
    const wrong = await totpCode(staff.secret, 10);
    for (let i = 0; i < FACTOR_LOCK_AFTER - 1; i++) await verify(first.accessToken, wrong);
    expect((await verify(first.accessToken, await totpCode(staff.secret, 1))).statusCode).toBe(204);
    const second = await signIn(t.app, staff.email);
    expect((await verify(second.accessToken, wrong)).statusCode).toBe(400);
  });
});
