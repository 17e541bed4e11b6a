import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { createTestDatabase, TEST_JWT_SECRET, TEST_OPS_KEY, testConfig } from '../test/helpers.ts';

/**
 * Design.md §7: the rate-limit counters live in the database, so two API instances on one database
 * enforce one limit together instead of each its own.
 */
const LIMIT = 4;
let database: Database;
let apps: FastifyInstance[];

beforeAll(async () => {
  database = await createTestDatabase();
  apps = await Promise.all(
    [0, 1].map((n) =>
      buildApp(testConfig({ AUTH_RATE_LIMIT: String(LIMIT) }), database, {
        jwtSecret: TEST_JWT_SECRET,
        opsKey: TEST_OPS_KEY,
        webDist: `/nonexistent-web-dist-${n}`,
      }),
    ),
  );
  await Promise.all(apps.map((app) => app.ready()));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

const login = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, remoteAddress: '203.0.113.7' });

describe('rate limits counted in the database', () => {
  it('holds one limit across two instances, then starts afresh when the window ends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await login(apps[i % 2] as FastifyInstance)).statusCode);
    expect(statuses.every((s) => s !== 429)).toBe(true);

    for (const app of apps) {
      const refused = await login(app);
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }

    const [row] = await database.db.select().from(rateLimits);
    expect(row?.key).toContain('/api/auth/login');
    expect(row?.count).toBe(LIMIT + 2);

    // The window ends: the next request opens a new one.
    await database.db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) });
    expect((await login(apps[1] as FastifyInstance)).statusCode).not.toBe(429);
    const [fresh] = await database.db.select().from(rateLimits);
    expect(fresh?.count).toBe(1);
  });

  it('counts each client address on its own', async () => {
    const other = await apps[0]?.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {},
      remoteAddress: '198.51.100.9',
    });
    expect(other?.statusCode).not.toBe(429);
  });
  it('keeps the counters in an unlogged table, so a counter write waits for no WAL flush', async () => {
    const { rows } = (await database.db.execute(
      sql`select relpersistence as persistence from pg_class where relname = 'rate_limits'`,
    )) as unknown as { rows: { persistence: string }[] };
    expect(rows[0]?.persistence).toBe('u');
  });
});
