import { STAFF_EMAIL_MESSAGES } from '@portal/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMessage } from '../../adapters/mail/dispatcher.ts';
import { notificationDeliveries, outbox, staffAudit } from '../../db/schema/index.ts';
import { bearer, createKit, createTestApp, must, signedInUser, type TestApp } from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';

let t: TestApp;
let support: Awaited<ReturnType<typeof signedInStaff>>;
let person: Awaited<ReturnType<typeof signedInUser>>;

const get = (url: string, token = support.accessToken) => t.app.inject({ url, headers: bearer(token) });
const post = (url: string, token = support.accessToken) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token) });
const mailOf = (email: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id);
const lastAudit = async (subjectId: string) =>
  (
    await t.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.subjectId, subjectId))
      .orderBy(desc(staffAudit.at))
      .limit(1)
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  support = await signedInStaff(t.app, ['SUPPORT']);
  person = await signedInUser(t.app);
  const kit = await createKit(t.app, { ownerEmail: person.email });
  const activated = await t.app.inject({
    method: 'POST',
    url: `/api/kits/${kit.id}/activate`,
    headers: bearer(person.accessToken),
    payload: { addressLine1: '9 Test St', suburb: 'Brisbane City', state: 'QLD', postcode: '4000' },
  });
  expect(activated.statusCode, activated.body).toBeLessThan(300);
}, 60_000);
afterAll(() => t.close());

describe("support reads and resends a person's emails", () => {
  it('lists each email with its status on the person page, and reads one (audited)', async () => {
    const [mail] = await mailOf(person.email);
    const id = must(mail, 'the kit mail').id;
    await deliverMessage(
      t.database.db,
      {
        send: async () => {
          throw Object.assign(new Error('550 no such user'), { responseCode: 550 });
        },
      },
      id,
    );
    const page = (await get(`/api/staff/people/${person.id}`)).json();
    expect(page.emails[0]).toMatchObject({ id, status: 'BOUNCED', detail: '550 no such user' });
    expect(page.emailUndeliverable).toBe(false);

    const read = await get(`/api/staff/people/${person.id}/emails/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id,
      subject: 'We are packing your Microbiome Lab kit',
      status: 'BOUNCED',
      resendable: true,
    });
    expect(read.json().text).toContain('Follow your kit');
    expect(await lastAudit(person.id)).toMatchObject({ action: 'person.email.read', actorId: support.id });
  });

  it('resends one: a new message to the same address, a new delivery on the notification, audited', async () => {
    const [mail] = await mailOf(person.email);
    const id = must(mail, 'the kit mail').id;
    const res = await post(`/api/staff/people/${person.id}/emails/${id}/resend`);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(STAFF_EMAIL_MESSAGES.resent(person.email));
    const after = await mailOf(person.email);
    expect(after.map((m) => m.subject)).toEqual([mail?.subject, mail?.subject]);
    expect(after[1]?.kind).toBe('support-resend');
    const deliveries = await t.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.outboxId, must(after[1], 'the resend').id));
    expect(deliveries).toMatchObject([
      { channel: 'EMAIL', status: 'QUEUED', detail: 'Sent again by support.' },
    ]);
    expect(await lastAudit(person.id)).toMatchObject({ action: 'person.email.resend' });
  });

  it('withholds the link of a password reset and never resends it', async () => {
    await post(`/api/staff/people/${person.id}/password-reset`);
    const reset = must(
      (await mailOf(person.email)).find((m) => m.kind === 'password-reset'),
      'the reset mail',
    );
    const read = (await get(`/api/staff/people/${person.id}/emails/${reset.id}`)).json();
    expect(read.resendable).toBe(false);
    expect(read.text).toContain(STAFF_EMAIL_MESSAGES.linkWithheld);
    expect(read.text).not.toContain('/reset-password?');
    const before = (await mailOf(person.email)).length;
    const refused = await post(`/api/staff/people/${person.id}/emails/${reset.id}/resend`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STAFF_EMAIL_MESSAGES.notResendable);
    expect(await mailOf(person.email)).toHaveLength(before);
  });

  it("finds no email of another person under this person's page, and lets no customer in", async () => {
    const other = await signedInUser(t.app);
    const [mail] = await mailOf(person.email);
    const id = must(mail, 'a mail').id;
    const crossed = await get(`/api/staff/people/${other.id}/emails/${id}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe(STAFF_EMAIL_MESSAGES.notFound);
    expect((await post(`/api/staff/people/${other.id}/emails/${id}/resend`)).statusCode).toBe(404);
    expect((await get(`/api/staff/people/${person.id}/emails/${id}`, person.accessToken)).statusCode).toBe(
      403,
    );
    expect(
      (await post(`/api/staff/people/${person.id}/emails/${id}/resend`, other.accessToken)).statusCode,
    ).toBe(403);
  });
});
