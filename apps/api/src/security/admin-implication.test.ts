import { STAFF_ROLES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '../features/data-rights/exports.service.ts';
import { OPERATOR_KEY_ONLY } from '../plugins/authenticate.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../test/helpers.ts';
import { signedInStaff } from '../test/staff.ts';

// Issue 32: requireAuthority gives ADMIN every authority, so an ADMIN token once took any person's
// export ZIP, and could read the outbox (every person's reset links). The export routes behind ops
// user:export now open to the operator key only, and ADMIN no longer implies MAIL_READ. The review of
// every requireAuthority use is the table in docs/security.md.

let t: TestApp;
let exportId: string;
let personEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  const person = await signedInUser(t.app);
  personEmail = person.email;
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/admin/exports',
    headers: ops,
    payload: { email: person.email },
  });
  expect(started.statusCode, started.body).toBe(202);
  exportId = started.json().id;
  await runExport(t.app.ctx, exportId);
}, 60_000);
afterAll(() => t.close());

const requests = () => [
  { method: 'GET' as const, url: `/api/admin/exports/${exportId}/download` },
  { method: 'GET' as const, url: `/api/admin/exports/${exportId}` },
  { method: 'POST' as const, url: '/api/admin/exports', payload: { email: personEmail } },
];

describe('the operator export routes', () => {
  it('give the ZIP to the operator key', async () => {
    const res = await t.app.inject({ url: `/api/admin/exports/${exportId}/download`, headers: ops });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it.each(STAFF_ROLES)('refuse %s staff (past the second factor) with 403, and no ZIP', async (role) => {
    const staff = await signedInStaff(t.app, [role]);
    for (const request of requests()) {
      const res = await t.app.inject({ ...request, headers: bearer(staff.accessToken) });
      expect(res.statusCode, `${request.method} ${request.url} as ${role}`).toBe(403);
      expect(res.json().message).toBe(OPERATOR_KEY_ONLY);
      expect(res.rawPayload.subarray(0, 2).toString()).not.toBe('PK');
    }
  });

  it('refuse an account holding DATA_RIGHTS itself, and a customer', async () => {
    const holder = await signedInUser(t.app, { authorities: ['DATA_RIGHTS'] });
    const customer = await signedInUser(t.app);
    for (const token of [holder.accessToken, customer.accessToken])
      for (const request of requests()) {
        const res = await t.app.inject({ ...request, headers: bearer(token) });
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
      }
  });
});

describe('the outbox (ops mail:list)', () => {
  it('is refused to ADMIN staff, and open to the operator key and an account holding MAIL_READ', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: personEmail } });
    const url = `/api/admin/mail?to=${encodeURIComponent(personEmail)}`;
    const admin = await signedInStaff(t.app, ['ADMIN']);
    const refused = await t.app.inject({ url, headers: bearer(admin.accessToken) });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(personEmail);
    const reader = await signedInUser(t.app, { authorities: ['MAIL_READ'] });
    expect((await t.app.inject({ url, headers: bearer(reader.accessToken) })).statusCode).toBe(200);
    const operator = await t.app.inject({ url, headers: ops });
    expect(operator.statusCode).toBe(200);
    const links = (operator.json() as { links: string[] }[]).flatMap((mail) => mail.links);
    expect(links.length).toBeGreaterThan(0);
  });
});

describe('creating accounts (ops user:create)', () => {
  it('is refused to ADMIN staff, who could otherwise give an account MAIL_READ', async () => {
    const admin = await signedInStaff(t.app, ['ADMIN']);
    const payload = {
      email: 'minted.reader@example.com',
      password: 'Secret12!',
      firstName: 'Mint',
      lastName: 'Reader',
      authorities: ['MAIL_READ'],
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: bearer(admin.accessToken),
      payload,
    });
    expect(refused.statusCode).toBe(403);
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/users', headers: ops, payload });
    expect(created.statusCode, created.body).toBe(201);
  });
});
