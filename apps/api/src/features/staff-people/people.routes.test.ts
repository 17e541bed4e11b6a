import { PEOPLE_MESSAGES, SUPPORT_VIEW_READ_ONLY } from '@portal/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentFormPdf } from '../../adapters/pdf/consent-form.ts';
import { staffAudit, users } from '../../db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestApp,
  ops,
  putProfile,
  signedInUser,
  TEST_PROFILE,
  type TestApp,
  uniqueEmail,
} from '../../test/helpers.ts';
import { signedInStaff } from '../../test/staff.ts';

const PDF = await consentFormPdf('Microbiome Lab', 'info@microbiome.example');
const BOUNDARY = '----staffpeople';
const multipart = (content: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="form.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

let t: TestApp;
let support: Awaited<ReturnType<typeof signedInStaff>>;
let person: Awaited<ReturnType<typeof signedInUser>>;
let minor: Awaited<ReturnType<typeof signedInUser>>;

const get = (url: string, token = support.accessToken) => t.app.inject({ url, headers: bearer(token) });
const post = (url: string, payload?: object, token = support.accessToken) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
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
  person = await signedInUser(t.app, { firstName: 'Hypatia', lastName: 'Alexandria' });
  const saved = await putProfile(t.app, person.accessToken, {
    ...TEST_PROFILE,
    firstName: 'Hypatia',
    lastName: 'Alexandria',
    phoneNumber: '0412 777 001',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  minor = await signedInUser(t.app, { underAge: true, firstName: 'Minnie', lastName: 'Minor' });
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/users/me/parental-consent/form',
    headers: { ...bearer(minor.accessToken), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(PDF),
  });
  expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
}, 60_000);
afterAll(() => t.close());

