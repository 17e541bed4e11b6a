import { AUDIT_MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, ops, type TestApp } from '../../test/helpers.ts';
import { inviteStaff, signedInStaff } from '../../test/staff.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
const read = (query: string, token = admin.accessToken) =>
  t.app.inject({ url: `/api/staff/audit${query}`, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t.app, ['ADMIN']);
  for (let i = 0; i < 5; i += 1) await inviteStaff(t.app, ['LAB']);
});
afterAll(() => t.close());

describe('staff audit log', () => {
  it('pages newest first by keyset, never repeating an entry', async () => {
    const seen: string[] = [];
    let next: string | null = '';
    while (next !== null) {
      const res = await read(`?limit=3${next ? `&after=${next}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      seen.push(...body.entries.map((e: { id: string }) => e.id));
      next = body.next;
      // Written while paging: the pages already read do not move.
      if (seen.length === 3) await inviteStaff(t.app, ['STUDY']);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(8);
  });

  it('filters by actor, record and day', async () => {
    const byOperator = (await read('?actor=operator')).json().entries;
    expect(byOperator.length).toBeGreaterThanOrEqual(6);
    expect(byOperator.every((e: { actorLabel: string }) => e.actorLabel === 'operator key')).toBe(true);
    const byAdmin = (await read(`?actor=${admin.id}`)).json().entries;
    expect(byAdmin.map((e: { action: string }) => e.action)).toContain('staff.second_factor.enrol');
    const aboutAdmin = (await read(`?entity=user&entityId=${admin.id}`)).json().entries;
    expect(aboutAdmin.every((e: { entityId: string }) => e.entityId === admin.id)).toBe(true);
    expect((await read('?from=2000-01-01&to=2000-01-02')).json().entries).toEqual([]);
  });

  it('refuses bad filters with a message, and anyone but ADMIN', async () => {
    const range = await read('?from=2026-02-02&to=2026-02-01');
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toContain(AUDIT_MESSAGES.badDateRange);
    const cursor = await read('?after=nonsense');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().message).toBe(AUDIT_MESSAGES.badCursor);
    expect((await read('?actor=someone')).statusCode).toBe(400);
    const lab = await signedInStaff(t.app, ['LAB']);
    expect((await read('', lab.accessToken)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/staff/audit', headers: ops })).statusCode).toBe(200);
  });
});
