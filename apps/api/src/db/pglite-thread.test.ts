import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteThread, startPgliteThread } from './pglite-thread.ts';

const LONG = 'select count(*) from generate_series(1, 3000000)';

describe('the embedded database thread', () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await startPgliteThread();
  });
  afterAll(async () => {
    await thread.close();
  });

  it('lets the server answer /healthz while a long statement runs', async () => {
    const server = http.createServer((_, res) => res.end('{"status":"ok"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const events: string[] = [];
      const long = thread.pool.query(LONG).then(() => events.push('statement done'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      events.push(`healthz ${health.status}`);
      await long;
      // With PGlite on the server's thread, the request would wait for the statement to finish.
      expect(events).toEqual(['healthz 200', 'statement done']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('runs named statements on a connection that replaces a lost one', async () => {
    // The backend keeps prepared statements across connections (it is one session): the replacement
    // must not fail with "prepared statement already exists".
    const named = (n: number) => ({ name: 'thread_test', text: 'select $1::int as n', values: [n] });
    const first = await thread.pool.connect();
    expect((await first.query(named(1))).rows).toEqual([{ n: 1 }]);
    first.release(true); // dropped, as a lost connection is
    expect((await thread.pool.query(named(2))).rows).toEqual([{ n: 2 }]);
  });
});

describe('the embedded database thread stopping', () => {
  it('fails the running and the later statements at once when the thread stops, instead of hanging', async () => {
    const thread = await startPgliteThread();
    try {
      expect((await thread.pool.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
      const outcome = (query: Promise<unknown>) =>
        query.then(
          () => 'answered',
          (error: Error) => error.message,
        );
      const running = outcome(thread.pool.query(LONG));
      const queued = outcome(thread.pool.query('select 2 as n'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await thread.kill();
      expect(await running).toMatch(/terminated/);
      expect(await queued).toMatch(/ENOENT|ECONNREFUSED/);
      await expect(thread.pool.query('select 3 as n')).rejects.toThrow();
    } finally {
      await thread.close();
    }
  });

  it('closes cleanly: the pool ends, the thread exits and its socket folder is removed', async () => {
    const thread = await startPgliteThread();
    const client = await thread.pool.connect();
    const socketDir = (client as unknown as { host: string }).host;
    client.release();
    expect(fs.existsSync(socketDir)).toBe(true);
    await thread.close();
    expect(fs.existsSync(socketDir)).toBe(false);
    await expect(thread.pool.query('select 1')).rejects.toThrow();
  });
});