describe('finding people', () => {
  it('finds a person by email, name words, phone, kit and order', async () => {
    const kit = await createKit(t.app, { ownerEmail: person.email });
    const found = async (q: string) =>
      ((await get(`/api/staff/people?q=${encodeURIComponent(q)}`)).json().people as { id: string }[]).map(
        (p) => p.id,
      );
    expect(await found(person.email)).toEqual([person.id]);
    expect(await found(person.email.slice(0, 12))).toContain(person.id);
    expect(await found('hyp alex')).toEqual([person.id]);
    expect(await found('+61 412 777 001')).toEqual([person.id]);
    expect(await found(`KIT-${kit.id}`)).toEqual([person.id]);
    expect(await found(kit.sampleIdentifier)).toEqual([person.id]);
    expect(await found(kit.voucherCode.toLowerCase())).toEqual([person.id]);
    expect(await found('nobody-like-this')).toEqual([]);
  });

  it('pages by keyset without repeating anyone', async () => {
    for (let i = 0; i < 27; i += 1)
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/users',
        headers: ops,
        payload: {
          email: uniqueEmail('pager'),
          password: 'Secret12!',
          firstName: 'Pager',
          lastName: `Zed${i}`,
        },
      });
    const first = (await get('/api/staff/people?q=pager')).json();
    expect(first.people).toHaveLength(25);
    const second = (await get(`/api/staff/people?q=pager&after=${first.next}`)).json();
    expect(second.people).toHaveLength(2);
    expect(second.next).toBeNull();
    const ids = [...first.people, ...second.people].map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(27);
  });

  it('lists the consent forms waiting for review, oldest first', async () => {
    const res = (await get('/api/staff/people?consent=pending')).json();
    expect(res.people.map((p: { id: string }) => p.id)).toContain(minor.id);
    expect(res.people[0].consentFormPendingSince).not.toBeNull();
  });

  it('hides staff accounts from every role but ADMIN, in the search and on their page', async () => {
    const colleague = await signedInStaff(t.app, ['LAB']);
    const ids = async (token: string) =>
      (
        (await get(`/api/staff/people?q=${encodeURIComponent(colleague.email)}`, token)).json().people as {
          id: string;
        }[]
      ).map((p) => p.id);
    for (const role of ['SUPPORT', 'LAB', 'STUDY', 'LOGISTICS'] as const) {
      const other = role === 'SUPPORT' ? support : await signedInStaff(t.app, [role, 'SUPPORT']);
      expect(await ids(other.accessToken), role).toEqual([]);
      expect((await get(`/api/staff/people/${colleague.id}`, other.accessToken)).statusCode, role).toBe(404);
    }
    const admin = await signedInStaff(t.app, ['ADMIN']);
    expect(await ids(admin.accessToken)).toEqual([colleague.id]);
    const page = await get(`/api/staff/people/${colleague.id}`, admin.accessToken);
    expect(page.statusCode).toBe(200);
    expect(page.json().profile.isStaff).toBe(true);
  });

  it('refuses bad input with a message', async () => {
    const empty = await get('/api/staff/people?q=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(PEOPLE_MESSAGES.queryRequired);
    const cursor = await get('/api/staff/people?q=pager&after=garbage');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().message).toBe(PEOPLE_MESSAGES.badCursor);
    expect((await get('/api/staff/people/not-a-uuid')).statusCode).toBe(400);
    expect((await get('/api/staff/people/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe("a person's page", () => {
  it('shows the profile, kits, emails and access log, and audits the look', async () => {
    const page = (await get(`/api/staff/people/${person.id}`)).json();
    expect(page.profile).toMatchObject({ email: person.email, phoneNumber: '0412 777 001', isStaff: false });
    expect(page.kits.length).toBeGreaterThan(0);
    expect(await lastAudit(person.id)).toMatchObject({ action: 'person.view', actorId: support.id });
    const again = (await get(`/api/staff/people/${person.id}`)).json();
    expect(again.accessLog[0].what).toContain('person.view');
    expect(again.accessLog[0].who).toContain(support.email);
  });

  it('sends a password reset link and never sets a password', async () => {
    const [before] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    const res = await post(`/api/staff/people/${person.id}/password-reset`);
    expect(res.statusCode).toBe(202);
    const mail = (await t.app.inject({ url: `/api/admin/mail?to=${person.email}`, headers: ops })).json();
    expect(mail[0].subject).toContain('Reset your');
    const [after] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(await lastAudit(person.id)).toMatchObject({ action: 'person.password_reset.send' });
  });

  it('resends the verification email only to an unverified account', async () => {
    const verified = await post(`/api/staff/people/${person.id}/verification-email`);
    expect(verified.statusCode).toBe(409);
    expect(verified.json().message).toBe(PEOPLE_MESSAGES.alreadyVerified);
    const email = uniqueEmail('unverified');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: ops,
      payload: { email, password: 'Secret12!', firstName: 'U', lastName: 'V', unverified: true },
    });
    const id = created.json().id;
    expect((await post(`/api/staff/people/${id}/verification-email`)).statusCode).toBe(202);
    const mail = (await t.app.inject({ url: `/api/admin/mail?to=${email}`, headers: ops })).json();
    expect(mail[0].subject).toContain('Verify your email');
    expect(await lastAudit(id)).toMatchObject({ action: 'person.verification_email.send' });
  });

  it('opens the read-only support view, which reads but changes nothing', async () => {
    const res = await post(`/api/staff/people/${person.id}/support-view`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().access_token;
    const me = await get('/api/users/me', view);
    expect(me.json().email).toBe(person.email);
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(view),
      payload: { ...TEST_PROFILE, version: me.json().version },
    });
    expect(write.json().message).toBe(SUPPORT_VIEW_READ_ONLY);
    expect((await post(`/api/staff/people/${support.id}/support-view`)).statusCode).toBe(400);
    const opsView = await t.app.inject({
      method: 'POST',
      url: `/api/staff/people/${person.id}/support-view`,
      headers: ops,
    });
    expect(opsView.statusCode).toBe(403);
  });

  it("shows a minor's consent form inline and approves or declines it with a reason", async () => {
    const page = (await get(`/api/staff/people/${minor.id}`)).json();
    expect(page.consents.forms[0]).toMatchObject({ contentType: 'application/pdf', reviewedAt: null });
    const file = await get(`/api/staff/people/${minor.id}/consent-form`);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.headers['content-disposition']).toContain('inline');
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    const noReason = await post(`/api/staff/people/${minor.id}/consent-review`, { approve: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(PEOPLE_MESSAGES.reasonRequired);
    const declined = await post(`/api/staff/people/${minor.id}/consent-review`, {
      approve: false,
      reason: 'The parent did not sign.',
    });
    expect(declined.json()).toEqual({ parentConsented: false });
    expect(await lastAudit(minor.id)).toMatchObject({
      action: 'consent.review.reject',
      after: { parentConsented: false, reason: 'The parent did not sign.' },
    });
    const twice = await post(`/api/staff/people/${minor.id}/consent-review`, { approve: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PEOPLE_MESSAGES.noPendingForm);
    const adult = await post(`/api/staff/people/${person.id}/consent-review`, { approve: true });
    expect(adult.json().message).toBe(PEOPLE_MESSAGES.notUnderAge);
  });

  it('is for SUPPORT: another role and a customer are refused', async () => {
    const lab = await signedInStaff(t.app, ['LAB']);
    expect((await get(`/api/staff/people/${person.id}`, lab.accessToken)).statusCode).toBe(403);
    expect((await get(`/api/staff/people/${person.id}`, person.accessToken)).statusCode).toBe(403);
    expect(
      (await post(`/api/staff/people/${person.id}/password-reset`, undefined, minor.accessToken)).statusCode,
    ).toBe(403);
  });
});

describe('the person reads what staff did about them', () => {
  it('lists the entries about their own account in plain words, not another person’s', async () => {
    const mine = (await get('/api/me/audit', person.accessToken)).json();
    const whats = mine.entries.map((e: { what: string }) => e.what);
    expect(whats).toContain('Sent you a link to reset your password');
    expect(whats).toContain('Opened a read-only view of your portal');
    // Who: the staff member's first name (issue 33 item 22).
    expect(mine.entries[0].who).toBe('Sam');
    expect(JSON.stringify(mine)).not.toContain(support.email);
    const theirs = (await get('/api/me/audit', minor.accessToken)).json();
    expect(theirs.entries.map((e: { what: string }) => e.what)).not.toContain(
      'Sent you a link to reset your password',
    );
    expect(JSON.stringify(theirs)).not.toContain(person.id);
  });
});
