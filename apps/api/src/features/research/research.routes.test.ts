import { encodeParticipantCode, RESEARCH_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonationAudit } from '../../db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestApp,
  ops,
  PASSWORD,
  signedInUser,
  type TestApp,
} from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_TYPE: 'RESEARCH', VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

async function project(name = 'Gut and Mood Study', logistics = 'LAB_MANAGED') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/projects',
    headers: ops,
    payload: {
      name,
      logisticType: logistics,
      contactName: 'Dr Sam Lee',
      phone: '07 3000 0000',
      email: 'study@example.com',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; participantCode: string };
}
/** A participant code issued to one email (ops participant-code:issue): a project's own code joins nothing alone. */
async function issued(projectId: number, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/projects/${projectId}/participant-codes`,
    headers: ops,
    payload: { email },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().participantCode as string;
}
const check = (participantIdentifier: string, username: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/research/register-check',
    payload: { participantIdentifier, username },
  });

describe('participant code check at registration', () => {
  it('names the study for a code issued to this new email', async () => {
    const p = await project();
    const code = await issued(p.id, 'new.person@example.com');
    const res = await check(code.toLowerCase(), 'new.person@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ researchProjectName: 'Gut and Mood Study' });
  });

  it.each([
    ['not a code', 400, RESEARCH_MESSAGES.invalidCode],
    [encodeParticipantCode(99_999), 404, RESEARCH_MESSAGES.codeNotFound],
    [encodeParticipantCode(1), 404, RESEARCH_MESSAGES.codeNotFound],
  ])('answers %s with %i', async (code, status, message) => {
    const res = await check(code, 'someone@example.com');
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('answers 409 for an email that already has an account', async () => {
    const p = await project();
    const user = await signedInUser(t.app);
    const res = await check(await issued(p.id, user.email), user.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RESEARCH_MESSAGES.emailExists);
  });
});

describe('projects, vouchers and kits', () => {
  it('joins a project, matches voucher and code, and lists kits by project with contacts', async () => {
    const a = await project('Study A');
    const b = await project('Study B');
    const user = await signedInUser(t.app, { type: 'RESEARCH' });
    const join = await t.app.inject({
      method: 'POST',
      url: '/api/research/join',
      headers: bearer(user.accessToken),
      payload: { participantIdentifier: await issued(a.id, user.email), userId: user.id },
    });
    expect(join.json()).toMatchObject({ researchProjectName: 'Study A' });
    const kit = await createKit(t.app, { projectId: a.id });
    const voucherCheck = (participantIdentifier?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/research/check-voucher',
        headers: bearer(user.accessToken),
        payload: { voucher: kit.voucherCode, ...(participantIdentifier ? { participantIdentifier } : {}) },
      });
    expect((await voucherCheck(a.participantCode)).json()).toMatchObject({
      researchProjectName: 'Study A',
      researchProjectLogisticsType: 'LAB_MANAGED',
      kitId: kit.id,
    });
    const mismatch = await voucherCheck(b.participantCode);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(RESEARCH_MESSAGES.mismatch);

    await t.app.inject({
      method: 'POST',
      url: '/api/kits/redeem',
      headers: bearer(user.accessToken),
      payload: { kitId: kit.id, voucher: kit.voucherCode, activate: false },
    });
    const listed = (
      await t.app.inject({ url: '/api/research/kits', headers: bearer(user.accessToken) })
    ).json();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      name: 'Study A',
      contactName: 'Dr Sam Lee',
      phone: '07 3000 0000',
      email: 'study@example.com',
    });
    expect(listed[0].kits.map((k: { id: number }) => k.id)).toEqual([kit.id]);
  });

  it('refuses to join on behalf of someone else', async () => {
    const p = await project();
    const user = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/research/join',
      headers: bearer(user.accessToken),
      payload: { participantIdentifier: p.participantCode, userId: other.id },
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/research/kits', headers: bearer(other.accessToken) })).json(),
    ).toEqual([]);
  });
});

describe('impersonation', () => {
  it('is refused without the IMPERSONATE authority', async () => {
    const user = await signedInUser(t.app);
    const target = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(user.accessToken),
      payload: { username: target.email },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets support view as a participant, audits each request, and refuses a password change', async () => {
    const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
    const target = await signedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(support.accessToken),
      payload: { username: target.email },
    });
    expect(res.statusCode).toBe(200);
    const { access_token, user_id, actor_id } = res.json();
    expect([user_id, actor_id]).toEqual([target.id, support.id]);
    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(access_token) });
    expect(me.json().email).toBe(target.email);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(access_token),
      payload: {
        firstName: 'X',
        lastName: 'Y',
        gender: 'OTHER',
        dateOfBirth: '1990-01-01',
        phoneNumber: '0412 345 678',
        addressLine1: '1 George St',
        suburb: 'Brisbane City',
        state: 'QLD',
        postcode: '4000',
        password: PASSWORD,
        newPassword: 'Another1!pass',
        version: me.json().version,
      },
    });
    expect(change.statusCode).toBe(403);
    const audit = await t.database.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.subjectId, target.id));
    expect(audit.map((a) => [a.actorId, a.method, a.route])).toEqual([
      [support.id, 'GET', '/api/users/me'],
      [support.id, 'PUT', '/api/users/me'],
    ]);
    // Operators read the same rows, newest first (ops audit:impersonation).
    const listed = await t.app.inject({
      url: `/api/admin/impersonation-audit?subjectId=${target.id}`,
      headers: ops,
    });
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json()
        .map((a: { actorId: string; method: string; statusCode: number }) => [
          a.actorId,
          a.method,
          a.statusCode,
        ]),
    ).toEqual([
      [support.id, 'PUT', 403],
      [support.id, 'GET', 200],
    ]);
  });
});
