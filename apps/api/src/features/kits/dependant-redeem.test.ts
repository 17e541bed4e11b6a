import { DEPENDANT_TEXTS, KIT_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kits, users } from '../../db/schema/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

async function newKit(ownerEmail?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/kits',
    headers: ops,
    payload: { count: 1, ...(ownerEmail ? { ownerEmail } : {}) },
  });
  return (res.json() as { id: number; voucherCode: string }[])[0] as { id: number; voucherCode: string };
}
const DANA = { firstName: 'Dana', lastName: 'Child', dateOfBirth: '2015-06-01' };
const redeemForDependant = (token: string, kit: { id: number; voucherCode: string }, dependant?: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/kits/redeem',
    headers: bearer(token),
    payload: {
      kitId: kit.id,
      voucher: kit.voucherCode,
      activate: false,
      forDependant: true,
      ...(dependant ? { dependant } : {}),
    },
  });
const account = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const kitRow = async (id: number) => (await t.database.db.select().from(kits).where(eq(kits.id, id)))[0];

describe('redeeming a kit for a child or dependant (one guardian account covers one dependant)', () => {
  it('makes an adult account without kits the account of the dependant named, once', async () => {
    const adult = await signedInUser(t.app, { firstName: 'Pat', lastName: 'Parent' });
    const kit = await newKit();
    const before = await account(adult.id);
    // Issue 33 item 23: never silently. Without the child's name and date of birth nothing changes.
    const silent = await redeemForDependant(adult.accessToken, kit);
    expect(silent.statusCode).toBe(400);
    expect(silent.json().message).toBe(DEPENDANT_TEXTS.detailsRequired);
    expect(Object.keys(silent.json().fields)).toEqual(['firstName', 'lastName', 'dateOfBirth']);
    expect(await account(adult.id)).toEqual(before);
    expect((await kitRow(kit.id))?.ownerId).toBeNull();
    const bad = await redeemForDependant(adult.accessToken, kit, { ...DANA, dateOfBirth: '01/06/2015' });
    expect(bad.statusCode).toBe(400);
    expect(await account(adult.id)).toEqual(before);

    const res = await redeemForDependant(adult.accessToken, kit, DANA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kitStatus: 'ASSIGNED' });
    // The child's name and date of birth go on the account; the adult's name moves to the guardian's.
    expect(await account(adult.id)).toMatchObject({
      guardian: true,
      firstName: 'Dana',
      lastName: 'Child',
      dateOfBirth: '2015-06-01',
      guardianFirstName: 'Pat',
      guardianLastName: 'Parent',
      version: (before?.version ?? 0) + 1,
    });

    // A guardian account already covers its one dependant: a second dependant's kit is refused.
    const second = await newKit();
    const again = await redeemForDependant(adult.accessToken, second);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(KIT_MESSAGES.rejectGuardian);
    expect((await kitRow(second.id))?.ownerId).toBeNull();
  });

  it("refuses an adult's own account that holds kits, asking for a separate guardian account", async () => {
    const adult = await signedInUser(t.app);
    await newKit(adult.email);
    const kit = await newKit();
    const res = await redeemForDependant(adult.accessToken, kit);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: KIT_MESSAGES.rejectGuardian });
    expect(await account(adult.id)).toMatchObject({ guardian: false });
    expect(await kitRow(kit.id)).toMatchObject({ ownerId: null, kitStatus: 'UNASSIGNED' });
  });

  it("lets a minor's own account redeem without becoming a guardian", async () => {
    const minor = await signedInUser(t.app, { underAge: true, dob: '2012-01-01' });
    await newKit(minor.email);
    const kit = await newKit();
    const res = await redeemForDependant(minor.accessToken, kit);
    expect(res.statusCode, res.body).toBe(200);
    expect(await account(minor.id)).toMatchObject({ underAge: true, guardian: false });
  });

  it('leaves an ordinary redeem as it was', async () => {
    const adult = await signedInUser(t.app);
    await newKit(adult.email);
    const kit = await newKit();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/kits/redeem',
      headers: bearer(adult.accessToken),
      payload: { kitId: kit.id, voucher: kit.voucherCode, activate: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await account(adult.id)).toMatchObject({ guardian: false });
  });
});
