import fs from 'node:fs';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { notificationDeliveries, notifications, outbox } from '../db/schema/index.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_OPS_KEY = 'test-ops-key';
export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';

/**
 * A database of its own for one test file, deleted on close: a copy of the run's migrated template
 * (test-database.ts, made by global-setup.ts) on PGlite, or on the PostgreSQL server of
 * TEST_DATABASE_URL when that is set.
 */
export function createTestDatabase(): Promise<Database> {
  return openTestDatabase(process.env.TEST_DATABASE_URL, {
    pglite: inject('pgliteTemplate'),
    postgres: inject('postgresTemplate'),
  });
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data-dir',
    LOGIN_DELAY_MS: '0',
    AUTH_RATE_LIMIT: '1000',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
}

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

export async function createTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(env), database, {
    jwtSecret: TEST_JWT_SECRET,
    opsKey: TEST_OPS_KEY,
    webDist: '/nonexistent-web-dist',
    ...options,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const ops = { 'x-ops-key': TEST_OPS_KEY };
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
export const uniqueEmail = (prefix = 'person') =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

export const PASSWORD = 'Secret12!';

/** Creates a verified account through the admin API and signs it in. */
export async function signedInUser(app: FastifyInstance, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: ops,
    payload: { email, password: PASSWORD, firstName: 'Test', lastName: 'Person', ...extra },
  });
  if (created.statusCode !== 201) throw new Error(`user create failed: ${created.body}`);
  return { email, ...(await signIn(app, email)) };
}

/** Signs an account in with its password (PASSWORD unless given); fails unless that answers 200. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD) {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const body = login.json() as { access_token: string; refresh_token: string; user_id: string };
  return { id: body.user_id, accessToken: body.access_token, refreshToken: body.refresh_token };
}

/** A file of packages/domain/test-data/report, e.g. `reportProfile('gmwi2/SRR1761667_metaphlan.txt')`. */
export const reportProfile = (name: string) =>
  fs.readFileSync(new URL(`../../../../packages/domain/test-data/report/${name}`, import.meta.url), 'utf8');

/** Three samples of one person of the kefir cohort, in the order taken: a journey of three reports. */
export const kefirSeries = () =>
  [1, 2, 3].map((n) => reportProfile(`gmwi2/kefir/Subj030_time${n}_S${17 + n}_metaphlan.txt`)) as [
    string,
    string,
    string,
  ];

/** A complete profile for PUT /api/users/me (details and address). */
export const TEST_PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'FEMALE',
  dateOfBirth: '1990-04-01',
  phoneNumber: '0412 345 678',
  addressLine1: '1 Queen St',
  addressLine2: null,
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
};

/**
 * Saves the profile as the profile form does: PUT /api/users/me with the version GET /api/users/me
 * answers now (a `version` in the payload wins). The answer is returned as it is, whatever its status.
 */
export async function putProfile(app: FastifyInstance, token: string, payload: Record<string, unknown>) {
  const me = await app.inject({ url: '/api/users/me', headers: bearer(token) });
  const loaded = me.statusCode === 200 ? (me.json() as { version: number }).version : undefined;
  return app.inject({
    method: 'PUT',
    url: '/api/users/me',
    headers: bearer(token),
    payload: { ...(loaded === undefined ? {} : { version: loaded }), ...payload },
  });
}

export type AdminKit = { id: number; voucherCode: string; sampleIdentifier: string; hashedId: string };

