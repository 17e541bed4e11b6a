import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Transactional outbox: written with the change that causes the message, in its transaction, together
 * with the message's `mail` job (adapters/mail/outbox.ts, decision 043); the record of what was sent.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    /** What the message is (MAIL_QUOTAS in adapters/mail/outbox.ts): each kind has its per-recipient quota. */
    kind: text('kind').notNull().default('other'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * Extra headers of the message: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on every
     * non-transactional email; none on transactional ones.
     */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** Text files sent with the message (MailAttachment): the coach booking's calendar invitation. */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The study mail-out this message belongs to (mailouts): its words are the mail-out's, with this
     * row's unsubscribe link (links[0]) in the slot; its text and html here stay empty.
     */
    mailoutId: integer('mailout_id'),
    /** The email category a person may switch off (EMAIL_CATEGORIES); null for transactional mail. */
    category: text('category'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * Never sent: past its kind's quota for this recipient, or a reset for an address with no account.
     * The row keeps the address, kind and time only (no subject, text or links), so the request that
     * made it did the same work as one that mails.
     */
    withheld: boolean('withheld').notNull().default(false),
    /**
     * The mail server refused the address: HARD (for good: unknown user, no such domain; a 5xx answer or
     * a bounce report) or SOFT (a full mailbox). Three hard bounces mark the address undeliverable.
     */
    bounce: text('bounce'),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
  },
  // The quota's count: this recipient's mails of one kind in the last hour.
  (t) => [
    index('outbox_recipient_kind_idx').on(t.to, t.kind, t.createdAt),
    // A mail-out's recipients, each once (a retried chunk skips those written), and its progress.
    uniqueIndex('outbox_mailout_recipient_key').on(t.mailoutId, t.to).where(sql`${t.mailoutId} is not null`),
  ],
);
