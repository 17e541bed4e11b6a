import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { deliverPending } from './dispatcher.ts';
import { enqueueMail, type MailMessage } from './outbox.ts';
import type { MailTransport } from './transport.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const message = (to: string): MailMessage => ({
  to,
  subject: 'Hello',
  text: 'Hi',
  html: '<p>Hi</p>',
  links: [],
});
const recorder = () => {
  const sent: string[] = [];
  const transport: MailTransport = {
    async send(m) {
      await new Promise((r) => setTimeout(r, 5));
      sent.push(m.to);
    },
  };
  return { sent, transport };
};

describe('outbox dispatcher', () => {
  it('sends each pending message once and marks it sent', async () => {
    await enqueueMail(database.db, message('one@example.com'));
    await enqueueMail(database.db, message('two@example.com'));
    const { sent, transport } = recorder();
    expect(await deliverPending(database.db, transport)).toBe(2);
    expect(await deliverPending(database.db, transport)).toBe(0);
    expect(sent).toEqual(['one@example.com', 'two@example.com']);
    const rows = await database.db.select().from(outbox).orderBy(asc(outbox.id));
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });

  it('keeps a failed message with a backoff and the error, then sends it later', async () => {
    await enqueueMail(database.db, message('flaky@example.com'));
    const failing: MailTransport = {
      send: async () => {
        throw new Error('SMTP 451 try later');
      },
    };
    expect(await deliverPending(database.db, failing)).toBe(0);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.to, 'flaky@example.com'));
    expect(row).toMatchObject({ sentAt: null, attempts: 1, lastError: 'SMTP 451 try later' });
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    const { sent, transport } = recorder();
    expect(await deliverPending(database.db, transport)).toBe(0);
    await database.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outbox.to, 'flaky@example.com'));
    expect(await deliverPending(database.db, transport)).toBe(1);
    expect(sent).toEqual(['flaky@example.com']);
  });

  it('never sends a message twice when several dispatchers run at once', async () => {
    for (let i = 0; i < 30; i++) await enqueueMail(database.db, message(`bulk${i}@example.com`));
    const { sent, transport } = recorder();
    for (let round = 0; round < 5; round++) {
      await Promise.all([1, 2, 3].map(() => deliverPending(database.db, transport, undefined, 4)));
    }
    expect(sent.filter((to) => to.startsWith('bulk')).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `bulk${i}@example.com`).sort(),
    );
  });
});
