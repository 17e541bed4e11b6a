import { ERROR_CODES, SUPPORT_VIEW_READ_ONLY } from '@portal/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonationAudit, users } from '../db/schema/index.ts';
import {
  bearer,
  createKit,
  createProject,
  createTestApp,
  kitWithResults,
  ops,
  reportProfile,
  signedInUser,
  TEST_JWT_SECRET,
  type TestApp,
} from '../test/helpers.ts';
import { completeQuestionnaires } from '../test/questionnaires.ts';
import { type Access, AUTHORIZATION_MATRIX, type Fixture } from './authorization-matrix.ts';

const PROFILE = reportProfile('gmwi2/SRR1761667_metaphlan.txt');
const KEFIR = reportProfile('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Route = { method: Method; path: string; key: string; access: Access | undefined };

let t: TestApp;
let routes: Route[];
let fixture: Fixture;
let ownerToken: string;
let strangerToken: string;
let strangerEmail: string;
let impersonationToken: string;

const admin = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: ops, ...(payload ? { payload } : {}) });

/** The audit of support views of a person, oldest first. */
const auditedFor = (subjectId: string) =>
  t.database.db
    .select()
    .from(impersonationAudit)
    .where(eq(impersonationAudit.subjectId, subjectId))
    .orderBy(asc(impersonationAudit.id));

