import { afterAll, describe, expect, it } from 'vitest';
import {
  bearer,
  must,
  ops,
  PASSWORD,
  person,
  postgresReachable,
  scratchDatabase,
  send,
  sleep,
  startApi,
} from './harness.ts';

/**
 * kill -9 in the middle of an account closure (issue 23), then a restart on the same database: the job
 * is retried (its worker's heartbeat stops), resumes at the step it was in, and finishes; every paid
 * kit is refunded exactly once, and the person cannot sign in.
 */
const PAID_ORDERS = 3;
const KITS_PER_ORDER = 20;
const FREE_KITS = 100;

describe('crash (kill -9) during an account closure', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('resumes after the restart and refunds each kit once, on PostgreSQL', async (ctx) => {
    if (!(await postgresReachable())) ctx.skip();
    const db = await scratchDatabase();
    cleanups.push(() => db.drop());
    const env = { DATABASE_URL: db.url, PAYMENT_RATE_LIMIT: '1000' };
    const api = await startApi(env);
    cleanups.push(() => void api.kill('SIGKILL'));
    const who = await person(api.url);

    // Many unsent kits, so the kits step lasts long enough to be cut: paid ones and given ones.
    for (let i = 0; i < PAID_ORDERS; i++) {
      const card = await must<{ id: string }>(
        api.url,
        'POST',
        '/api/payments/test-tokens',
        { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
        bearer(who.token),
      );
      await must(
        api.url,
        'POST',
        '/api/orders',
        {
          purchaserEmail: who.email,
          purchaserFirstName: 'Rel',
          purchaserLastName: 'Iable',
          orderType: 'NEW',
          orderItems: Array.from({ length: KITS_PER_ORDER }, () => ({
            orderItemType: 'KIT',
            deliveryOption: 'SEND_LATER',
            unitPrice: 349,
          })),
          amount: 349 * KITS_PER_ORDER,
          stripeToken: card.id,
        },
        { ...bearer(who.token), 'idempotency-key': `closure-crash-${i}` },
      );
    }
    await must(api.url, 'POST', '/api/admin/kits', { count: FREE_KITS, ownerEmail: who.email }, ops);

    const closure = await must<{ id: string }>(
      api.url,
      'POST',
      '/api/me/closure',
      { password: PASSWORD, scope: 'EVERYTHING' },
      bearer(who.token),
    );
    // Killed once the kits step has refunded some kits but not finished.
    let killedAt: { steps: string[]; refunded: number } | null = null;
    for (let i = 0; i < 3000 && !killedAt; i++) {
      const [row] = await db.query<{ steps: string[]; refunded: number }>(
        `select steps_done as steps,
           (select count(*)::int from closure_refunds where closure_id = $1) as refunded
         from closure_requests where id = $1`,
        [closure.id],
      );
      if (row && row.refunded > 0 && !row.steps.includes('kits')) {
        api.kill('SIGKILL');
        killedAt = row;
      } else await sleep(5);
    }
    expect(killedAt, 'the closure was not caught in its kits step').not.toBeNull();
    await api.exited;

    const restarted = await startApi(env);
    cleanups.push(() => void restarted.kill('SIGKILL'));
    let state = '';
    for (let waited = 0; waited < 200_000 && state !== 'PROCESSED'; waited += 1000) {
      await sleep(1000);
      const [row] = await db.query<{ state: string }>('select state from closure_requests where id = $1', [
        closure.id,
      ]);
      state = row?.state ?? '';
    }
    expect(state).toBe('PROCESSED');

    const [row] = await db.query<{ steps: string[]; refunds: number; taken: number; keys: number }>(
      `select c.steps_done as steps,
         (select count(*)::int from closure_refunds r where r.closure_id = c.id) as refunds,
         (select count(*)::int from test_payment_refunds) as taken,
         (select count(distinct idempotency_key)::int from test_payment_refunds) as keys
       from closure_requests c where c.id = $1`,
      [closure.id],
    );
    expect(row?.steps).toEqual(['subscription', 'kits', 'research', 'samples', 'personal-records', 'erase']);
    const paid = PAID_ORDERS * KITS_PER_ORDER;
    expect(row).toMatchObject({ refunds: paid, taken: paid, keys: paid });
    const charges = await db.query<{ refunded: boolean }>(
      'select refunded_at is not null as refunded from test_payment_charges',
    );
    expect(charges.map((c) => c.refunded)).toEqual(Array(PAID_ORDERS).fill(true));
    const login = await send(restarted.url, 'POST', '/api/auth/login', {
      email: who.email,
      password: PASSWORD,
    });
    expect(login.status).toBe(401);
    restarted.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    console.log(
      `closure killed in its kits step after ${killedAt?.refunded} of ${paid} refunds; resumed and processed, ${row?.taken} refunds taken`,
    );
  });
});
