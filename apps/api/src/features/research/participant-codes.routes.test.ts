import {
  decodeParticipantCode,
  PARTICIPANT_CODE_ALPHABET,
  RESEARCH_MESSAGES,
  VOUCHER_REQUIRED,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantCodes, projectMembers, users } from '../../db/schema/index.ts';
import {
  bearer,
  createKit,
  createTestApp,
  ops,
  PASSWORD,
  signedInUser,
  signIn,
  type TestApp,
  uniqueEmail,
} from '../../test/helpers.ts';

/** Decision 021: a project's own participant code joins nothing alone; a voucher or an issued code does. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_TYPE: 'RESEARCH', VOUCHER_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

async function project(app = t.app, name = 'Gut and Mood Study') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/projects',
    headers: ops,
    payload: { name, logisticType: 'LAB_MANAGED' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; participantCode: string };
}
const issue = (projectId: number, email: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/projects/${projectId}/participant-codes`,
    headers: ops,
    payload: { email },
  });
async function issued(projectId: number, email: string) {
  const res = await issue(projectId, email);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().participantCode as string;
}
const voucherOf = async (projectId: number) => (await createKit(t.app, { projectId })).voucherCode;
const check = (participantIdentifier: string, username: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/research/register-check',
    payload: { participantIdentifier, username },
  });
const join = (
  user: { id: string; accessToken: string },
  participantIdentifier: string,
  voucher?: string,
  app = t.app,
) =>
  app.inject({
    method: 'POST',
    url: '/api/research/join',
    headers: bearer(user.accessToken),
    payload: { participantIdentifier, userId: user.id, ...(voucher ? { voucher } : {}) },
  });
const memberships = (userId: string) =>
  t.database.db.select().from(projectMembers).where(eq(projectMembers.userId, userId));

describe('issued participant codes', () => {
  it('are 6 characters of the fixed alphabet that pass the local check, stored only as a keyed hash', async () => {
    const p = await project();
    const email = uniqueEmail('issued');
    const code = await issued(p.id, email);
    expect(code).toMatch(new RegExp(`^[${PARTICIPANT_CODE_ALPHABET}]{6}$`));
    expect(decodeParticipantCode(code)).not.toBeNull();
    expect(code).not.toBe(p.participantCode);
    const rows = await t.database.db.select().from(participantCodes).where(eq(participantCodes.email, email));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('are refused for an unknown project and the consumer product line', async () => {
    expect((await issue(99_999, 'a@example.com')).statusCode).toBe(404);
    expect((await issue(1, 'a@example.com')).statusCode).toBe(404);
    expect((await issue(1, 'not an email')).statusCode).toBe(400);
  });
});

describe('registration code check', () => {
  it("answers a project's own code alone with 'Invalid participant code.'", async () => {
    const p = await project();
    const res = await check(p.participantCode, uniqueEmail());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: RESEARCH_MESSAGES.invalidCode, code: VOUCHER_REQUIRED });
  });

  it('accepts an issued code with its own email only', async () => {
    const p = await project();
    const email = uniqueEmail('invited');
    const code = await issued(p.id, email);
    const other = await check(code, uniqueEmail('someone-else'));
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(RESEARCH_MESSAGES.codeNotFound);
    const own = await check(` ${code.toLowerCase()} `, email.toUpperCase());
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual({ researchProjectName: 'Gut and Mood Study' });
  });
});

describe('joining a project', () => {
  it("refuses a project's own code alone, and joins nobody", async () => {
    const p = await project();
    const user = await signedInUser(t.app, { type: 'RESEARCH' });
    const res = await join(user, p.participantCode);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: RESEARCH_MESSAGES.invalidCode, code: VOUCHER_REQUIRED });
    expect(await memberships(user.id)).toEqual([]);
  });

  it("joins with a project's own code and a voucher of that project, not of another", async () => {
    const p = await project();
    const other = await project(t.app, 'Another study');
    const user = await signedInUser(t.app, { type: 'RESEARCH' });
    const foreign = await join(user, p.participantCode, await voucherOf(other.id));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(RESEARCH_MESSAGES.mismatch);
    expect(await memberships(user.id)).toEqual([]);

    const res = await join(user, p.participantCode, await voucherOf(p.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ researchProjectName: 'Gut and Mood Study', projectId: p.id });
    expect((await memberships(user.id)).map((m) => m.projectId)).toEqual([p.id]);
  });

  it("joins with a code issued to the person's email, which then matches the project's vouchers", async () => {
    const p = await project();
    const other = await project(t.app, 'Another study');
    const user = await signedInUser(t.app, { type: 'RESEARCH' });
    const code = await issued(p.id, user.email);
    const res = await join(user, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().projectId).toBe(p.id);
    // Joining again with it is harmless.
    expect((await join(user, code)).statusCode).toBe(200);

    const voucherCheck = async (voucher: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/research/check-voucher',
        headers: bearer(user.accessToken),
        payload: { voucher, participantIdentifier: code },
      });
    expect((await voucherCheck(await voucherOf(p.id))).json().researchProjectName).toBe('Gut and Mood Study');
    const mismatch = await voucherCheck(await voucherOf(other.id));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(RESEARCH_MESSAGES.mismatch);
  });

  it("refuses someone else's issued code, and a spent code to a new account of the same email", async () => {
    const p = await project();
    const owner = await signedInUser(t.app, { type: 'RESEARCH' });
    const stranger = await signedInUser(t.app, { type: 'RESEARCH' });
    const code = await issued(p.id, owner.email);
    const stolen = await join(stranger, code);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(RESEARCH_MESSAGES.codeNotFound);
    expect((await join(owner, code)).statusCode).toBe(200);

    // The account goes; a new one with the same email cannot spend the code again.
    await t.database.db.delete(users).where(eq(users.id, owner.id));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: ops,
      payload: { email: owner.email, password: PASSWORD, firstName: 'New', lastName: 'Person' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const again = await signIn(t.app, owner.email);
    const spent = await join(again, code);
    expect(spent.statusCode).toBe(400);
    expect(spent.json().message).toBe(RESEARCH_MESSAGES.invalidCode);
    expect(await memberships(again.id)).toEqual([]);
  });
});

describe('participant-code checks are rate limited like vouchers', () => {
  it('counts the registration check, joining and voucher checks of one address together', async () => {
    const limited = await createTestApp({ APP_TYPE: 'RESEARCH', VOUCHER_RATE_LIMIT: '3' });
    try {
      const p = await project(limited.app);
      const user = await signedInUser(limited.app, { type: 'RESEARCH' });
      expect((await check(p.participantCode, uniqueEmail(), limited.app)).statusCode).toBe(400);
      expect((await join(user, p.participantCode, undefined, limited.app)).statusCode).toBe(400);
      expect((await check('ZZZZZZ', uniqueEmail(), limited.app)).statusCode).not.toBe(429);
      // The limit is spent whichever route asks next.
      const refused = [
        await check(p.participantCode, uniqueEmail(), limited.app),
        await join(user, p.participantCode, undefined, limited.app),
        await limited.app.inject({
          method: 'POST',
          url: '/api/research/check-voucher',
          headers: bearer(user.accessToken),
          payload: { voucher: 'ABCD-EFGH-JKMN', participantIdentifier: p.participantCode },
        }),
      ];
      expect(refused.map((r) => r.statusCode)).toEqual([429, 429, 429]);
      expect(refused[0]?.json().code).toBe('RATE_LIMITED');
      expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
