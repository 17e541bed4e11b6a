import fs from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, person, sleep, startApi, tempDir } from './harness.ts';

/** POST over a fresh connection (no keep-alive pool); resolves with the status or 'refused'. */
function post(url: string, body: unknown): Promise<number | 'refused'> {
  return new Promise((resolve) => {
    const data = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve('refused'));
    req.end(data);
  });
}

/**
 * SIGTERM with 100 requests in flight (sign-ins: argon2id makes each take a while): every one completes,
 * new requests get 503 (the port stays open while draining), and the process exits 0 within 10 s.
 */
describe('graceful stop', () => {
  const dataDir = tempDir();
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('finishes 100 in-flight requests, refuses new ones and exits within 10 s', async () => {
    // No grace period (SHUTDOWN_GRACE_SECONDS=0, as harness.ts sets anyway): the drain starts at once;
    // rolling-restart.test.ts has the grace period.
    const api = await startApi({ DATA_DIR: dataDir, LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '0' });
    const who = await person(api.url);
    const seen = () =>
      api
        .output()
        .split('\n')
        .filter((l) => l.includes('"url":"/api/auth/login"') && l.includes('incoming request')).length;
    const before = seen();
    const inFlight = Array.from({ length: 100 }, () =>
      post(`${api.url}/api/auth/login`, { email: who.email, password: PASSWORD }),
    );
    // SIGTERM once the server has read all 100 requests (its log says so), not merely once they were sent.
    const deadline = Date.now() + 30_000;
    while (seen() - before < 100 && Date.now() < deadline) await sleep(10);
    expect(seen() - before).toBe(100);
    const signalledAt = Date.now();
    api.kill('SIGTERM');
    // New requests are those sent once the server has taken the signal (it logs "shutting down" and starts
    // draining in the same turn); on a busy machine the signal can wait behind the 100 answers.
    const logged = Date.now() + 10_000;
    while (!api.output().includes('"msg":"shutting down"') && Date.now() < logged) await sleep(10);
    expect(api.output()).toContain('"msg":"shutting down"');
    const late = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(`${api.url}/api/auth/login`, { email: who.email, password: PASSWORD }),
      ),
    );
    const statuses = await Promise.all(inFlight);
    const code = await api.exited;
    const exitMs = Date.now() - signalledAt;
    console.log(
      `graceful stop: 100 in flight → ${statuses.filter((s) => s === 200).length} × 200; new requests → ${late.join(', ')}; exit ${code} after ${exitMs} ms`,
    );
    expect(statuses.filter((s) => s === 200).length).toBe(100);
    for (const status of late) expect(status).toBe(503);
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(10_000);
  });
});
