import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Baselines for `npm run bench` (BENCH_ROUTES=1, refused in production): Fastify's bare hello route and
 * a bare `SELECT 1` through the same database pool, the floor of any endpoint that reads the database.
 * Hidden from the OpenAPI document, so the security suites do not see them.
 */
export const benchRoutes: FastifyPluginAsync = async (app) => {
  app.get('/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
  app.get('/select1', { schema: { hide: true } }, async () => {
    await app.ctx.db.execute(sql`select 1`);
    return { ok: true };
  });
};
