import { notificationText } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { outbox, users } from '../../db/schema/index.ts';
import { coachBookingMail } from '../../features/coach/coach-mail.ts';
import { startJobQueue } from '../../lib/job-queue.ts';
import { createTestDatabase, TEST_JWT_SECRET } from '../../test/helpers.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { enqueueCategoryMail } from './category-mail.ts';
import { mailJobs } from './dispatcher.ts';
import { notificationMail } from './notification-mail.ts';
import { queueMail } from './outbox.ts';
import { smtpTransport } from './transport.ts';

// Issue 35 item 8: the mail adapter sends through a real SMTP server (smtp-server, test/smtp-sink.ts)
// that offers STARTTLS with a certificate made for the test; what the server received is parsed with
// mailparser and checked: envelope, headers, the text and HTML parts, and the calendar attachment.

const FROM = 'Gut & Co <portal@example.com>';
const mail = { brand: 'Gut & Co', publicUrl: 'https://portal.example', supportEmail: 'help@example.com' };

let sink: SmtpSink;
let database: Database;
let userId: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  database = await createTestDatabase();
  const [row] = await database.db
    .insert(users)
    .values({ email: 'ann@example.com', passwordHash: 'x', firstName: 'Ann', lastName: 'Smtp' })
    .returning({ id: users.id });
  userId = row?.id ?? '';
});
afterAll(async () => {
  await sink.close();
  await database.close();
});

/** SMTP with STARTTLS required, trusting only the sink's own certificate. */
const transport = () =>
  smtpTransport(`smtp://127.0.0.1:${sink.port}?requireTLS=true`, FROM, { tls: { ca: sink.cert } });

async function lastReceived(count: number): Promise<{ parsed: ParsedMail; secure: boolean; to: string[] }> {
  await sink.waitFor(count);
  const received = sink.received[count - 1];
  if (!received) throw new Error('nothing received');
  return { parsed: await simpleParser(received.raw), secure: received.secure, to: received.to };
}

