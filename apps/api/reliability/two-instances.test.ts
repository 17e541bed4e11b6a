import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Api,
  bearer,
  must,
  ops,
  person,
  postgresReachable,
  scratchDatabase,
  sleep,
  startApi,
} from './harness.ts';

/** A minimal SMTP server that accepts everything and keeps each message's recipients. */
async function smtpSink() {
  const received: string[][] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let rcpt: string[] = [];
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(rcpt);
          rcpt = [];
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'RCPT') {
          rcpt.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1').toLowerCase());
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    close: () => {
      server.close();
    },
  };
}

/**
 * Two API instances on one PostgreSQL database: each outbox message reaches the SMTP sink exactly once,
 * and concurrent renewal runs on both renew each due subscription exactly once (SKIP LOCKED claims).
 */
describe('two instances on one PostgreSQL', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('delivers outbox mail exactly once and renews each subscription exactly once', async (ctx) => {
    if (!(await postgresReachable())) ctx.skip();
    const db = await scratchDatabase();
    cleanups.push(() => db.drop());
    const sink = await smtpSink();
    cleanups.push(() => sink.close());
    const env = { DATABASE_URL: db.url, SMTP_URL: `smtp://127.0.0.1:${sink.port}` };
    // The first runs the migrations; the second starts on the migrated database.
    const a = await startApi(env);
    const b = await startApi(env);
    const apis: Api[] = [a, b];
    cleanups.push(() => {
      for (const api of apis) api.kill('SIGKILL');
    });

    // 30 password-reset emails (3 each, the reset quota), requested half through each instance.
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => person((apis[i % 2] as Api).url)));
    for (let round = 0; round < 3; round++)
      await Promise.all(
        people.map((p, i) =>
          must((apis[(i + round) % 2] as Api).url, 'POST', '/api/auth/password-reset', { email: p.email }),
        ),
      );
    const { n: queued } = await db.one<{ n: number }>(
      'select count(*)::int n from outbox where not withheld',
    );
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { n } = await db.one<{ n: number }>(
        'select count(*)::int n from outbox where sent_at is null and not withheld',
      );
      if (n === 0) break;
      await sleep(250);
    }
    await sleep(3000); // a duplicate send would show up by now
    const perRecipient = new Map<string, number>();
    for (const rcpts of sink.received)
      for (const r of rcpts) perRecipient.set(r, (perRecipient.get(r) ?? 0) + 1);
    const delivered = sink.received.length;
    expect(delivered).toBe(queued);
    for (const p of people) expect(perRecipient.get(p.email.toLowerCase())).toBe(3);

    // Subscriptions: 6 people subscribe, all made due, then renewal runs on both instances at once, three times.
    for (let i = 0; i < 6; i++) {
      // One active subscription per person.
      const buyer = people[i] as { email: string; token: string };
      const card = await must<{ id: string }>(
        a.url,
        'POST',
        '/api/payments/test-tokens',
        { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
        bearer(buyer.token),
      );
      await must(
        a.url,
        'POST',
        '/api/orders',
        {
          purchaserEmail: buyer.email,
          purchaserFirstName: 'Rel',
          purchaserLastName: 'Iable',
          orderType: 'NEW',
          orderItems: [
            {
              orderItemType: 'SUBSCRIPTION',
              deliveryOption: 'SEND_NOW_MY_ADDRESS',
              subscriptionType: 'EVERY_TWELVE_MONTHS',
              unitPrice: 315,
              deliveryAddress: {
                addressLine1: '1 George St',
                suburb: 'Brisbane City',
                state: 'QLD',
                postcode: '4000',
              },
            },
          ],
          amount: 315,
          stripeToken: card.id,
        },
        { ...bearer(buyer.token), 'idempotency-key': `two-instances-${i}` },
      );
    }
    await db.query(`update subscriptions set next_renewal_at = now() - interval '1 hour'`);
    let renewed = 0;
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        apis.map((api) =>
          must<{ renewed: number }>(api.url, 'POST', '/api/admin/subscriptions/renew', {}, ops),
        ),
      );
      renewed += results.reduce((sum, r) => sum + r.renewed, 0);
    }
    const subs = await db.query<{ renewals: number }>('select renewals from subscriptions');
    expect(subs).toHaveLength(6);
    expect(subs.every((s) => s.renewals === 1)).toBe(true);
    expect(renewed).toBe(6);
    console.log(
      `two instances: ${delivered} emails for ${queued} outbox rows, none twice; ${renewed} renewals for 6 due subscriptions`,
    );
  });
});
