import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A questionnaire's stored progress: completed and total questions, under this definition version. */
export type StoredProgress = readonly [completed: number, total: number, definitionVersion: number];
export type StoredProgressMap = Record<string, StoredProgress | null>;

/** A research project or the consumer product line; kits belong to one. */
export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  contactName: text('contact_name'),
  phone: text('phone'),
  email: text('email'),
  /** LAB_MANAGED: we post the kit; CLIENT_MANAGED: the study hands kits out (no self-send button). */
  logisticType: text('logistic_type').notNull().default('LAB_MANAGED'),
  resultDeliveryType: text('result_delivery_type'),
  exerciseSurveyEnabled: boolean('exercise_survey_enabled').notNull().default(true),
  foodSurveyEnabled: boolean('food_survey_enabled').notNull().default(true),
  medicalSurveyEnabled: boolean('medical_survey_enabled').notNull().default(true),
  mentalSurveyEnabled: boolean('mental_survey_enabled').notNull().default(true),
  samplingSurveyEnabled: boolean('sampling_survey_enabled').notNull().default(true),
  infantDemographicAndMilkFeedingEnabled: boolean('infant_demographic_enabled').notNull().default(false),
  infantDayOfSamplingEnabled: boolean('infant_day_of_sampling_enabled').notNull().default(false),
  infantMedicalHistoryEnabled: boolean('infant_medical_history_enabled').notNull().default(false),
  /** Whether owners may give its kits to someone else. */
  givingAllowed: boolean('giving_allowed').notNull().default(true),
  /**
   * The lab steps a sample of this project must each have been through (a kit event of that sample
   * status) before the console stores its result (issue 34 item 6). Empty: no step is required.
   */
  requiredLabSteps: text('required_lab_steps')
    .array()
    .notNull()
    .default(sql`ARRAY['ACCESSIONING','DNA_EXTRACTION','DNA_LIBRARY_PREP','SEQUENCING']::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Bumped by every staff edit; an edit from an older version is refused (409, issue 33 item 16). */
  version: integer('version').notNull().default(1),
});

export const kits = pgTable(
  'kits',
  {
    id: serial('id').primaryKey(),
    /** Unguessable id printed on the kit's requisition QR code. */
    hashedId: text('hashed_id').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name'),
    notes: text('notes'),
    kitStatus: text('kit_status').notNull().default('UNASSIGNED'),
    sampleStatus: text('sample_status'),
    sampleIdentifier: text('sample_identifier').notNull(),
    /** Stored normalised (upper case, no dashes). */
    voucherCode: text('voucher_code').notNull(),
    referralCode: text('referral_code'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    displayDate: text('display_date'),
    reportReceived: boolean('report_received').notNull().default(false),
    surveyResultId: text('survey_result_id'),
    /**
     * Questionnaire progress, so the kits list reads a few numbers per kit instead of every answer
     * (decision 029). Per questionnaire type: [completed, total, definition version], written by every
     * answer save and delete in the same transaction as the answer. No key while the questionnaire has
     * no answer; null (the whole column, or a type) only on kits from before decision 029: the list
     * computes those from the answers when it reads them, as it does for figures of an older version.
     */
    surveyProgress: jsonb('survey_progress').$type<StoredProgressMap | null>().default(sql`'{}'::jsonb`),
    /** Counts the answer changes of the kit: a save writes only if no other save came in between (decision 036). */
    answersVersion: integer('answers_version').notNull().default(0),
    /** A replacement kit points at the failed kit it replaces. */
    replacesKitId: integer('replaces_kit_id'),
    /** Staff refunded this kit's order in full (issue 34): the card reads "Refunded" until a sample comes back. */
    orderRefundedAt: timestamp('order_refunded_at', { withTimezone: true }),
    shipFirstName: text('ship_first_name'),
    shipLastName: text('ship_last_name'),
    shipAddressLine1: text('ship_address_line1'),
    shipAddressLine2: text('ship_address_line2'),
    shipSuburb: text('ship_suburb'),
    shipState: text('ship_state'),
    shipPostcode: text('ship_postcode'),
    shipGnafId: text('ship_gnaf_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kits_voucher_key').on(t.voucherCode),
    uniqueIndex('kits_hashed_id_key').on(t.hashedId),
    uniqueIndex('kits_sample_identifier_key').on(t.sampleIdentifier),
    index('kits_owner_idx').on(t.ownerId),
    // A replaced kit's card names its replacement; few kits are replacements, so the index is partial.
    index('kits_replaces_kit_idx').on(t.replacesKitId).where(sql`${t.replacesKitId} is not null`),
    // The staff console's kit search pages by keyset on (updated_at, id), filtered by one of these
    // (decision 037): each filter reads its page straight off an index, however many kits there are.
    index('kits_updated_idx').on(t.updatedAt, t.id),
    index('kits_status_updated_idx').on(t.kitStatus, t.updatedAt, t.id),
    index('kits_sample_status_updated_idx').on(t.sampleStatus, t.updatedAt, t.id),
    index('kits_project_updated_idx').on(t.projectId, t.updatedAt, t.id),
    // The console's referral codes count the kits that carry each; few kits carry one.
    index('kits_referral_code_idx').on(t.referralCode).where(sql`${t.referralCode} is not null`),
  ],
);

/** One row per status change or milestone of a kit: the timeline. */
export const kitEvents = pgTable(
  'kit_events',
  {
    id: serial('id').primaryKey(),
    kitId: integer('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** Who caused it: the owner, an operator, or null for the system. */
    actor: text('actor'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kit_events_kit_idx').on(t.kitId, t.at)],
);

/** A kit given to someone by email, shown to the giver under Kits Given to Others. */
export const sentKits = pgTable(
  'sent_kits',
  {
    id: serial('id').primaryKey(),
    kitId: integer('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'cascade' }),
    giverId: uuid('giver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverEmail: text('receiver_email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sent_kits_giver_idx').on(t.giverId), uniqueIndex('sent_kits_kit_key').on(t.kitId)],
);

/** Practitioner referral codes (stored without the REF prefix, upper case). */
export const referralCodes = pgTable('referral_codes', {
  code: text('code').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** Where share links chosen for this practitioner are emailed (issue 36 item 5); null: not offered. */
  email: text('email'),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

export type KitRow = typeof kits.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;

/**
 * Each kit logistics dispatched, in its day's dispatch batch (issue 34): the day in the portal's zone, in
 * the order scanned. The batch's packing slips, labels and manifest are printed again from it at any
 * time; `packVerifiedAt` is when the slip's barcode and the kit's were scanned together and matched.
 */
export const dispatchBatchKits = pgTable(
  'dispatch_batch_kits',
  {
    kitId: integer('kit_id')
      .primaryKey()
      .references(() => kits.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedBy: uuid('dispatched_by'),
    packVerifiedAt: timestamp('pack_verified_at', { withTimezone: true }),
    /** The carrier's consignment (adapters/carrier): its name, tracking number and tracking page. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
  },
  (t) => [index('dispatch_batch_kits_day_idx').on(t.day, t.dispatchedAt)],
);