/** A digest of every table's rows, but the audit and the request counters (they count refusals too). */
async function databaseDigest() {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rows<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public'
      and tablename not in ('impersonation_audit', 'rate_limits') order by tablename`,
  );
  const digest: Record<string, string | undefined> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ d: string }>(
      sql`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d from ${sql.identifier(name)} r`,
    );
    digest[name] = row?.d;
  }
  return digest;
}

/** A concrete URL for a route template: path parameters filled with harmless values. */
function concrete(path: string) {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (/kitId|recruitmentId|consentId|flowId|id/.test(name)) return '1';
    if (name === 'candidateId') return '00000000-0000-4000-8000-000000000000';
    if (name === 'type') return 'day-of-sampling';
    return 'X';
  });
}

beforeAll(async () => {
  t = await createTestApp({ VOUCHER_RATE_LIMIT: '1000', PAYMENT_RATE_LIMIT: '1000' });
  const spec = (await t.app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => {
      const method = m.toUpperCase() as Method;
      const key = `${method} ${path}`;
      return { method, path, key, access: AUTHORIZATION_MATRIX[key] };
    }),
  );

  const owner = await signedInUser(t.app, { dob: '1990-01-01' });
  const stranger = await signedInUser(t.app, { dob: '1990-01-01' });
  const support = await signedInUser(t.app, { authorities: ['IMPERSONATE'] });
  ownerToken = owner.accessToken;
  strangerToken = stranger.accessToken;
  strangerEmail = stranger.email;

  const active = await createKit(t.app, { ownerEmail: owner.email });
  await admin('PATCH', `/api/admin/kits/${active.id}`, { kitStatus: 'REQUESTED' });
  const spare = await createKit(t.app, { ownerEmail: owner.email });
  const given = await createKit(t.app, { ownerEmail: owner.email });
  await t.app.inject({
    method: 'POST',
    url: '/api/kits/give',
    headers: bearer(ownerToken),
    payload: { kitId: given.id, receiverEmail: 'friend@example.com' },
  });
  const redeemed = await createKit(t.app);
  await t.app.inject({
    method: 'POST',
    url: '/api/kits/redeem',
    headers: bearer(ownerToken),
    payload: { kitId: redeemed.id, voucher: redeemed.voucherCode, activate: false },
  });
  const a = await kitWithResults(t.app, owner.email, PROFILE, { displayDate: '2026-01-01' });
  const b = await kitWithResults(t.app, owner.email, KEFIR, { displayDate: '2026-05-01' });
  await completeQuestionnaires(t.database.db, a.id);
  const noDelivery = await createProject(t.app, {
    name: 'Matrix blind study',
    resultDeliveryType: 'NO_DELIVERY',
  });
  const blind = await kitWithResults(t.app, owner.email, PROFILE, {
    displayDate: '2026-03-01',
    projectId: noDelivery.id,
  });

  const token = (
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/test-tokens',
      headers: bearer(ownerToken),
      payload: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
    })
  ).json().id;
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(ownerToken), 'idempotency-key': 'matrix-subscription-1' },
    payload: {
      purchaserEmail: owner.email,
      purchaserFirstName: 'Owner',
      purchaserLastName: 'Person',
      orderType: 'NEW',
      orderItems: [
        {
          orderItemType: 'SUBSCRIPTION',
          deliveryOption: 'SEND_NOW_MY_ADDRESS',
          subscriptionType: 'EVERY_TWELVE_MONTHS',
          unitPrice: 315,
          deliveryAddress: {
            addressLine1: '1 George St',
            suburb: 'Brisbane City',
            state: 'QLD',
            postcode: '4000',
          },
        },
      ],
      amount: 315,
      stripeToken: token,
    },
  });
  expect(order.statusCode, order.body).toBe(201);
  const { slots } = (await t.app.inject({ url: '/api/coach/slots', headers: bearer(ownerToken) })).json();
  const project = await createProject(t.app, { name: 'Matrix study' });
  const share = await t.app.inject({
    method: 'POST',
    url: '/api/report-shares',
    headers: bearer(ownerToken),
    payload: { samples: [a.sampleIdentifier], expiresInDays: 7 },
  });
  expect(share.statusCode, share.body).toBe(201);

  fixture = {
    ownerId: owner.id,
    ownerEmail: owner.email,
    activeKitId: active.id,
    spareKitId: spare.id,
    redeemedKitId: redeemed.id,
    redeemedVoucher: redeemed.voucherCode,
    givenKitId: given.id,
    sampleA: a.sampleIdentifier,
    sampleB: b.sampleIdentifier,
    withheldSample: blind.sampleIdentifier,
    reportKitId: a.id,
    subscriptionId: order.json().subscriptionId,
    coachSlot: slots[0],
    participantCode: project.participantCode,
    shareId: share.json().id,
  };

  impersonationToken = (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/impersonate',
      headers: bearer(support.accessToken),
      payload: { username: owner.email },
    })
  ).json().access_token;
}, 120_000);
afterAll(() => t.close());

describe('authorization matrix', () => {
  it('has an entry for every route of the API, and no entry for a route that is gone', () => {
    const missing = routes.filter((r) => !r.access).map((r) => r.key);
    expect(missing, 'routes without an entry in authorization-matrix.ts').toEqual([]);
    const known = new Set(routes.map((r) => r.key));
    expect(Object.keys(AUTHORIZATION_MATRIX).filter((k) => !known.has(k))).toEqual([]);
  });

  it('refuses every non-public route without a token (401), and never answers 5xx', async () => {
    for (const route of routes) {
      const res = await t.app.inject({ method: route.method, url: concrete(route.path) });
      expect(res.statusCode, `${route.key} answered ${res.statusCode}`).toBeLessThan(500);
      if (route.access?.kind !== 'public') expect(res.statusCode, route.key).toBe(401);
    }
  });

  it('refuses every admin and operator route to a signed-in person without the authority (403)', async () => {
    const guarded = routes.filter((r) => r.access?.kind === 'admin' || r.access?.kind === 'operator');
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method,
        url: concrete(route.path),
        headers: bearer(strangerToken),
        payload: {},
      });
      expect(res.statusCode, route.key).toBe(403);
    }
  });

  it("refuses another person's resource on every owner route, while the owner gets through", async () => {
    for (const route of routes.filter((r) => r.access?.kind === 'owner')) {
      const access = route.access as Extract<Access, { kind: 'owner' }>;
      const call = access.call(fixture);
      const request = {
        method: route.method,
        url: call.url,
        ...(call.payload ? { payload: call.payload as object } : {}),
      };
      const stranger = await t.app.inject({ ...request, headers: bearer(strangerToken) });
      expect([403, 404], `${route.key} gave a stranger ${stranger.statusCode}: ${stranger.body}`).toContain(
        stranger.statusCode,
      );
      expect(stranger.body).not.toContain(fixture.ownerEmail);
      if (route.method === 'GET') {
        const own = await t.app.inject({ ...request, headers: bearer(ownerToken) });
        expect(own.statusCode, `${route.key} refused its owner: ${own.body}`).toBe(200);
        // A person's data is kept by no browser or proxy cache.
        expect(own.headers['cache-control'], route.key).toBe('no-store');
      }
    }
  });

  it("refuses the owner's own token the results of a NO_DELIVERY project on every report route", async () => {
    const reportRoutes = routes.filter((r) => r.path.startsWith('/api/reports'));
    expect(reportRoutes.length).toBeGreaterThan(0);
    for (const route of reportRoutes) {
      const access = route.access;
      if (access?.kind !== 'self' && access?.kind !== 'owner')
        throw new Error(`${route.key} is not a person's`);
      expect(access.withheld, `${route.key} has no withheld case`).toBeDefined();
      const call = access.withheld?.(fixture) as { url: string };
      const res = await t.app.inject({ method: route.method, url: call.url, headers: bearer(ownerToken) });
      expect(res.body, route.key).not.toContain('%PDF');
      if (access.kind === 'owner') expect(res.statusCode, `${route.key}: ${res.body}`).toBe(404);
      else {
        expect(res.statusCode, route.key).toBe(200);
        expect(res.body, route.key).not.toContain(fixture.withheldSample);
      }
    }
  });

  it("refuses a deleted person's token (401) on every signed-in route, whichever guard checks the account", async () => {
    // Routes guarded by requireUserCheckedByQuery rely on their own statement for this: one that does
    // not start from the caller's users row answers 200 or 404 here instead.
    const gone = await signedInUser(t.app);
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    for (const route of routes) {
      const access = route.access;
      if (access?.kind !== 'self' && access?.kind !== 'owner') continue;
      const call = access.kind === 'owner' ? access.call(fixture) : { url: concrete(route.path) };
      const res = await t.app.inject({
        method: route.method,
        url: call.url,
        headers: bearer(gone.accessToken),
        ...(call.payload ? { payload: call.payload as object } : {}),
      });
      expect(res.statusCode, `${route.key} gave a deleted person ${res.statusCode}: ${res.body}`).toBe(401);
    }
  });

  it('answers self routes about the caller only', async () => {
    for (const route of routes.filter(
      (r) => r.access?.kind === 'self' && r.method === 'GET' && !r.path.includes('{'),
    )) {
      const res = await t.app.inject({ method: 'GET', url: route.path, headers: bearer(strangerToken) });
      expect(res.statusCode, route.key).toBeLessThan(500);
      expect(res.headers['cache-control'], route.key).toBe('no-store');
      for (const secret of [fixture.ownerEmail, fixture.sampleA, fixture.ownerId])
        expect(res.body, `${route.key} leaked the owner's data`).not.toContain(secret);
    }
    const me = (await t.app.inject({ url: '/api/users/me', headers: bearer(strangerToken) })).json();
    expect(me.email).toBe(strangerEmail);
  });

  it("refuses a signed-out session's token (401) on every signed-in route, whichever guard checks the session", async () => {
    // Routes guarded by requireUserCheckedByQuery check the session in their own statement (liveSession).
    const leaving = await signedInUser(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: leaving.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    for (const route of routes) {
      const access = route.access;
      if (access?.kind === 'public') continue;
      const call = access?.kind === 'owner' ? access.call(fixture) : { url: concrete(route.path) };
      const res = await t.app.inject({
        method: route.method,
        url: call.url,
        headers: bearer(leaving.accessToken),
        ...(call.payload ? { payload: call.payload as object } : {}),
      });
      expect(res.statusCode, `${route.key} gave a signed-out session ${res.statusCode}: ${res.body}`).toBe(
        401,
      );
    }
  });

  it('refuses every write to a support view (403, read-only) before validation, changes nothing, and audits each', async () => {
    expect((await t.app.inject({ url: '/api/kits', headers: bearer(impersonationToken) })).statusCode).toBe(
      200,
    );
    const writes = routes.filter((r) => r.method !== 'GET' && r.access?.kind !== 'public');
    expect(writes.length).toBeGreaterThan(10);
    const auditBefore = await auditedFor(fixture.ownerId);
    const before = await databaseDigest();
    for (const route of writes) {
      const access = route.access;
      // The owner's own request where the matrix has one, else an empty body: refused before either is read.
      const call =
        access?.kind === 'owner' ? access.call(fixture) : { url: concrete(route.path), payload: {} };
      const res = await t.app.inject({
        method: route.method,
        url: call.url,
        headers: { ...bearer(impersonationToken), 'idempotency-key': `support-view-${route.key}` },
        ...(call.payload ? { payload: call.payload as object } : {}),
      });
      expect(res.statusCode, `${route.key} let a support view write: ${res.body}`).toBe(403);
      expect(res.json(), route.key).toEqual({
        message: SUPPORT_VIEW_READ_ONLY,
        code: ERROR_CODES.supportViewReadOnly,
      });
    }
    expect(await databaseDigest()).toEqual(before);
    const audited = (await auditedFor(fixture.ownerId)).slice(auditBefore.length);
    expect(audited.map((row) => `${row.method} ${row.statusCode}`)).toEqual(
      writes.map((route) => `${route.method} 403`),
    );
  });
});

