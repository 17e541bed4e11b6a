import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE } from './adapters/mail/outbox.ts';
import { outbox } from './db/schema/index.ts';
import { EXPORT_QUEUE } from './features/data-rights/exports.service.ts';
import { createTestApp, PASSWORD, type TestApp, uniqueEmail } from './test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the job queue of an app that does not work the queues (tests)', () => {
  it('is installed once the app is ready: a job sent in a transaction needs no ready() first', async () => {
    const id = await t.database.db.transaction((tx) =>
      t.app.jobs.send(EXPORT_QUEUE, { exportId: 'none' }, { tx, startAfterSeconds: 3600 }),
    );
    expect(id).toEqual(expect.any(String));
  });

  it("queues a request's mail with its job, and works none of them", async () => {
    const email = uniqueEmail('queued');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: PASSWORD, firstName: 'Job', lastName: 'Queue' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.to, email));
    const { jobs } = await t.app.jobs.list({ queue: MAIL_QUEUE, limit: 1000 });
    const job = jobs.find((j) => (j.data as { outboxId: number }).outboxId === row?.id);
    expect(job).toMatchObject({ state: 'created' });
  });
});
