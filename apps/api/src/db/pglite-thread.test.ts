import { describe, expect, it } from 'vitest';
import { startPgliteThread } from './pglite-thread.ts';

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
