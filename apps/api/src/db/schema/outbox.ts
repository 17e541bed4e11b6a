import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Transactional outbox: written with the change that causes the message, delivered later. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * Extra headers of the message: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on every
     * non-transactional email; none on transactional ones.
     */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** The email category a person may switch off (EMAIL_CATEGORIES); null for transactional mail. */
    category: text('category'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the relay handed the message to the job queue (adapters/mail/dispatcher.ts); null until then. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
  },
  (t) => [index('outbox_unqueued_idx').on(t.id).where(sql`${t.queuedAt} is null and ${t.sentAt} is null`)],
);
