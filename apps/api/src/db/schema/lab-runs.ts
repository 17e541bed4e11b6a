import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { kits, projects } from './kits.ts';

/**
 * Runs, plates and controls (issue 34 item 7; decision 054): a sequencing run holds 96-well
 * plates, each well one kit's tube; the run holds its controls (an extraction blank and a positive
 * control), each checked against its project's expectation when uploaded. A failed or missing control
 * holds the run: none of its samples is approved or released until a LAB member re-checks or overrides it.
 */
export const labRuns = pgTable('lab_runs', {
  id: serial('id').primaryKey(),
  /** The sequencing run id, as the sequencer names it. */
  name: text('name').notNull().unique(),
  /** Whose control settings judge the run's controls. */
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** A LAB member's override of a failed control, with the reason; cleared by the next control upload. */
  overrideReason: text('override_reason'),
  overriddenBy: text('overridden_by'),
  overriddenAt: timestamp('overridden_at', { withTimezone: true }),
});

export const labPlates = pgTable('lab_plates', {
  id: serial('id').primaryKey(),
  /** The plate's barcode or name, unique across runs. */
  name: text('name').notNull().unique(),
  runId: integer('run_id')
    .notNull()
    .references(() => labRuns.id, { onDelete: 'cascade' }),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A plate's map: each well (A1–H12) holds one kit's tube or one control (an extraction blank or a
 * positive control, decision wells-controls-in-wells), never both; a kit is in one well of one plate at
 * a time.
 */
export const labPlateWells = pgTable(
  'lab_plate_wells',
  {
    plateId: integer('plate_id')
      .notNull()
      .references(() => labPlates.id, { onDelete: 'cascade' }),
    well: text('well').notNull(),
    /** The kit whose tube is in the well; null when the well holds a control. */
    kitId: integer('kit_id').references(() => kits.id, { onDelete: 'cascade' }),
    /** BLANK or POSITIVE when the well holds a control; null when it holds a kit's tube. */
    control: text('control'),
    placedBy: text('placed_by').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.plateId, t.well] }),
    uniqueIndex('lab_plate_wells_kit_idx').on(t.kitId),
    check('lab_plate_wells_kit_or_control', sql`(${t.kitId} is null) <> (${t.control} is null)`),
    check('lab_plate_wells_control_kind', sql`${t.control} is null or ${t.control} in ('BLANK', 'POSITIVE')`),
  ],
);

/** A run's control, as last uploaded and checked (a re-upload is the re-check). */
export const labRunControls = pgTable(
  'lab_run_controls',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => labRuns.id, { onDelete: 'cascade' }),
    /** BLANK (extraction blank) or POSITIVE (positive control, e.g. NIST RM 8048). */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    profileText: text('profile_text').notNull(),
    reads: integer('reads'),
    /** The Bray–Curtis distance to the reference (POSITIVE); null for a blank. */
    distance: doublePrecision('distance'),
    passed: boolean('passed').notNull(),
    /** What the check found, in words. */
    finding: text('finding').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lab_run_controls_kind_idx').on(t.runId, t.kind)],
);

/** A project's expectations of its runs' controls; a project without a row takes the defaults. */
export const projectLabControls = pgTable('project_lab_controls', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  /** The most reads an extraction blank may have and still be near-empty. */
  blankMaxReads: integer('blank_max_reads').notNull(),
  /** The largest Bray–Curtis distance of the positive control from its reference. */
  positiveMaxDistance: doublePrecision('positive_max_distance').notNull(),
  positiveName: text('positive_name').notNull(),
  /** The reference profile (MetaPhlAn) the positive control must match; null: none set yet. */
  positiveReference: text('positive_reference'),
});

/**
 * A lab move as one undoable act (issue 34 item 9): the kits it moved, each with its statuses before
 * and the timeline events the move wrote. Its author may undo it within a minute.
 */
export const labMoves = pgTable(
  'lab_moves',
  {
    id: serial('id').primaryKey(),
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    target: text('target').notNull(),
    /** What was moved: "batch", "plate P-1" or "run R-1". */
    scope: text('scope').notNull(),
    items: jsonb('items')
      .$type<
        {
          kitId: number;
          before: { kitStatus: string; sampleStatus: string | null };
          after: { kitStatus: string; sampleStatus: string | null };
          eventIds: number[];
        }[]
      >()
      .notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('lab_moves_actor_idx').on(t.actor, t.id)],
);
