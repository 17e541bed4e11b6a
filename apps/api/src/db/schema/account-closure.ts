import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { kits } from './kits.ts';
import { users } from './users.ts';

/**
 * "Close my account" (issue 23, decision 039): one request per person. The request locks the account at
 * once; the closure job then works through its steps, recording each one done in `steps_done`, so a job
 * that dies half-way resumes where it stopped. The person's users row stays as an anonymous tombstone, the
 * link that the orders kept for tax and the record of consents point at.
 */
export const closureRequests = pgTable(
  'closure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** RESEARCH or EVERYTHING (CLOSURE_SCOPES). */
    scope: text('scope').notNull(),
    /** RECEIVED, then PROCESSED. */
    state: text('state').notNull().default('RECEIVED'),
    /** PERSON (My Profile) or OPERATOR (ops user:close, for a request by post or phone). */
    requestedBy: text('requested_by').notNull(),
    /** The session that asked: its access token may still read this request's state, and nothing else. */
    sessionId: uuid('session_id'),
    /** Where the confirmation goes, and the name it greets; erased when the closure is processed. */
    email: text('email'),
    firstName: text('first_name'),
    /** A keyed hash of the email, so a second request by post or phone finds this one. */
    emailHash: text('email_hash').notNull(),
    stepsDone: text('steps_done').array().notNull().default(sql`'{}'::text[]`),
    /** Projects whose contact has been told of the withdrawal. */
    notifiedProjects: integer('notified_projects').array().notNull().default(sql`'{}'::integer[]`),
    lastError: text('last_error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** The confirmation in the outbox; its address and text are erased once it has been delivered. */
    confirmationMailId: bigint('confirmation_mail_id', { mode: 'number' }),
    mailErasedAt: timestamp('mail_erased_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('closure_requests_user_key').on(t.userId),
    index('closure_requests_email_hash_idx').on(t.emailHash),
  ],
);

/** A paid, unsent kit refunded by a closure: recorded so that a resumed closure never refunds twice. */
export const closureRefunds = pgTable(
  'closure_refunds',
  {
    closureId: uuid('closure_id')
      .notNull()
      .references(() => closureRequests.id, { onDelete: 'cascade' }),
    kitId: integer('kit_id').notNull(),
    paymentId: text('payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.closureId, t.kitId] })],
);

/**
 * The lab's job list after "delete everything you can": each sample it still holds (or that is on its
 * way to it), to be destroyed and marked so (ops samples:to-destroy, sample:destroyed). Only the sample's
 * identifier: nothing here says whose it was.
 */
export const sampleDestructions = pgTable(
  'sample_destructions',
  {
    id: serial('id').primaryKey(),
    sampleIdentifier: text('sample_identifier').notNull(),
    kitId: integer('kit_id').references(() => kits.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    destroyedAt: timestamp('destroyed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sample_destructions_sample_key').on(t.sampleIdentifier)],
);

export type ClosureRequestRow = typeof closureRequests.$inferSelect;
