import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SessionPool, startPgliteThread } from './pglite-thread.ts';

describe('the embedded database thread', () => {
  it('fails every statement, waiting or new, when the thread stops, instead of leaving it hanging', async () => {
    const thread = await startPgliteThread();
    try {
      expect((await thread.pool.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
      const running = thread.pool.query('select count(*) from generate_series(1, 3000000)');
      const queued = thread.pool.query('select 2 as n');
      await thread.kill();
      await expect(running).rejects.toThrow();
      await expect(queued).rejects.toThrow();
      await expect(thread.pool.query('select 3 as n')).rejects.toThrow();
    } finally {
      await thread.close();
    }
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
