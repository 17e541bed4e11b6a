import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentError, type PaymentProvider } from '../../adapters/payments/payments.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { createTestApp, signedInUser, type TestApp } from '../../test/helpers.ts';
import { RENEWALS_QUEUE } from './renewals.ts';

/** A provider that declines every charge: a renewal run shows as the subscription's last error. */
const charges: string[] = [];
const declining = {
  async charge(request: { idempotencyKey: string }) {
    charges.push(request.idempotencyKey);
    throw new PaymentError('declined', 'Declined in the renewals test');
  },
} as unknown as PaymentProvider;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    { workJobs: true, payments: declining, jobTuning: { pollingIntervalSeconds: 0.5 } },
  );
});
afterAll(() => t.close());

describe('subscription renewals through the job queue', () => {
  it('is scheduled every minute, and a renewals job renews a due subscription once', async () => {
    const schedules = await t.database.db.execute(sql`select name, cron from pgboss.schedule`);
    expect((schedules as unknown as { rows: unknown[] }).rows).toContainEqual({
      name: RENEWALS_QUEUE,
      cron: '* * * * *',
    });

    const user = await signedInUser(t.app);
    const [sub] = await t.database.db
      .insert(subscriptions)
      .values({
        consumerUserId: user.id,
        subscriptionType: 'EVERY_THREE_MONTHS',
        unitPriceCents: 27900,
        intervalMonths: 3,
        paymentCustomer: 'test-customer',
        provider: 'embedded',
        addressLine1: '1 Test St',
        suburb: 'Testville',
        state: 'VIC',
        postcode: '3000',
        nextRenewalAt: new Date(Date.now() - 60_000),
      })
      .returning();
    if (!sub) throw new Error('no subscription');

    // Two jobs at once (as two instances' cron passes could be): the subscription is charged once.
    await Promise.all([t.app.jobs.send(RENEWALS_QUEUE, {}), t.app.jobs.send(RENEWALS_QUEUE, {})]);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { queues } = await t.app.jobs.list({ queue: RENEWALS_QUEUE });
      const done = queues[0]?.counts.completed ?? 0;
      if (done >= 1 && !queues[0]?.counts.created && !queues[0]?.counts.active) break;
      if (Date.now() > deadline) throw new Error(`renewals did not run: ${JSON.stringify(queues)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const [after] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after?.lastRenewalError).toBe('Declined in the renewals test');
    expect(charges).toEqual([`renewal-${sub.id}-1`]);
  }, 30_000);
});
