import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { kits } from './kits.ts';

/**
 * What the lab recorded when a sample arrived (issue 34 item 11, decision 061): the tube's
 * condition, its collection date (from the Day of sampling questionnaire, else entered at the bench) and
 * the days in transit, and where it is stored. A tube not intact is quarantined: it waits for a LAB
 * member's decision (released back to the flow, or failed) while the sample stays RECEIVED_BY_LAB, so
 * the person's timeline says only what is true ("Sample received by lab").
 */
export const sampleReceipts = pgTable(
  'sample_receipts',
  {
    kitId: integer('kit_id')
      .primaryKey()
      .references(() => kits.id, { onDelete: 'cascade' }),
    /** INTACT, LEAKED, UNLABELLED or LATE (RECEIPT_CONDITIONS). */
    condition: text('condition').notNull(),
    collectionDate: date('collection_date', { mode: 'string' }),
    /** QUESTIONNAIRE (the person's Day of sampling answer) or ENTERED (typed at receipt). */
    collectionDateSource: text('collection_date_source'),
    transitDays: integer('transit_days'),
    freezer: text('freezer').notNull(),
    box: text('box').notNull(),
    position: text('position').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    receivedBy: text('received_by'),
    /** Set when the sample went into quarantine; the quarantine is open while `decision` is null. */
    quarantinedAt: timestamp('quarantined_at', { withTimezone: true }),
    quarantineReason: text('quarantine_reason'),
    /** RELEASED (back to the flow) or FAILED (the sample failed with `failure`). */
    decision: text('decision'),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (t) => [
    // One tube per place: a position holds one sample.
    uniqueIndex('sample_receipts_place_key').on(t.freezer, t.box, t.position),
    // The quarantine list and the "tubes not intact" queue read only the few such receipts.
    index('sample_receipts_open_quarantine_idx')
      .on(t.quarantinedAt)
      .where(sql`${t.quarantinedAt} is not null and ${t.decision} is null`),
    index('sample_receipts_not_intact_idx').on(t.receivedAt).where(sql`${t.condition} <> 'INTACT'`),
  ],
);

/**
 * A results upload parsed and scored once (issue 34 item 10, decision 061): the preview stores
 * each profile's outcome here under an upload id, and the confirm stores from it without sending,
 * parsing or scoring again. In the database, not in a process's memory, so the confirm may reach another
 * instance of the app; expired rows are removed by the next upload.
 */
export const resultsUploads = pgTable(
  'results_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The staff member (user id) or 'operator' who previewed it: only they confirm it. */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Each profile's parsed outcome as JSON text (its sample, file, text, report and checks, or its
     * refusal): written once and read once whole, so text, not jsonb the database would take apart.
     */
    items: text('items').notNull(),
    /** Set by the confirm that stored it: a second confirm is refused. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('results_uploads_expires_idx').on(t.expiresAt)],
);
