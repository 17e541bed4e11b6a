import {
  KIT_SUMMARY_TEXTS,
  kitCardStatus,
  kitNextStep,
  orderNumber,
  STAFF_ORDER_MESSAGES,
  STAFF_REPLACEMENT_MESSAGES,
} from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentFormPdf } from '../../adapters/pdf/consent-form.ts';
import { kitEvents, kits, orders, outbox, staffAudit, testPaymentRefunds } from '../../db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestApp,
  notificationsOfKind,
  ops,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';
import { placeKitOrder } from './staff-orders.test-helpers.ts';

/**
 * Issue 34 items 12 and 14: people are told what staff did (a refund, a consent decision, a replacement
 * kit), and a customer's own purchase is attributed to them.
 */

let t: TestApp;
let support: Awaited<ReturnType<typeof signedInStaff>>;
let lab: Awaited<ReturnType<typeof signedInStaff>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;

const get = (url: string, token = support.accessToken) => t.app.inject({ url, headers: bearer(token) });
const post = (url: string, payload?: object, token = support.accessToken) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const mailTo = async (to: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
const refundsOf = async (paymentId: string) =>
  t.database.db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.paymentId, paymentId));
const kitRow = async (id: number) => (await t.database.db.select().from(kits).where(eq(kits.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_RATE_LIMIT: '1000', VOUCHER_RATE_LIMIT: '1000' });
  support = await signedInStaff(t.app, ['SUPPORT']);
  lab = await signedInStaff(t.app, ['LAB']);
  customer = await signedInUser(t.app, { firstName: 'Grace', lastName: 'Hopper' });
  other = await signedInUser(t.app, { firstName: 'Otto', lastName: 'Other' });
}, 60_000);
afterAll(() => t.close());

