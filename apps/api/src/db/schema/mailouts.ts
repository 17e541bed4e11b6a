import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './kits.ts';
import { recruitments } from './recruitment.ts';
import { users } from './users.ts';

/**
 * A study mail-out (issue 35 item 7): a message a STUDY staff member wrote to a project's participants.
 * The message is rendered once, when it is sent, with a slot for each recipient's unsubscribe link
 * (`html`, `text`); each recipient's outbox row refers to it (outbox.mailout_id) and holds only the
 * address and that link, and the mail-out's batch jobs fill the slot as they send.
 */
export const mailouts = pgTable(
  'mailouts',
  {
    id: serial('id').primaryKey(),
    /** Its audience: a project's participants, or a recruitment's candidates (exactly one is set). */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    recruitmentId: integer('recruitment_id').references(() => recruitments.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many people it goes to: set when the recipients are written (null until then). */
    recipients: integer('recipients'),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /** Messages a second at most, as chosen when it was sent. */
    ratePerSecond: integer('rate_per_second').notNull(),
  },
  (t) => [
    index('mailouts_project_idx').on(t.projectId, t.createdAt),
    index('mailouts_recruitment_idx').on(t.recruitmentId, t.createdAt),
    check('mailouts_one_audience', sql`(${t.projectId} is null) <> (${t.recruitmentId} is null)`),
  ],
);
