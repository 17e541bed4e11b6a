import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

/**
 * The address every per-address limit counts (request.ip) comes from X-Forwarded-For only as far as
 * TRUST_PROXY allows: by default, in production too, the header is ignored, so a client cannot get a
 * new allowance by writing a new address into it. Behind a trusted proxy, the address the proxy
 * appended (the rightmost one it did not get from another trusted proxy) is the one counted.
 */
const LIMIT = 3;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function productionApp(env: Record<string, string> = {}) {
  const t = await createTestApp({ NODE_ENV: 'production', AUTH_RATE_LIMIT: String(LIMIT), ...env });
  apps.push(t);
  // An invalid sign-in: refused at once (no password hashing), and counted like any other.
  return (remoteAddress: string, forwardedFor?: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
        payload: {},
      })
      .then((res) => res.statusCode);
}

describe('the address the rate limits count', () => {
  it('ignores X-Forwarded-For in production without TRUST_PROXY, however often it changes', async () => {
    const login = await productionApp();
    const statuses: number[] = [];
    for (let n = 1; n <= LIMIT + 2; n++) statuses.push(await login('127.0.0.1', `198.51.100.${n}`));
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
    // Another address has its own allowance.
    expect(await login('192.0.2.10', '198.51.100.1')).not.toBe(429);
  });

  it('counts the address a trusted proxy appended, not the ones the client wrote before it', async () => {
    const login = await productionApp({ TRUST_PROXY: '127.0.0.1' });
    // The client writes a new address each time; the proxy on loopback appends the one it saw.
    const statuses: number[] = [];
    for (let n = 1; n <= LIMIT + 1; n++)
      statuses.push(await login('127.0.0.1', `198.51.100.${n}, 203.0.113.5`));
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(statuses[LIMIT]).toBe(429);
    // Another client behind the same proxy is counted separately.
    expect(await login('127.0.0.1', '198.51.100.1, 203.0.113.6')).not.toBe(429);
    // A client reaching the port directly, not through the proxy, is counted by its own address.
    const direct: number[] = [];
    for (let n = 1; n <= LIMIT + 1; n++) direct.push(await login('192.0.2.20', `203.0.113.${100 + n}`));
    expect(direct[LIMIT]).toBe(429);
  });

  it('takes the address one hop from the right with TRUST_PROXY=1', async () => {
    const login = await productionApp({ TRUST_PROXY: '1' });
    const statuses: number[] = [];
    for (let n = 1; n <= LIMIT + 1; n++)
      statuses.push(await login('10.0.0.2', `198.51.100.${n}, 203.0.113.7`));
    expect(statuses[LIMIT]).toBe(429);
    expect(await login('10.0.0.2', '203.0.113.8')).not.toBe(429);
  });
});
