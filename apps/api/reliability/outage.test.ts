import { afterAll, describe, expect, it } from 'vitest';
import {
  bearer,
  PG_SERVER,
  person,
  postgresReachable,
  scratchDatabase,
  send,
  sleep,
  startApi,
} from './harness.ts';
import { tcpProxy } from './tcp-proxy.ts';
import { profileSaver } from './workload.ts';

/**
 * PostgreSQL out of reach mid-load (a proxy cut, never the shared server itself): the API answers 503 and
 * /readyz fails without the process dying, it recovers by itself when the database is back, and every
 * write acknowledged before, during or after the outage is there.
 */
describe('database outage', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('answers 503 while PostgreSQL is unreachable and recovers by itself', async (ctx) => {
    if (!(await postgresReachable())) ctx.skip();
    const db = await scratchDatabase();
    cleanups.push(() => db.drop());
    const server = new URL(PG_SERVER);
    const proxy = await tcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(db.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const api = await startApi({ DATABASE_URL: viaProxy.toString() });
    cleanups.push(() => {
      api.kill('SIGKILL');
    });
    const who = await person(api.url);

    const statuses: number[] = [];
    const acked: number[] = [];
    let stop = false;
    const saveProfile = profileSaver(api.url, bearer(who.token));
    const writer = (async () => {
      for (let n = 1; !stop; n++) {
        const res = await saveProfile(`Save${n}`).catch(() => ({ status: 0, body: null }));
        statuses.push(res.status);
        if (res.status === 200) acked.push(n);
        await sleep(20);
      }
    })();

    await sleep(1500);
    await proxy.cut();
    await sleep(1000);
    const ready = await send(api.url, 'GET', '/readyz');
    const read = await send(api.url, 'GET', '/api/dashboard', undefined, bearer(who.token));
    await sleep(2000);
    const duringOutage = statuses.slice(-20);
    await proxy.restore();

    // Recovers without a restart: /readyz and writes succeed again within a few seconds.
    let recoveredAfterMs = -1;
    const restoredAt = Date.now();
    while (Date.now() - restoredAt < 15_000) {
      if (api.child.exitCode !== null) throw new Error(`the API died during the outage:\n${api.output()}`);
      if ((await send(api.url, 'GET', '/readyz')).status === 200) {
        recoveredAfterMs = Date.now() - restoredAt;
        break;
      }
      await sleep(100);
    }
    await sleep(1500);
    stop = true;
    await writer;

    expect(api.child.exitCode).toBeNull();
    expect(ready.status).toBe(503);
    expect(read.status).toBe(503);
    expect(read.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(duringOutage.every((s) => s === 503)).toBe(true);
    expect(statuses).not.toContain(500);
    expect(recoveredAfterMs).toBeGreaterThanOrEqual(0);
    expect(statuses.at(-1)).toBe(200);
    const row = await db.one<{ first_name: string }>('select first_name from users where email = $1', [
      who.email,
    ]);
    expect(Number(String(row.first_name).replace('Save', ''))).toBeGreaterThanOrEqual(acked.at(-1) ?? 1);
    console.log(
      `outage: ${statuses.filter((s) => s === 503).length} answers 503 during the cut, recovered ${recoveredAfterMs} ms after restore, ${acked.length} saves acknowledged, none lost`,
    );
  });
});
