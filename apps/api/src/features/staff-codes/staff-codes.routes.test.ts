import { KIT_MESSAGES, ORDER_MESSAGES, STAFF_CODE_MESSAGES } from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes, referralCodes, staffAudit } from '../../db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestApp,
  PASSWORD,
  signedInUser,
  type TestApp,
  uniqueEmail,
} from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';
import { placeKitOrder } from '../staff-orders/staff-orders.test-helpers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

const get = (url: string, token = admin.accessToken) => t.app.inject({ url, headers: bearer(token) });
const post = (url: string, payload?: object, token = admin.accessToken) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const auditOf = async (entity: string, entityId: string) =>
  t.database.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.entity, entity), eq(staffAudit.entityId, entityId)))
    .orderBy(desc(staffAudit.at));
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '1000', VOUCHER_RATE_LIMIT: '1000' });
  admin = await signedInStaff(t.app, ['ADMIN']);
  customer = await signedInUser(t.app);
}, 60_000);
afterAll(() => t.close());

describe('promo codes', () => {
  it('creates a code, counts its orders, and disables it so checkout refuses it', async () => {
    const code = unique('SPRING');
    const created = await post('/api/staff/promo-codes', {
      code: code.toLowerCase(),
      type: 'AMOUNT',
      value: 20,
      remainingUsage: 5,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code, type: 'AMOUNT', value: 20, remainingUsage: 5, usage: 0 });
    expect((await auditOf('promo_code', code))[0]).toMatchObject({
      action: 'promo_code.create',
      actorId: admin.id,
    });

    await placeKitOrder(t, customer, { count: 1, promotionalCode: code, amount: 329 });
    const listed = (await get(`/api/staff/promo-codes?q=${code.slice(0, 8).toLowerCase()}`)).json();
    expect(listed.codes.find((c: { code: string }) => c.code === code)).toMatchObject({
      usage: 1,
      remainingUsage: 4,
      disabledAt: null,
    });

    const disabled = await post(`/api/staff/promo-codes/${code}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().disabledAt).not.toBeNull();
    expect((await auditOf('promo_code', code))[0]).toMatchObject({
      action: 'promo_code.disable',
      after: { usage: 1 },
    });
    const lookup = await get(`/api/promo-codes/${code}`, customer.accessToken);
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json().message).toBe(ORDER_MESSAGES.promoDisabled);
    const twice = await post(`/api/staff/promo-codes/${code}/disable`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(STAFF_CODE_MESSAGES.promoDisabled);
  });

  it('refuses bad input with a message and creates nothing', async () => {
    const before = (await t.database.db.select().from(promoCodes)).length;
    const cases: [object, string][] = [
      [{ code: '', type: 'AMOUNT', value: 5 }, STAFF_CODE_MESSAGES.codeRequired],
      [{ code: 'NOVALUE', type: 'AMOUNT', value: 0 }, STAFF_CODE_MESSAGES.valueRequired],
      [{ code: 'HALFUSE', type: 'AMOUNT', value: 5, remainingUsage: 1.5 }, STAFF_CODE_MESSAGES.usesWhole],
      [{ code: 'TOOMUCH', type: 'PERCENTAGE', value: 150 }, 'A percentage must be between 1 and 100.'],
      [{ code: 'a b', type: 'TRACKING' }, 'A promo code has 3 to 40 letters, digits, - or _.'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/staff/promo-codes', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    const code = unique('DUP');
    expect((await post('/api/staff/promo-codes', { code, type: 'TRACKING' })).statusCode).toBe(201);
    const dup = await post('/api/staff/promo-codes', { code, type: 'TRACKING' });
    expect(dup.statusCode).toBe(409);
    expect((await t.database.db.select().from(promoCodes)).length).toBe(before + 1);
    expect(await auditOf('promo_code', code)).toHaveLength(1);
    expect((await post('/api/staff/promo-codes/NOSUCHCODE/disable')).statusCode).toBe(404);
    expect((await get('/api/staff/promo-codes?after=not%20a%20code')).json().message).toBe(
      STAFF_CODE_MESSAGES.badCursor,
    );
  });

  it('pages A to Z by keyset', async () => {
    const prefix = unique('PG');
    for (let i = 0; i < 52; i += 1)
      await t.database.db
        .insert(promoCodes)
        .values({ code: `${prefix}${String(i).padStart(2, '0')}`, type: 'TRACKING', value: 0 });
    const first = (await get(`/api/staff/promo-codes?q=${prefix}`)).json();
    expect(first.codes).toHaveLength(50);
    const second = (await get(`/api/staff/promo-codes?q=${prefix}&after=${first.next}`)).json();
    expect(second.codes.map((c: { code: string }) => c.code)).toEqual([`${prefix}50`, `${prefix}51`]);
    expect(second.next).toBeNull();
  });
});

describe('referral codes', () => {
  it('creates a code, counts the accounts and kits that carry it, and deactivates it', async () => {
    const code = unique('DRX');
    const created = await post('/api/staff/referral-codes', {
      code: `ref-${code.toLowerCase()}`,
      firstName: 'Mary',
      lastName: 'Seacole',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code, active: true, accounts: 0, kits: 0 });
    expect((await auditOf('referral_code', code))[0]).toMatchObject({ action: 'referral_code.create' });

    const email = uniqueEmail('referred');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email,
        password: PASSWORD,
        firstName: 'Reffy',
        lastName: 'Person',
        underAge: false,
        guardian: false,
        referralCode: `REF-${code}`,
      },
    });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    await createKit(t.app, { ownerEmail: email });
    const listed = (await get(`/api/staff/referral-codes?q=REF-${code}`)).json();
    expect(listed.codes).toEqual([expect.objectContaining({ code, accounts: 1, kits: 1 })]);

    const off = await post(`/api/staff/referral-codes/REF-${code}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, accounts: 1 });
    const [row] = await t.database.db.select().from(referralCodes).where(eq(referralCodes.code, code));
    expect(row?.active).toBe(false);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: uniqueEmail('late'),
        password: PASSWORD,
        firstName: 'Late',
        lastName: 'Person',
        underAge: false,
        guardian: false,
        referralCode: code,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(KIT_MESSAGES.referralUnknown);
    const twice = await post(`/api/staff/referral-codes/${code}/deactivate`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(STAFF_CODE_MESSAGES.referralInactive);
  });

  it('refuses bad input with a message and creates nothing', async () => {
    const noName = await post('/api/staff/referral-codes', {
      code: 'DRNONAME',
      firstName: '',
      lastName: 'X',
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(STAFF_CODE_MESSAGES.nameRequired);
    const badCode = await post('/api/staff/referral-codes', { code: 'a!', firstName: 'A', lastName: 'B' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toContain('3 to 20 letters or digits');
    const [none] = await t.database.db.select().from(referralCodes).where(eq(referralCodes.code, 'DRNONAME'));
    expect(none).toBeUndefined();
    expect((await post('/api/staff/referral-codes/NOSUCH/deactivate')).statusCode).toBe(404);
    const badEmail = await post('/api/staff/referral-codes', {
      code: 'DRBADMAIL',
      firstName: 'A',
      lastName: 'B',
      email: 'not-an-email',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Enter the practitioner’s email address, like name@example.com.');
  });

  it("keeps the practitioner's email, where share links are sent (issue 36), or none when left empty", async () => {
    const withMail = unique('DRMAIL');
    expect(
      (
        await post('/api/staff/referral-codes', {
          code: withMail,
          firstName: 'A',
          lastName: 'B',
          email: 'Dr@Clinic.example',
        })
      ).statusCode,
    ).toBe(201);
    const without = unique('DRNOMAIL');
    expect(
      (await post('/api/staff/referral-codes', { code: without, firstName: 'A', lastName: 'B', email: '' }))
        .statusCode,
    ).toBe(201);
    const rows = await t.database.db.select().from(referralCodes);
    expect(rows.find((r) => r.code === withMail)?.email).toBe('dr@clinic.example');
    expect(rows.find((r) => r.code === without)?.email).toBeNull();
  });
});

describe('who may', () => {
  it('is for ADMIN: support and a customer are refused and nothing is created', async () => {
    const support = await signedInStaff(t.app, ['SUPPORT']);
    const code = unique('NOPE');
    const asSupport = await post('/api/staff/promo-codes', { code, type: 'TRACKING' }, support.accessToken);
    expect(asSupport.statusCode).toBe(403);
    expect((await get('/api/staff/referral-codes', customer.accessToken)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(row).toBeUndefined();
  });
});
