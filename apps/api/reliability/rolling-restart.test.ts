import { afterAll, describe, expect, it } from 'vitest';
import { balancer } from './balancer.ts';
import {
  type Api,
  bearer,
  freePort,
  person,
  postgresReachable,
  scratchDatabase,
  sleep,
  startApi,
} from './harness.ts';

/** Requests at once, and at most this many in all (the load is bounded in count as well as in time). */
const CONCURRENCY = 4;
const MAX_REQUESTS = 40_000;

/**
 * A rolling restart behind a load balancer (issue 32, item 8): two instances on one PostgreSQL database
 * behind balancer.ts, which checks /readyz every 250 ms; a constant load of signed-in reads through it;
 * each instance in turn gets SIGTERM, exits, starts again and becomes ready. On SIGTERM an instance says
 * it is not ready and goes on serving for SHUTDOWN_GRACE_SECONDS (2 s here) before it drains, so the
 * balancer has moved away before anything is refused: not one request may fail.
 */
describe('rolling restart behind a load balancer', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('restarts both instances in turn without a failed request', async (ctx) => {
    if (!(await postgresReachable())) ctx.skip();
    const db = await scratchDatabase();
    cleanups.push(() => db.drop());
    const env = { DATABASE_URL: db.url, SHUTDOWN_GRACE_SECONDS: '2' };
    const ports = [await freePort(), await freePort()];
    // The first runs the migrations; the second starts on the migrated database.
    const apis: Api[] = [];
    for (const port of ports) apis.push(await startApi(env, port));
    cleanups.push(() => {
      for (const api of apis) api.kill('SIGKILL');
    });
    const lb = await balancer(apis.map((a) => a.url));
    cleanups.push(() => lb.close());
    const who = await person(lb.url);

    // Constant load: CONCURRENCY clients, each sending its next request as soon as the last is answered.
    const statuses = new Map<string, number>();
    let sent = 0;
    let running = true;
    const client = async () => {
      while (running && sent < MAX_REQUESTS) {
        sent++;
        const outcome = await fetch(`${lb.url}/api/users/me`, {
          headers: bearer(who.token),
          signal: AbortSignal.timeout(15_000),
        })
          .then(async (res) => {
            await res.arrayBuffer();
            return res.status === 200 ? '200' : `${res.status} ${res.headers.get('x-balancer') ?? ''}`.trim();
          })
          .catch((error: Error) => `error ${error.message}`);
        statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
      }
    };
    const load = Array.from({ length: CONCURRENCY }, client);
    const startedAt = Date.now();
    const restarts: string[] = [];
    try {
      await sleep(2_000);
      for (const [i, port] of ports.entries()) {
        const old = apis[i] as Api;
        const signalledAt = Date.now();
        old.kill('SIGTERM');
        const code = await old.exited;
        const exitedAt = Date.now();
        expect(code).toBe(0);
        const fresh = await startApi(env, port);
        apis[i] = fresh;
        // Back in the balancer's rotation before the next one goes.
        while (!lb.isReady(fresh.url)) await sleep(50);
        const backAt = Date.now();
        restarts.push(
          `instance ${i + 1}: exit 0 ${((exitedAt - signalledAt) / 1000).toFixed(1)} s after SIGTERM, back in rotation ${((backAt - exitedAt) / 1000).toFixed(1)} s later`,
        );
        await sleep(2_000);
      }
    } finally {
      running = false;
      await Promise.all(load);
    }
    const seconds = (Date.now() - startedAt) / 1000;

    const failed = [...statuses].filter(([outcome]) => outcome !== '200');
    const failures = failed.reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `rolling restart: ${sent} requests in ${seconds.toFixed(1)} s (${CONCURRENCY} at once), ${failures} failed${failed.length ? ` (${failed.map(([o, n]) => `${n} × ${o}`).join(', ')})` : ''}; placed per port ${JSON.stringify(lb.served())}; ${restarts.join('; ')}`,
    );
    expect(sent).toBeLessThan(MAX_REQUESTS);
    expect(failed).toEqual([]);
  });
});
