import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SessionPool, startPgliteThread } from './pglite-thread.ts';

const LONG = 'select count(*) from generate_series(1, 3000000)';

describe('the embedded database thread', () => {
  it('lets the server answer /healthz while a long statement runs', async () => {
    const thread = await startPgliteThread();
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
      await thread.close();
    }
  });

  it('fails every statement, waiting or new, when the thread stops, instead of leaving it hanging', async () => {
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
      await thread.kill();
      expect(await running).toMatch(/stopped|terminated/);
      expect(await queued).toMatch(/stopped|terminated/);
      await expect(thread.pool.query('select 3 as n')).rejects.toThrow();
    } finally {
      await thread.close();
    }
  });

  it('closes cleanly: the thread exits and later statements fail', async () => {
    const thread = await startPgliteThread();
    expect((await thread.pool.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
    await thread.close();
    await expect(thread.pool.query('select 1')).rejects.toThrow();
  });
});

describe('the embedded database session', () => {
  it('keeps the next transaction’s hold when an earlier one is released twice', async () => {
    const sent: string[] = [];
    const client = {
      query: async (text: string) => {
        sent.push(text);
        return { rows: [] };
      },
    } as unknown as pg.Client;
    const session = new SessionPool(client);
    const first = await session.connect();
    const second = session.connect();
    first.release();
    const next = await second;
    first.release();
    // The second transaction still holds the session: a statement from elsewhere waits for it.
    const outside = session.query('outside');
    await next.query('inside');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(sent).toEqual(['inside']);
    next.release();
    await outside;
    expect(sent).toEqual(['inside', 'outside']);
  });
});
