import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

/**
 * Baselines for `npm run bench` (BENCH_ROUTES=1, refused in production): Fastify's bare hello route and
 * a bare `SELECT 1` through the same database pool, the floor of any endpoint that reads the database;
 * and a heavy statement (counting `rows` generated rows), for the event loop's freedom while one runs
 * (bench/ab.ts). Hidden from the OpenAPI document, so the security suites do not see them.
 */
export const benchRoutes: FastifyPluginAsync = async (app) => {
  app.get('/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
  app.get('/select1', { schema: { hide: true } }, async () => {
    await app.ctx.db.execute(sql`select 1`);
    return { ok: true };
  });
  app.get(
    '/heavy',
    {
      schema: {
        hide: true,
        querystring: z.object({ rows: z.coerce.number().int().min(1).max(100_000_000).default(3_000_000) }),
      },
    },
    async (request) => {
      const { rows } = request.query as { rows: number };
      await app.ctx.db.execute(sql`select count(*) from generate_series(1, ${rows}::int)`);
      return { ok: true };
    },
  );
};
