import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { kits } from './kits.ts';

/** The lab's MetaPhlAn profile of a kit's sample and the report computed from it at import. */
export const labResults = pgTable(
  'lab_results',
  {
    id: serial('id').primaryKey(),
    kitId: integer('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'cascade' }),
    sampleIdentifier: text('sample_identifier').notNull(),
    database: text('database'),
    reportVersion: text('report_version').notNull(),
    profileText: text('profile_text').notNull(),
    report: jsonb('report').notNull(),
    /**
     * The same report as JSON text, written with it: the report read sends it on as it is, without asking
     * PostgreSQL to turn the jsonb into text on every read (decision 028). Null only before migration 0017.
     */
    reportText: text('report_text'),
    /**
     * The shape the stored report is in (REPORT_SHAPE of report-explanations.ts; decision 033), written
     * with it: the report read compares this number instead of testing the jsonb's keys. 0, the default,
     * is an older shape, rebuilt once on its first read.
     */
    reportShape: integer('report_shape').notNull().default(0),
    /**
     * What the journey reads of this report, written with it (decision 047): the six scores (a small
     * object) and the species list, each its own column so the journey of a person's reports does not
     * unpack every whole stored report on each read. Null on rows stored before migration 0036; the
     * journey then reads the report itself.
     */
    journeyScores: jsonb('journey_scores'),
    journeySpecies: jsonb('journey_species'),
    importedBy: text('imported_by'),
    /**
     * The lab's sign-off (issue 34 item 8): PENDING when stored, HELD (with qcNote) or APPROVED by a LAB
     * member other than the one who stored it (four eyes). Only APPROVED results are released; results
     * imported and released at once by `ops results:import` are APPROVED by the operator.
     */
    qcState: text('qc_state').notNull().default('PENDING'),
    qcNote: text('qc_note'),
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * sha-256 of the profile's abundances without its header lines (profileBody): another sample with
     * the same digest is a copied file, flagged and held (issue 34 item 8). Null before migration 0038.
     */
    profileDigest: text('profile_digest'),
    /** 0 for a first report; n for the n-th correction after a retraction ("amended report"). */
    amendment: integer('amendment').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lab_results_kit_key').on(t.kitId),
    index('lab_results_sample_idx').on(t.sampleIdentifier),
    index('lab_results_digest_idx').on(t.profileDigest),
  ],
);

/**
 * A retracted result, kept as it was when the lab withdrew it (issue 34 item 8): the person's portal no
 * longer shows it, and the corrected result stored after it is the next amendment.
 */
export const retractedResults = pgTable(
  'retracted_results',
  {
    id: serial('id').primaryKey(),
    kitId: integer('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'cascade' }),
    sampleIdentifier: text('sample_identifier').notNull(),
    amendment: integer('amendment').notNull(),
    database: text('database'),
    reportVersion: text('report_version').notNull(),
    profileText: text('profile_text').notNull(),
    report: jsonb('report').notNull(),
    importedBy: text('imported_by'),
    approvedBy: text('approved_by'),
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull(),
    retractedBy: text('retracted_by').notNull(),
    reason: text('reason').notNull(),
    retractedAt: timestamp('retracted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('retracted_results_kit_idx').on(t.kitId)],
);
