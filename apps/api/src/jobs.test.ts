import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_QUEUE } from './features/data-rights/exports.service.ts';
import { createTestApp, type TestApp } from './test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the job queue of an app that does not work the queues (tests)', () => {
  it('refuses at once a job sent in a transaction before the queue is installed, rather than hanging', async () => {
    const sending = t.database.db.transaction((tx) =>
      t.app.jobs.send(EXPORT_QUEUE, { exportId: 'none' }, { tx }),
    );
    await expect(sending).rejects.toThrow('await app.jobs.ready() before the transaction');
  });

  it('sends a job in a transaction once ready() has installed the queue', async () => {
    await t.app.jobs.ready();
    const id = await t.database.db.transaction((tx) =>
      t.app.jobs.send(EXPORT_QUEUE, { exportId: 'none' }, { tx, startAfterSeconds: 3600 }),
    );
    expect(id).toEqual(expect.any(String));
  });
});
