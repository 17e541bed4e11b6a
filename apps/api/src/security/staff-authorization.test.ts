import { STAFF_ERROR_CODES, STAFF_ROLES, type StaffRole } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../test/helpers.ts';
import { signedInStaff, staffBeforeSecondFactor } from '../test/staff.ts';
import { type Access, AUTHORIZATION_MATRIX } from './authorization-matrix.ts';

// Every console route (kind 'staff' in the authorization matrix) called as every staff role, a staff
// member before the second factor, a customer, nobody, and the operator key: only those the matrix
// names get past the guard. Past the guard a route may still refuse the request itself (400, 404,
// 409: the harmless values below name nothing), but never with 401 or 403, and never with a 5xx.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type StaffAccess = Extract<Access, { kind: 'staff' }>;
type Route = { method: Method; url: string; key: string; access: StaffAccess };

let t: TestApp;
let routes: Route[];
const tokens = {} as Record<StaffRole, string>;
let beforeSecondFactor: string;
let customer: string;

/** A concrete URL for a route template: path parameters filled with values that name nothing. */
const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'id' || name.endsWith('Id') ? '1' : 'X'));

const call = (route: Route, headers: Record<string, string>) =>
  t.app.inject({
    method: route.method,
    url: route.url,
    headers,
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });

beforeAll(async () => {
  t = await createTestApp();
  const spec = (await t.app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).flatMap((m) => {
      const method = m.toUpperCase() as Method;
      const key = `${method} ${path}`;
      const access = AUTHORIZATION_MATRIX[key];
      return access?.kind === 'staff' ? [{ method, url: concrete(path), key, access }] : [];
    }),
  );
  for (const role of STAFF_ROLES) tokens[role] = (await signedInStaff(t.app, [role])).accessToken;
  beforeSecondFactor = (await staffBeforeSecondFactor(t.app, ['ADMIN'])).accessToken;
  customer = (await signedInUser(t.app)).accessToken;
}, 120_000);
afterAll(() => t.close());

const passes = (access: StaffAccess, role: StaffRole) =>
  access.roles === 'any' || role === 'ADMIN' || access.roles.includes(role);

describe('staff console authorization', () => {
  it('finds the console routes under /api/staff', () => {
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) expect(route.key).toMatch(/ \/api\/staff\//);
  });

  it('refuses nobody (401), a customer (403) and a staff member before the second factor (403)', async () => {
    for (const route of routes) {
      expect((await call(route, {})).statusCode, route.key).toBe(401);
      const asCustomer = await call(route, bearer(customer));
      expect(asCustomer.statusCode, route.key).toBe(403);
      expect(asCustomer.json().code, route.key).toBe(STAFF_ERROR_CODES.notStaff);
      const early = await call(route, bearer(beforeSecondFactor));
      if (route.access.secondFactor === false)
        expect([401, 403], `${route.key} refused the sign-in step`).not.toContain(early.statusCode);
      else {
        expect(early.statusCode, route.key).toBe(403);
        expect(early.json().code, route.key).toBe(STAFF_ERROR_CODES.enrolmentRequired);
      }
    }
  });

  it.each(STAFF_ROLES)('lets %s through exactly the routes of its role', async (role) => {
    for (const route of routes) {
      const res = await call(route, bearer(tokens[role]));
      expect(res.statusCode, `${route.key} as ${role}: ${res.body}`).toBeLessThan(500);
      if (passes(route.access, role))
        expect([401, 403], `${route.key} refused ${role}: ${res.body}`).not.toContain(res.statusCode);
      else expect(res.statusCode, `${route.key} let ${role} in`).toBe(403);
    }
  });

  it('lets the operator key through, but not into what needs a person', async () => {
    for (const route of routes) {
      const res = await call(route, ops);
      expect(res.statusCode, route.key).toBeLessThan(500);
      if (route.access.person) expect(res.statusCode, route.key).toBe(403);
      else expect([401, 403], `${route.key} refused the operator key`).not.toContain(res.statusCode);
    }
  });
});
