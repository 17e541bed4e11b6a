import { afterAll, describe, expect, it } from 'vitest';
import {
  type Api,
  PG_SERVER,
  person,
  postgresReachable,
  scratchDatabase,
  send,
  sleep,
  spawnApi,
  startApi,
  untilReady,
} from './harness.ts';
import { tcpProxy } from './tcp-proxy.ts';

/**
 * Starting without PostgreSQL (a cut proxy, never the shared server itself): the server listens at once,
 * says it is alive but not ready, retries with the reason in its log, and becomes ready by itself when
 * the database comes; without a database for DATABASE_WAIT_SECONDS it exits non-zero with the reason.
 * Then several instances starting together on one fresh database: all of them become ready.
 */
describe('start', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** A scratch database reached through a proxy that starts cut. */
  async function unreachableDatabase() {
    const db = await scratchDatabase();
    cleanups.push(() => db.drop());
    const server = new URL(PG_SERVER);
    const proxy = await tcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    cleanups.push(() => proxy.close());
    await proxy.cut();
    const viaProxy = new URL(db.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    return { db, proxy, url: viaProxy.toString() };
  }

  function track(api: Api) {
    cleanups.push(() => {
      api.kill('SIGKILL');
    });
    return api;
  }

  it('waits for an unreachable PostgreSQL, answering /readyz 503, and is ready once it comes', async (ctx) => {
    if (!(await postgresReachable())) ctx.skip();
    const { proxy, url } = await unreachableDatabase();
    const api = track(await spawnApi({ DATABASE_URL: url }));

    // Listening before the database: alive, not ready, and the API says so in its error shape.
    const startedAt = Date.now();
    let health = 0;
    while (Date.now() - startedAt < 30_000 && health !== 200) {
      health = await fetch(`${api.url}/healthz`)
        .then((r) => r.status)
        .catch(() => 0);
      if (api.child.exitCode !== null) throw new Error(`the server exited:\n${api.output()}`);
      if (health !== 200) await sleep(100);
    }
    expect(health).toBe(200);
    await sleep(4000);
    expect(api.child.exitCode).toBeNull();
    const ready = await send(api.url, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
    const route = await send(api.url, 'POST', '/api/auth/login', { email: 'a@example.com', password: 'x' });
    expect(route.status).toBe(503);
    expect(route.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
    // Each attempt is logged with its reason.
    const attempts = api.output().match(/database not reachable.*ECONNREFUSED/g) ?? [];
    expect(attempts.length).toBeGreaterThanOrEqual(2);

    await proxy.restore();
    const restoredAt = Date.now();
    await untilReady(api, 30_000);
    const readyAfterMs = Date.now() - restoredAt;
    // A real request through the app once ready.
    const who = await person(api.url);
    expect(who.token).toBeTruthy();
    expect(readyAfterMs).toBeLessThan(10_000);
    console.log(
      `start without a database: ${attempts.length} attempts logged in ${((restoredAt - startedAt) / 1000).toFixed(1)} s, /readyz 503 meanwhile; ready ${readyAfterMs} ms after the database came`,
    );
  });

  it('exits non-zero with the reason when the database stays away', async (ctx) => {
    if (!(await postgresReachable())) ctx.skip();
    const { url } = await unreachableDatabase();
    const startedAt = Date.now();
    const api = track(await spawnApi({ DATABASE_URL: url, DATABASE_WAIT_SECONDS: '3' }));
    const code = await api.exited;
    const tookMs = Date.now() - startedAt;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(api.output()).toMatch(/gave up waiting for the database after 3 s.*ECONNREFUSED/);
    expect(tookMs).toBeGreaterThanOrEqual(3000);
    console.log(`database away for good: exit code ${code} after ${tookMs} ms (DATABASE_WAIT_SECONDS=3)`);
  });

  it('starts three instances at once on one fresh PostgreSQL database', async (ctx) => {
    if (!(await postgresReachable())) ctx.skip();
    const db = await scratchDatabase();
    cleanups.push(() => db.drop());
    const startedAt = Date.now();
    const apis = await Promise.all(
      [0, 1, 2].map(async () => track(await startApi({ DATABASE_URL: db.url }))),
    );
    const tookMs = Date.now() - startedAt;
    for (const api of apis) {
      expect(api.child.exitCode).toBeNull();
      expect((await send(api.url, 'GET', '/readyz')).status).toBe(200);
    }
    // The migrations ran once: each is recorded one time.
    const rows = await db.query<{ n: number; distinct: number }>(
      'select count(*)::int n, count(distinct hash)::int "distinct" from drizzle.__drizzle_migrations',
    );
    expect(rows[0]?.n).toBe(rows[0]?.distinct);
    // And every instance serves the same data.
    const who = await person((apis[0] as Api).url);
    for (const api of apis) {
      const me = await send(api.url, 'GET', '/api/users/me', undefined, {
        authorization: `Bearer ${who.token}`,
      });
      expect(me.status).toBe(200);
    }
    console.log(
      `three instances started together: all ready in ${tookMs} ms, ${rows[0]?.n} migrations applied once`,
    );
  });
});