describe('a refund tells the customer and the portal', () => {
  it('refunds part, then the rest; each refund is emailed; the full one cancels unsent kits and marks sent ones Refunded', async () => {
    const order = await placeKitOrder(t, customer, { count: 2 });
    const [sent, unsent] = order.kitIds as [number, number];
    await t.database.db.update(kits).set({ kitStatus: 'DISPATCHED_BY_LAB' }).where(eq(kits.id, sent));
    const url = `/api/staff/orders/${order.orderId}/refund`;
    const before = (await mailTo(customer.email)).length;

    const part = await post(url, { reason: 'One kit arrived damaged', amountCents: 10_000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ refund: { amountCents: 10_000 }, refundableCents: 59_800 });
    expect((await kitRow(unsent))?.kitStatus).toBe('UNASSIGNED');
    expect((await kitRow(sent))?.orderRefundedAt).toBeNull();
    const [partMail] = await mailTo(customer.email);
    expect(partMail?.subject).toContain(`Part of your`);
    expect(partMail?.subject).toContain(orderNumber(order.orderId));
    expect(partMail?.text).toContain('We have refunded $100.00 AUD of your order');
    expect(partMail?.text).not.toContain('One kit arrived damaged');

    const rest = await post(url, { reason: 'Customer cancelled the rest' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ refund: { amountCents: 69_800 }, refundableCents: 0 });
    expect((await refundsOf(order.paymentId)).map((r) => [r.idempotencyKey, r.amountCents])).toEqual([
      [`order-refund-${order.orderId}`, 10_000],
      [`order-refund-${order.orderId}-after-10000`, 59_800],
    ]);
    expect((await kitRow(unsent))?.kitStatus).toBe('INVALIDATED');
    expect((await kitRow(sent))?.kitStatus).toBe('DISPATCHED_BY_LAB');
    const mails = await mailTo(customer.email);
    expect(mails.length - before).toBe(2);
    expect(mails[0]?.subject).toMatch(/^Your .* order ORD-\d+ has been refunded$/);
    expect(mails[0]?.text).toContain('We have refunded $598.00 AUD');
    expect(mails[0]?.text).toContain('In all, $698.00 of the $698.00 you paid has been refunded.');
    expect(mails[0]?.text).toContain('A kit we have already sent you stays yours.');
    // Each refund is a notification in the customer's inbox (issue 35), its email the one in the outbox.
    const notices = await notificationsOfKind(t.database.db, { userId: customer.id }, 'order-refund');
    expect(notices).toHaveLength(2);
    expect(notices[0]).toMatchObject({
      category: 'ORDERS',
      subject: mails[0]?.subject,
      link: '/kits',
      actionLabel: 'See my kits',
      readAt: null,
      channels: ['EMAIL', 'IN_APP'],
      mail: { id: mails[0]?.id, kind: 'order-refund' },
    });
    expect(notices[0]?.body).toContain('We have refunded $598.00 AUD');
    expect(notices[1]?.mail?.id).toBe(partMail?.id);
    const inbox = (await get('/api/me/notifications', customer.accessToken)).json();
    expect(inbox.notifications[0]).toMatchObject({ subject: mails[0]?.subject, link: '/kits', read: false });

    // The customer's own kits list: the sent kit reads Refunded, not "Your kit is on its way".
    const list = (await get('/api/kits', customer.accessToken)).json() as { id: number }[];
    const card = list.find((k) => k.id === sent);
    expect(card).toMatchObject({ kitStatus: 'DISPATCHED_BY_LAB', orderRefundedDate: expect.any(String) });
    const summary = card as unknown as Parameters<typeof kitCardStatus>[0];
    expect(kitCardStatus(summary)).toBe(KIT_SUMMARY_TEXTS.refunded);
    expect(kitNextStep(summary)).toBe(KIT_SUMMARY_TEXTS.refundedNext);
    expect(kitNextStep({ ...summary, orderRefundedDate: null })).toBe(KIT_SUMMARY_TEXTS.onItsWay);

    const third = await post(url, { reason: 'Again' });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(STAFF_ORDER_MESSAGES.alreadyRefunded);
    expect((await mailTo(customer.email)).length - before).toBe(2);
  });

  it('refuses more than is left, or a bad amount, changing nothing and sending nothing', async () => {
    const order = await placeKitOrder(t, customer, { count: 1 });
    const url = `/api/staff/orders/${order.orderId}/refund`;
    const mails = (await mailTo(customer.email)).length;
    const tooMuch = await post(url, { reason: 'Too much', amountCents: 34_901 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(STAFF_ORDER_MESSAGES.amountTooHigh(34_900));
    for (const amountCents of [0, -5, 12.5, 'ten'])
      expect((await post(url, { reason: 'Bad', amountCents })).statusCode).toBe(400);
    expect(await refundsOf(order.paymentId)).toEqual([]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.refundedCents).toBeNull();
    expect((await mailTo(customer.email)).length).toBe(mails);
  });

  it('is for SUPPORT only: a customer, LAB and a read-only support view are refused, nothing changed', async () => {
    const order = await placeKitOrder(t, customer, { count: 1 });
    const url = `/api/staff/orders/${order.orderId}/refund`;
    const view = await post(`/api/staff/people/${customer.id}/support-view`);
    expect(view.statusCode, view.body).toBe(200);
    for (const token of [customer.accessToken, other.accessToken, lab.accessToken, view.json().access_token])
      expect((await post(url, { reason: 'Not mine' }, token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url, payload: { reason: 'x' } })).statusCode).toBe(401);
    expect(await refundsOf(order.paymentId)).toEqual([]);
  });
});

describe('attribution of a purchase (item 14)', () => {
  it("names the customer, not the operator key, as the buyer of their own web purchase's kit", async () => {
    const order = await placeKitOrder(t, customer, { count: 1 });
    const kitId = order.kitIds[0] as number;
    const [event] = await t.database.db
      .select()
      .from(kitEvents)
      .where(and(eq(kitEvents.kitId, kitId), eq(kitEvents.eventType, 'PURCHASED')));
    expect(event?.actor).toBe(customer.id);
    const detail = (await get(`/api/staff/kits/${kitId}`)).json();
    expect(detail.events[0]).toMatchObject({ eventType: 'PURCHASED', actor: 'Grace Hopper' });
  });
});

describe('a replacement kit ordered on the customer’s behalf', () => {
  async function failedKit(owner: { email: string }) {
    const kit = await createKit(t.app, { ownerEmail: owner.email });
    await t.database.db
      .update(kits)
      .set({
        shipFirstName: 'Grace',
        shipLastName: 'Hopper',
        shipAddressLine1: '1 Harbour St',
        shipSuburb: 'Sydney',
        shipState: 'NSW',
        shipPostcode: '2000',
      })
      .where(eq(kits.id, kit.id));
    for (const payload of [
      { kitStatus: 'REQUESTED' },
      { kitStatus: 'DISPATCHED_BY_LAB' },
      { sampleStatus: 'RECEIVED_BY_LAB' },
      { sampleStatus: 'FAILED_OVERLOADED' },
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/kits/${kit.id}`,
        headers: ops,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return kit;
  }

  it('orders a free kit sent where the failed one went, emails the customer, audits it, and does it once', async () => {
    const failed = await failedKit(customer);
    const res = await post('/api/staff/replacements', { kitId: failed.id, reason: 'Caller: sample failed' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ sent: true, orderNumber: expect.stringMatching(/^ORD-/) });
    expect(body.message).toBe(STAFF_REPLACEMENT_MESSAGES.ordered(body.kitId, body.orderNumber, true));
    expect(await kitRow(failed.id)).toMatchObject({ kitStatus: 'REPLACED' });
    expect(await kitRow(body.kitId)).toMatchObject({
      ownerId: customer.id,
      replacesKitId: failed.id,
      kitStatus: 'REQUESTED',
      shipAddressLine1: '1 Harbour St',
    });
    const [purchase] = await t.database.db
      .select()
      .from(kitEvents)
      .where(and(eq(kitEvents.kitId, body.kitId), eq(kitEvents.eventType, 'PURCHASED')));
    expect(purchase?.actor).toBe(support.id);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.replacingKitId, failed.id));
    expect(order).toMatchObject({ userId: customer.id, orderType: 'REPLACEMENT', amountCents: 0 });
    const [entry] = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'kit.replacement.order'), eq(staffAudit.entityId, String(failed.id))));
    expect(entry).toMatchObject({
      actorId: support.id,
      subjectId: customer.id,
      after: { replacementKitId: body.kitId, reason: 'Caller: sample failed' },
    });
    const mails = await mailTo(customer.email);
    const mail = mails.find((m) => m.kind === 'staff-replacement');
    expect(mail?.text).toContain(`KIT-${failed.id}`);
    expect(mail?.text).toContain(`KIT-${body.kitId}, free of charge`);
    const [notice, ...more] = await notificationsOfKind(
      t.database.db,
      { userId: customer.id },
      'kit-replacement',
    );
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      category: 'ORDERS',
      subject: mail?.subject,
      link: '/kits',
      channels: ['EMAIL', 'IN_APP'],
      mail: { id: mail?.id },
    });

    const twice = await post('/api/staff/replacements', { kitId: failed.id, reason: 'Double click' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(STAFF_REPLACEMENT_MESSAGES.alreadyReplaced);
    expect(
      await t.database.db.select().from(orders).where(eq(orders.replacingKitId, failed.id)),
    ).toHaveLength(1);
  });

  it('refuses a kit whose sample did not fail, an unknown kit, no reason, and anyone but SUPPORT', async () => {
    const fine = await createKit(t.app, { ownerEmail: customer.email });
    const notFailed = await post('/api/staff/replacements', { kitId: fine.id, reason: 'x' });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().message).toBe(STAFF_REPLACEMENT_MESSAGES.notReplaceable);
    expect((await post('/api/staff/replacements', { kitId: 99_999_999, reason: 'x' })).statusCode).toBe(404);
    expect((await post('/api/staff/replacements', { kitId: fine.id, reason: ' ' })).statusCode).toBe(400);
    const failed = await failedKit(other);
    for (const token of [customer.accessToken, other.accessToken, lab.accessToken])
      expect(
        (await post('/api/staff/replacements', { kitId: failed.id, reason: 'x' }, token)).statusCode,
      ).toBe(403);
    expect((await kitRow(failed.id))?.kitStatus).toBe('FAILED_OVERLOADED');
    expect((await kitRow(fine.id))?.kitStatus).toBe('UNASSIGNED');
  });
});

describe('a consent-form decision tells the family', () => {
  const BOUNDARY = '----notices';
  async function minorWithForm() {
    const minor = await signedInUser(t.app, { underAge: true, firstName: 'Minnie', lastName: 'Minor' });
    const pdf = await consentFormPdf('Microbiome Lab', 'info@microbiome.example');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/parental-consent/form',
      headers: { ...bearer(minor.accessToken), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="form.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return minor;
  }
  const status = async (token: string) => (await get('/api/users/me/parental-consent', token)).json();

  it('emails a decline with its reason, and My Profile reads the reason; only the person sees it', async () => {
    const minor = await minorWithForm();
    expect(await status(minor.accessToken)).toEqual({
      state: 'PENDING',
      decidedAt: null,
      declineReason: null,
    });
    const reason = 'The signature is missing on page 2.';
    const res = await post(`/api/staff/people/${minor.id}/consent-review`, { approve: false, reason });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = (await mailTo(minor.email)).filter((m) => m.kind === 'consent-decision');
    expect(mail?.subject).toContain('needs another look');
    expect(mail?.text).toContain(reason);
    const notices = await notificationsOfKind(t.database.db, { userId: minor.id }, 'consent-decision');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      category: 'CONSENT',
      subject: mail?.subject,
      link: '/profile',
      channels: ['EMAIL', 'IN_APP'],
      mail: { id: mail?.id },
    });
    expect(notices[0]?.body).toContain(reason);
    expect(await status(minor.accessToken)).toEqual({
      state: 'DECLINED',
      decidedAt: expect.any(String),
      declineReason: reason,
    });
    // Another person reads their own (no form), never this one's; nobody signed in is refused.
    expect(await status(other.accessToken)).toEqual({ state: 'NONE', decidedAt: null, declineReason: null });
    expect((await t.app.inject({ url: '/api/users/me/parental-consent' })).statusCode).toBe(401);
  });

  it('emails an approval, and a declined decision is not sent when the review is refused', async () => {
    const minor = await minorWithForm();
    const noReason = await post(`/api/staff/people/${minor.id}/consent-review`, { approve: false });
    expect(noReason.statusCode).toBe(400);
    expect((await mailTo(minor.email)).filter((m) => m.kind === 'consent-decision')).toEqual([]);
    const byLab = await post(
      `/api/staff/people/${minor.id}/consent-review`,
      { approve: true },
      lab.accessToken,
    );
    expect(byLab.statusCode).toBe(403);
    const res = await post(`/api/staff/people/${minor.id}/consent-review`, { approve: true });
    expect(res.statusCode, res.body).toBe(200);
    const decisions = (await mailTo(minor.email)).filter((m) => m.kind === 'consent-decision');
    expect(decisions).toHaveLength(1);
    expect(decisions[0]?.subject).toContain('is approved');
    const notices = await notificationsOfKind(t.database.db, { userId: minor.id }, 'consent-decision');
    expect(notices.map((n) => [n.subject, n.mail?.id])).toEqual([[decisions[0]?.subject, decisions[0]?.id]]);
    expect((await status(minor.accessToken)).state).toBe('APPROVED');
  });
});