/** New kits through the admin API (one unless `count`), bought into `ownerEmail`'s account when given. */
export async function createKits(
  app: FastifyInstance,
  options: { count?: number; ownerEmail?: string; projectId?: number | undefined } = {},
): Promise<AdminKit[]> {
  const { projectId, ...rest } = options;
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/kits',
    headers: ops,
    payload: { count: 1, ...rest, ...(projectId ? { projectId } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`kit create failed: ${res.body}`);
  return res.json() as AdminKit[];
}

/** One new kit through the admin API (see createKits). */
export async function createKit(
  app: FastifyInstance,
  options: { ownerEmail?: string; projectId?: number | undefined } = {},
): Promise<AdminKit> {
  return must((await createKits(app, options))[0], 'a created kit');
}

/** The logistics steps that bring a new kit's sample to the lab. */
export const TO_THE_LAB = [
  { kitStatus: 'REQUESTED' },
  { kitStatus: 'DISPATCHED_BY_LAB' },
  { sampleStatus: 'RECEIVED_BY_LAB' },
] as const;

/** A kit of `email` (in `projectId` when given) whose sample has reached the lab. */
export async function kitAtLab(app: FastifyInstance, email: string, projectId?: number): Promise<AdminKit> {
  const kit = await createKit(app, { ownerEmail: email, projectId });
  for (const payload of TO_THE_LAB) {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/admin/kits/${kit.id}`,
      headers: ops,
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`kit step failed: ${res.body}`);
  }
  return kit;
}

/** POST /api/admin/results: the lab's profile of a sample (shown on `displayDate` when given). */
export const importResults = (
  app: FastifyInstance,
  sampleIdentifier: string,
  profile: string,
  displayDate?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/results',
    headers: ops,
    payload: { sampleIdentifier, profile, ...(displayDate ? { displayDate } : {}) },
  });

/** A kit of `email` (in `projectId` when given) with this MetaPhlAn profile imported. */
export async function kitWithResults(
  app: FastifyInstance,
  email: string,
  profile: string,
  options: { displayDate?: string; projectId?: number } = {},
): Promise<AdminKit> {
  const kit = await kitAtLab(app, email, options.projectId);
  const res = await importResults(app, kit.sampleIdentifier, profile, options.displayDate);
  if (res.statusCode !== 201) throw new Error(`results import failed: ${res.body}`);
  return kit;
}

/** A lab-managed research project through the admin API. */
export async function createProject(
  app: FastifyInstance,
  fields: { name: string; resultDeliveryType?: string; logisticType?: 'LAB_MANAGED' | 'CLIENT_MANAGED' },
): Promise<{ id: number; participantCode: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/projects',
    headers: ops,
    payload: { logisticType: 'LAB_MANAGED', ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`project create failed: ${res.body}`);
  return res.json() as { id: number; participantCode: string };
}

/** The token in the newest emailed link to this address (the first query key of the link). */
export async function latestLinkToken(app: FastifyInstance, to: string): Promise<string> {
  const mail = await app.inject({
    method: 'GET',
    url: `/api/admin/mail?to=${encodeURIComponent(to)}`,
    headers: ops,
  });
  const [latest] = mail.json() as { links: string[] }[];
  const link = latest?.links[0];
  if (!link) throw new Error(`no emailed link for ${to}`);
  return new URL(link).search.slice(1);
}

/**
 * The value, narrowed to present; a missing one fails the test here with what was missing, where a
 * non-null assertion would let it fail later as an unrelated TypeError and `?.` would hide it.
 */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, found ${value}`);
  return value;
}

/**
 * The notifications of one kind sent to a person (their user id) or to an address with no account,
 * newest first, each with its deliveries and, for the email, its outbox row (issue 35 item 1).
 */
export async function notificationsOfKind(
  db: Database['db'],
  to: { userId: string } | { recipient: string },
  kind: string,
) {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, kind),
        'userId' in to
          ? eq(notifications.userId, to.userId)
          : eq(notifications.recipient, to.recipient.trim().toLowerCase()),
      ),
    )
    .orderBy(desc(notifications.id));
  return Promise.all(
    rows.map(async (row) => {
      const deliveries = await db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.notificationId, row.id))
        .orderBy(notificationDeliveries.id);
      const emailDelivery = deliveries.find((d) => d.channel === 'EMAIL');
      const [mail] = emailDelivery?.outboxId
        ? await db.select().from(outbox).where(eq(outbox.id, emailDelivery.outboxId))
        : [];
      return { ...row, channels: deliveries.map((d) => d.channel).sort(), mail: mail ?? null };
    }),
  );
}
