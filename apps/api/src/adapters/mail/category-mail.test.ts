import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { emailPreferences, outbox, users } from '../../db/schema/index.ts';
import { type JobQueue, startJobQueue } from '../../lib/job-queue.ts';
import { createTestDatabase, TEST_JWT_SECRET } from '../../test/helpers.ts';
import { enqueueCategoryMail } from './category-mail.ts';
import { deliverMessage, mailJobs } from './dispatcher.ts';
import { type MailMessage, queueMail } from './outbox.ts';
import { compose } from './templates.ts';
import { mailOptions } from './transport.ts';

let database: Database;
let userId: string;
let jobs: JobQueue;
const ctx = {
  jwtSecret: TEST_JWT_SECRET,
  mail: { brand: 'Gut & Co', publicUrl: 'https://portal.example', supportEmail: 'help@example.com' },
  get jobs() {
    return jobs;
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  // Sends the mail jobs and works none: the test delivers each message itself.
  jobs = await startJobQueue(database, mailJobs(database.db, null), { work: false });
  const [row] = await database.db
    .insert(users)
    .values({ email: 'mia@example.com', passwordHash: 'x', firstName: 'Mia', lastName: 'Mail' })
    .returning({ id: users.id });
  userId = row?.id ?? '';
});
afterAll(async () => {
  await jobs.stop();
  await database.close();
});

/** The raw MIME message nodemailer would send over SMTP, its folded header lines unfolded. */
async function rawMessage(message: MailMessage) {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transporter.sendMail(mailOptions('portal@example.com', message));
  return (info.message as Buffer).toString('utf8').replace(/\r\n(?=[ \t])/g, '');
}

describe('non-transactional mail', () => {
  it('reaches the SMTP server with List-Unsubscribe and List-Unsubscribe-Post; transactional mail without', async () => {
    const queued = await database.db.transaction((tx) =>
      enqueueCategoryMail(tx, ctx, { userId, category: 'RESEARCH_NEWS' }, (unsubscribe) =>
        compose(ctx.mail, 'mia@example.com', 'Study news', ['Hi Mia,'], undefined, unsubscribe),
      ),
    );
    expect(queued).toMatchObject({ withheld: false });
    await database.db.transaction((tx) =>
      queueMail(ctx, tx, 'verify-email', compose(ctx.mail, 'mia@example.com', 'Verify', ['Hi Mia,'])),
    );
    const rows = await database.db.select().from(outbox).where(eq(outbox.to, 'mia@example.com'));
    const sent: MailMessage[] = [];
    for (const row of rows)
      await deliverMessage(database.db, { send: async (m) => void sent.push(m) }, row.id);
    const [news, verify] = sent as [MailMessage, MailMessage];

    const raw = await rawMessage(news);
    expect(raw).toMatch(
      /^List-Unsubscribe: <https:\/\/portal\.example\/api\/email-preferences\/one-click\?token=[^>\s]+>\r?$/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(news.text).toContain('https://portal.example/email-unsubscribe?token=');
    const plain = await rawMessage(verify);
    expect(plain).not.toMatch(/List-Unsubscribe/i);
  });

  it('is not queued at all when the person has switched its category off', async () => {
    await database.db
      .insert(emailPreferences)
      .values({ userId, category: 'OFFERS', subscribed: false, source: 'PROFILE' });
    const before = await database.db.select().from(outbox);
    const queued = await database.db.transaction((tx) =>
      enqueueCategoryMail(tx, ctx, { userId, category: 'OFFERS' }, (u) =>
        compose(ctx.mail, 'mia@example.com', 'Half price', ['Hi Mia,'], undefined, u),
      ),
    );
    expect(queued).toBeNull();
    expect(await database.db.select().from(outbox)).toEqual(before);
  });
});