describe('mail over real SMTP with STARTTLS', () => {
  it('delivers a non-transactional mail from the outbox through the queue: headers, text and HTML as received', async () => {
    const before = sink.count();
    const jobs = await startJobQueue(
      database,
      mailJobs(database.db, transport(), { pollingIntervalSeconds: 0.5 }),
    );
    try {
      const ctx = { jwtSecret: TEST_JWT_SECRET, mail, jobs };
      await database.db.transaction((tx) =>
        enqueueCategoryMail(tx, ctx, { userId, category: 'KIT_PROGRESS' }, (unsubscribe) =>
          notificationMail(
            mail,
            { email: 'ann@example.com', firstName: 'Ann' },
            notificationText(
              {
                kind: 'kit-dispatched',
                kit: {
                  id: 7,
                  name: 'Kit 7',
                  sampleIdentifier: 'S-7',
                  kitStatus: 'DISPATCHED_BY_LAB',
                  sampleStatus: null,
                },
              },
              mail.brand,
            ),
            unsubscribe,
          ),
        ),
      );
      const { parsed, secure, to } = await lastReceived(before + 1);
      // The conversation was upgraded with STARTTLS before the message went.
      expect(secure).toBe(true);
      expect(to).toEqual(['ann@example.com']);
      expect(parsed.from?.text).toBe('"Gut & Co" <portal@example.com>');
      expect(parsed.subject).toBe('Your Gut & Co kit is on its way');
      // RFC 8058: the one-click address and the POST marker, as the mail client sees them.
      // (mailparser folds List-* headers into one object: the received lines are read as they came.)
      expect(headerLine(parsed, 'list-unsubscribe')).toMatch(
        /^<https:\/\/portal\.example\/api\/email-preferences\/one-click\?token=[^>\s]+>$/,
      );
      expect(headerLine(parsed, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      // Both parts, the same words; the HTML has the brand, the preheader and one button.
      expect(parsed.text).toContain('Hi Ann,');
      expect(parsed.text).toContain('https://portal.example/email-unsubscribe?token=');
      const html = String(parsed.html);
      expect(html).toContain('Hi Ann,');
      expect(html).toContain('Gut &amp; Co');
      expect(html).not.toMatch(/SLOT[A-Z]+SLOT/);
      expect(
        html.match(/<a\s[^>]*href="https:\/\/portal\.example\/[^"]*"[^>]*target="_blank"/g),
      ).toHaveLength(1);
      // The outbox records the delivery.
      await until(async () => {
        const rows = await database.db.select().from(outbox).where(eq(outbox.to, 'ann@example.com'));
        return rows.length === 1 && rows[0]?.sentAt !== null;
      });
    } finally {
      await jobs.stop();
    }
  });

  it("carries the coach booking's calendar file, in Brisbane time, as received", async () => {
    const before = sink.count();
    // 10:00 in Brisbane is 00:00 UTC.
    const startsAt = new Date('2026-12-01T00:00:00Z');
    const message = coachBookingMail(
      mail,
      { email: 'ann@example.com', firstName: 'Ann' },
      { id: 42, startsAt },
      'Kit 7',
    );
    const t = transport();
    await t.send(message);
    t.close?.();
    const { parsed, secure } = await lastReceived(before + 1);
    expect(secure).toBe(true);
    expect(parsed.text).toContain('Your Microbiome Coach call is booked for');
    expect(parsed.text).toContain('(Brisbane time)');
    const [ics] = parsed.attachments;
    expect(parsed.attachments).toHaveLength(1);
    expect(ics?.filename).toBe('coach-call.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const calendar = ics?.content.toString('utf8').replace(/\r\n[ \t]/g, '') ?? '';
    expect(calendar).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(calendar).toContain('BEGIN:VTIMEZONE\r\nTZID:Australia/Brisbane\r\n');
    expect(calendar).toContain('TZOFFSETTO:+1000');
    expect(calendar).toContain('DTSTART;TZID=Australia/Brisbane:20261201T100000\r\n');
    expect(calendar).toContain('DTEND;TZID=Australia/Brisbane:20261201T101500\r\n');
    expect(calendar).toContain('UID:coach-booking-42@portal.example');
  });

  it('keeps a transactional mail free of unsubscribe headers, through the outbox', async () => {
    const before = sink.count();
    const jobs = await startJobQueue(
      database,
      mailJobs(database.db, transport(), { pollingIntervalSeconds: 0.5 }),
    );
    try {
      const message = coachBookingMail(
        mail,
        { email: 'bob@example.com', firstName: 'Bob' },
        { id: 43, startsAt: new Date('2026-12-02T05:30:00Z') },
        'Kit 8',
      );
      await database.db.transaction((tx) => queueMail({ jobs }, tx, 'coach-booking', message));
      const { parsed } = await lastReceived(before + 1);
      expect(headerLine(parsed, 'list-unsubscribe')).toBeUndefined();
      expect(headerLine(parsed, 'list-unsubscribe-post')).toBeUndefined();
      // The attachment survived the outbox (a jsonb column) unchanged: 15:30 in Brisbane.
      expect(parsed.attachments[0]?.content.toString('utf8')).toContain(
        'DTSTART;TZID=Australia/Brisbane:20261202T153000',
      );
    } finally {
      await jobs.stop();
    }
  });

  it('refuses to send to a server whose certificate it does not trust, or that offers no STARTTLS', async () => {
    const before = sink.count();
    const untrusting = smtpTransport(`smtp://127.0.0.1:${sink.port}?requireTLS=true`, FROM);
    const message = coachBookingMail(
      mail,
      { email: 'ann@example.com', firstName: 'Ann' },
      { id: 44, startsAt: new Date('2026-12-01T00:00:00Z') },
      'Kit 7',
    );
    await expect(untrusting.send(message)).rejects.toThrow(/certificate/i);
    untrusting.close?.();
    const plain = await startSmtpSink({ tls: false });
    try {
      const t = smtpTransport(`smtp://127.0.0.1:${plain.port}?requireTLS=true`, FROM);
      await expect(t.send(message)).rejects.toThrow(/STARTTLS/i);
      t.close?.();
      expect(plain.count()).toBe(0);
    } finally {
      await plain.close();
    }
    expect(sink.count()).toBe(before);
  });
});

/** A header's value as the server received it, its folded lines joined. */
function headerLine(parsed: ParsedMail, key: string): string | undefined {
  const line = parsed.headerLines.find((h) => h.key === key)?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, '')
    .trim();
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
