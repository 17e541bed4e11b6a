import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';

export const TEST_OPS_KEY = 'test-ops-key';
export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';

/**
 * A database of its own for one test file: PGlite in memory, or a fresh PostgreSQL database on the
 * server of TEST_DATABASE_URL, dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openPglite();
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 4);
  return {
    ...database,
    async close() {
      await database.close();
      // The pool's end() resolves before its connections have finished closing. Dropping with (force)
      // right away would terminate a closing connection, whose FATAL message then surfaces as an
      // uncaught error; so wait for them to go, and force only as a last resort.
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await dropper.query(`drop database if exists ${name}`);
            break;
          } catch (error) {
            if (attempt >= 50) {
              await dropper.query(`drop database if exists ${name} with (force)`);
              break;
            }
            if ((error as { code?: string }).code !== '55006') throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await dropper.end();
      }
    },
  };
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
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const body = login.json() as { access_token: string; refresh_token: string; user_id: string };
  return { email, id: body.user_id, accessToken: body.access_token, refreshToken: body.refresh_token };
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