describe('share links in a support view', () => {
  it("lists the person's links, and cannot make or take one back", async () => {
    const listed = await t.app.inject({ url: '/api/report-shares', headers: bearer(impersonationToken) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((link: { id: string }) => link.id)).toEqual([fixture.shareId]);
    for (const [url, payload] of [
      ['/api/report-shares', { samples: [fixture.sampleA], expiresInDays: 7 }],
      [`/api/report-shares/${fixture.shareId}/revoke`, undefined],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(impersonationToken),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(SUPPORT_VIEW_READ_ONLY);
    }
    const again = await t.app.inject({ url: '/api/report-shares', headers: bearer(ownerToken) });
    expect(again.json()).toMatchObject([{ id: fixture.shareId, status: 'ACTIVE' }]);
  });
});

describe('tokens', () => {
  const sign = (
    claims: Record<string, unknown>,
    audience: string,
    secret = TEST_JWT_SECRET,
    expires = '5m',
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(new TextEncoder().encode(secret));

  it.each([
    [
      'a research portal token on the customer portal',
      () => sign({ user_id: fixture.ownerId, authorities: [] }, 'RESEARCH'),
    ],
    [
      'a token signed with another key',
      () => sign({ user_id: fixture.ownerId, authorities: [] }, 'CUSTOMER', 'x'.repeat(48)),
    ],
    [
      'an expired token',
      () => sign({ user_id: fixture.ownerId, authorities: [] }, 'CUSTOMER', TEST_JWT_SECRET, '-1m'),
    ],
    [
      'an unsigned token (alg none)',
      async () =>
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
          JSON.stringify({ user_id: fixture.ownerId, aud: 'CUSTOMER', exp: 4102444800 }),
        ).toString('base64url')}.`,
    ],
  ])('refuses %s', async (_what, make) => {
    const res = await t.app.inject({ url: '/api/kits', headers: bearer(await make()) });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a customer token on the research portal', async () => {
    const research = await createTestApp({ APP_TYPE: 'RESEARCH' });
    try {
      const token = await sign({ user_id: fixture.ownerId, authorities: [] }, 'CUSTOMER');
      expect((await research.app.inject({ url: '/api/kits', headers: bearer(token) })).statusCode).toBe(401);
    } finally {
      await research.close();
    }
  });
});
